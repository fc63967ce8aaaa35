// The `skill-inspector` command line: which command runs, and what exit code
// it ends with. Exit codes, the same for every command:
//   0  clean: no findings at or above --fail-on, no drift, no difference
//   1  findings at or above --fail-on (check); drift (verify); a difference (diff); nothing lockable (lock)
//   2  bad usage (unknown command or flag, unreadable --config or lockfile, unknown --server) or cannot connect
import { approveCommand } from './approve-command.js';
import { checkCommand } from './check-command.js';
import { demoServerCommand } from './demo-command.js';
import { diffCommand } from './diff-command.js';
import { gatewayCommand } from './gateway-command.js';
import { keyCommand } from './key-command.js';
import { runList, runLoad } from './host.js';
import { lockCommand } from './lock-command.js';
import { LockfileError } from './lockfile.js';
import { ConnectFailure, type SessionOptions } from './session.js';
import type { Streams } from './streams.js';
import { UsageError } from './target.js';
import { USAGE } from './usage.js';
import { verifyCommand } from './verify-command.js';
import { verifyReceiptsCommand, wantsReceipts } from './verify-receipts-command.js';
import { watchCommand } from './watch-command.js';

export { USAGE };

export async function runCli(argv: string[], out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr, session: SessionOptions = {}): Promise<number> {
  const io: Streams = { out, err };
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'check':
        return await checkCommand(rest, io, session);
      case 'watch':
        return await watchCommand(rest, io, session);
      case 'lock':
        return await lockCommand(rest, io);
      case 'verify':
        return wantsReceipts(rest) ? await verifyReceiptsCommand(rest, io) : await verifyCommand(rest, io);
      case 'approve':
        return await approveCommand(rest, io, session);
      case 'key':
        return await keyCommand(rest, io);
      case 'diff':
        return await diffCommand(rest, io);
      case 'demo-server':
        return await demoServerCommand(rest, io);
      case 'gateway':
        return await gatewayCommand(rest, io);
      case 'list':
        return await runList(rest, io);
      case 'load':
        return await runLoad(rest, io);
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
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      err.write(`skill-inspector: ${(error as Error).message}\nRun "skill-inspector help" for usage.\n`);
      return 2;
    }
    if (error instanceof LockfileError) {
      err.write(`skill-inspector: cannot use the lockfile ${error.message}\n`);
      return 2;
    }
    if (error instanceof ConnectFailure) {
      err.write(`skill-inspector: cannot connect. ${error.message}\n`);
      return 2;
    }
    err.write(`skill-inspector: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}
