// Where the command writes: machine output (the report, the lockfile, the
// drift) on stdout only; progress and errors on stderr, so `> results.sarif`
// captures exactly the document.
import { linesForTerminal } from './terminal-text.js';

export interface Streams {
  readonly out: NodeJS.WritableStream;
  readonly err: NodeJS.WritableStream;
}

export function progressTo(err: NodeJS.WritableStream, quiet = false): (line: string) => void {
  // Progress names servers, skills and labels that a server, a config or a lockfile wrote: shown, never run (terminal-text.ts).
  return quiet ? () => undefined : (line) => void err.write(`${linesForTerminal(line)}\n`);
}

/** Colour only for a person at a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function wantsColour(stream: NodeJS.WritableStream): boolean {
  const noColor = process.env['NO_COLOR'];
  return Boolean((stream as { isTTY?: boolean }).isTTY) && (noColor === undefined || noColor === '');
}
