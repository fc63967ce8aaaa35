// A whole command line pasted into the add-server form's Command field
// (`node server.js --flag "a b"`) becomes the program and its arguments here,
// in the main process, so the catalog stores what is spawned: the program
// alone in `command`, every word after it in `args` before the Arguments the
// form already had. Without this the whole line was looked up as a program
// name and failed as "not found on the PATH".
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { looksLikeCommandLine, splitCommandLine, unclosedQuoteMessage } from '../../shared/command-line.js';
import type { TransportConfig } from '../../shared/model.js';
import { ApiFailure } from '../api-failure.js';

/** Whether `command` (relative to the server's working folder) names an existing file: `/Apps/My Server/run` is one program, not three words. */
async function isExistingFile(command: string, cwd: string | undefined): Promise<boolean> {
  const file = path.resolve(cwd ?? process.cwd(), command);
  const stat = await fs.stat(file).catch(() => undefined);
  return stat?.isFile() ?? false;
}

export async function splitPastedCommand(transport: TransportConfig): Promise<TransportConfig> {
  if (transport.kind !== 'stdio') return transport;
  const command = transport.command.trim();
  if (!looksLikeCommandLine(command) || (await isExistingFile(command, transport.cwd))) return transport;
  const split = splitCommandLine(command);
  if (!split.ok) throw new ApiFailure('invalid-params', unclosedQuoteMessage(split.unclosed));
  const [program, ...words] = split.words;
  if (!program) throw new ApiFailure('invalid-params', 'The command line has no program in it: put the program in Command and each argument on its own line.');
  return { ...transport, command: program, args: [...words, ...transport.args] };
}
