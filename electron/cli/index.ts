// The `skill-inspector` command. Each subcommand lives in its own module.
import { runCli } from './run.js';

process.exitCode = await runCli(process.argv.slice(2));
