// The `skill-inspector` command. Each subcommand lives in its own module.
import { fileURLToPath } from 'node:url';
import { runCli } from './run.js';

// A reader that stops early (`skill-inspector check | head`) closes the pipe: stop quietly, as other tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  throw error;
});

// The review worker is built beside this file (electron.vite.config.ts): check reviews in its pool.
process.exitCode = await runCli(process.argv.slice(2), process.stdout, process.stderr, { reviewWorker: fileURLToPath(new URL('./review-worker.js', import.meta.url)) });
