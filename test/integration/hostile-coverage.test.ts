// Keeps the hostile suite honest: every behaviour the fixture server knows has
// a test that starts it and a line in docs/reliability.md saying what the app
// shows; an unknown behaviour is refused by the fixture itself.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BEHAVIOURS, HOSTILE_SERVER } from '../fixtures/hostile/harness.js';
import { ROOT } from '../support/paths.js';

const here = import.meta.dirname;
const tests = readdirSync(here)
  .filter((name) => /^hostile-.*\.test\.ts$/.test(name) && name !== path.basename(import.meta.filename))
  .map((name) => readFileSync(path.join(here, name), 'utf8'));
const docs = readFileSync(path.join(ROOT, 'docs', 'reliability.md'), 'utf8');

describe('hostile suite coverage', () => {
  it('has more than 30 behaviours', () => {
    expect(BEHAVIOURS.length).toBeGreaterThan(30);
  });

  it.each(BEHAVIOURS.map((b) => [b.name]))('%s is attacked by a test and documented', (name) => {
    expect(tests.some((source) => source.includes(`'${name}'`))).toBe(true);
    expect(docs).toContain(`\`${name}\``);
  });

  it('the fixture refuses a behaviour it does not know, naming the ones it does', () => {
    const run = spawnSync(process.execPath, [HOSTILE_SERVER, 'no-such-behaviour'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^hostile-server: unknown behaviour "no-such-behaviour"; known: honest, /);
  });
});
