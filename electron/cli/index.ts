// The `skill-inspector` command. Each subcommand lives in its own module.
import { fileURLToPath } from 'node:url';
import { runCli } from './run.js';
import { ignoreStderrFailures, watchStdout } from './stdout-gone.js';

// A reader that stops early (`skill-inspector check | head`) or a full disk: the exit code still says the verdict, or 2 (stdout-gone.ts).
const stdout = watchStdout(process.argv[2]);
ignoreStderrFailures();

// The review worker is built beside this file (electron.vite.config.ts): check reviews in its pool.
process.exitCode = stdout.exitCode(await runCli(process.argv.slice(2), process.stdout, process.stderr, { reviewWorker: fileURLToPath(new URL('./review-worker.js', import.meta.url)) }));
