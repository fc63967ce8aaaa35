// `npm run web`: the app in any browser, served on 127.0.0.1.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { APP_VERSION } from '../app-version.js';
import { DataDirUnusable, defaultDataDir } from '../data-dir.js';
import { createInspector, type Inspector } from '../inspector.js';
import { DataDirInUse } from '../storage/instance-lock.js';
import { startWebServer } from './bridge-server.js';

const here = path.dirname(fileURLToPath(import.meta.url));

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
    'no-demo': { type: 'boolean', default: false },
    'no-connect': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`skill-inspector web: --port must be 0–65535, got "${values.port}".\n`);
  process.exit(2);
}

let inspector: Inspector;
try {
  inspector = await createInspector({
    dataDir: values['data-dir'] ?? defaultDataDir(),
    mode: 'browser',
    appVersion: APP_VERSION,
    demoTransport: () => ({ kind: 'stdio', command: process.execPath, args: [path.join(here, 'cli.js'), 'demo-server'], env: {} }),
    // Content reviews run in the pool of the worker built beside this file.
    reviewWorker: path.join(here, 'review-worker.js'),
    seedDemo: !values['no-demo'],
    autoConnect: !values['no-connect'],
  });
} catch (error) {
  // Another instance holds the data folder, or it cannot be made: say which and why, and stop before serving anything.
  if (!(error instanceof DataDirInUse) && !(error instanceof DataDirUnusable)) throw error;
  process.stderr.write(`skill-inspector web: ${error.message}\n`);
  process.exit(1);
}
const web = await startWebServer({ inspector, staticDir: path.resolve(here, '../renderer'), port });

if (values.json) {
  process.stdout.write(`${JSON.stringify({ url: web.url, pageUrl: web.pageUrl, token: web.token, port: web.port })}\n`);
} else {
  process.stdout.write(`Skill Inspector is running in browser mode. Open this address (it carries this launch's access token):\n  ${web.pageUrl}\n`);
}

const stop = async () => {
  await web.close();
  await inspector.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
