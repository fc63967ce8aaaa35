// The initial script a built index.html names: its module entry and module
// preloads (not its stylesheets, not a script that is not a module).
import { describe, expect, it } from 'vitest';
import { initialAssets } from './cold-start-run.js';

describe('the initial assets of the built page', () => {
  it('lists the entry script and module preloads apart from the stylesheets', () => {
    const html = `<!doctype html><html><head>
    <script type="module" crossorigin src="./assets/index-DDaaozw5.js"></script>
    <link rel="modulepreload" crossorigin href="./assets/rolldown-runtime-XKyaHtl9.js">
    <link rel="modulepreload" crossorigin href="./assets/react-Ab12.js">
    <link rel="stylesheet" crossorigin href="./assets/index-DKNUJLAt.css">
    <link rel="icon" href="data:," />
    <script src="./legacy.js"></script>
    </head><body><div id="root"></div></body></html>`;
    expect(initialAssets(html)).toEqual({
      scripts: ['./assets/index-DDaaozw5.js', './assets/rolldown-runtime-XKyaHtl9.js', './assets/react-Ab12.js'],
      stylesheets: ['./assets/index-DKNUJLAt.css'],
    });
  });
});
