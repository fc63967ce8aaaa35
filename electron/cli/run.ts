// The `skill-inspector` command line: which command runs, and what exit code
// it ends with. Exit codes, the same for every command:
//   0  clean: no findings at or above --fail-on, no drift, no difference
//   1  findings at or above --fail-on (check); drift (verify); a difference (diff); nothing lockable (lock)
//   2  bad usage (unknown command or flag, unreadable --config or lockfile, unknown --server) or cannot connect
import { ConnectFailure, LockfileError } from './command-errors.js';
import type { SessionOptions } from './session.js';
import type { Streams } from './streams.js';
import { forTerminal, linesForTerminal } from './terminal-text.js';
import { UsageError } from './usage-error.js';
import { USAGE } from './usage.js';

export { USAGE };

// Each command is imported when it runs, not before: a command loads only its own code.
export async function runCli(argv: string[], out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr, session: SessionOptions = {}): Promise<number> {
  const io: Streams = { out, err };
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'check':
        return await (await import('./check-command.js')).checkCommand(rest, io, session);
      case 'watch':
        return await (await import('./watch-command.js')).watchCommand(rest, io, session);
      case 'lock':
        return await (await import('./lock-command.js')).lockCommand(rest, io);
      case 'verify': {
        const receipts = await import('./verify-receipts-command.js');
        return receipts.wantsReceipts(rest) ? await receipts.verifyReceiptsCommand(rest, io) : await (await import('./verify-command.js')).verifyCommand(rest, io);
      }
      case 'approve':
        return await (await import('./approve-command.js')).approveCommand(rest, io, session);
      case 'key':
        return await (await import('./key-command.js')).keyCommand(rest, io);
      case 'diff':
        return await (await import('./diff-command.js')).diffCommand(rest, io);
      case 'demo-server':
        return await (await import('./demo-command.js')).demoServerCommand(rest, io);
      case 'gateway':
        return await (await import('./gateway-command.js')).gatewayCommand(rest, io);
      case 'list':
        return await (await import('./host.js')).runList(rest, io);
      case 'load':
        return await (await import('./host.js')).runLoad(rest, io);
      case 'help':
      case '--help':
      case '-h':
        out.write(USAGE);
        return 0;
      case undefined:
        err.write(USAGE);
        return 2;
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (error) {
    // Error messages quote what others wrote: a server's answer or stderr, a lockfile's text and keys, a config's
    // names. Shown, never run (terminal-text.ts).
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      err.write(`skill-inspector: ${linesForTerminal((error as Error).message)}\nRun "skill-inspector help" for usage.\n`);
      return 2;
    }
    if (error instanceof LockfileError) {
      // One line: a line feed in it came from the file (JSON.parse quotes the text around a bad token).
      err.write(`skill-inspector: cannot use the lockfile ${forTerminal(error.message)}\n`);
      return 2;
    }
    if (error instanceof ConnectFailure) {
      err.write(`skill-inspector: cannot connect. ${linesForTerminal(error.message)}\n`);
      return 2;
    }
    err.write(`skill-inspector: ${linesForTerminal(error instanceof Error ? error.message : String(error))}\n`);
    return 2;
  }
}
