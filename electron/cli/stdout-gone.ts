// When the command's standard output goes away. A reader that stops early
// (`check … | head`, `| grep -q risky`) closes the pipe (EPIPE): what is left
// to write is dropped, but a command that ends by itself still ends, and with
// its own exit code: the verdict does not depend on how much of the report was
// read (a failing check exited 0 when its reader closed before the report was
// written). A command that runs until stopped (watch, and the servers whose
// stdout is their connection) stops there, as before. Any other failed write
// (a full disk under `> report.sarif`, EIO) leaves the report incomplete: one
// line says so, and the exit code is 2, never a verdict on a report no one has.

/** Commands that run until stopped: nothing ends them once their output is gone. */
const RUNS_UNTIL_STOPPED = new Set(['watch', 'gateway', 'demo-server']);

export interface StdoutWatch {
  /** The exit code to end with: the command's, or 2 when its output could not be written. */
  exitCode(commandCode: number): number;
}

export function watchStdout(command: string | undefined, out: NodeJS.WriteStream = process.stdout, err: NodeJS.WritableStream = process.stderr): StdoutWatch {
  let gone = false;
  let failed = false;
  out.on('error', (error: NodeJS.ErrnoException) => {
    // After the first failure the stream is destroyed; later writes fail without a word of their own.
    if (gone) return;
    gone = true;
    if (error.code !== 'EPIPE') {
      failed = true;
      // "ENOSPC: no space left on device, write": the system's words, without the call that failed.
      err.write(`skill-inspector: cannot write to standard output (${error.message.replace(/, \w+$/, '')}); what it holds is incomplete.\n`);
      process.exitCode = 2;
    }
    if (command !== undefined && RUNS_UNTIL_STOPPED.has(command)) process.exit(failed ? 2 : typeof process.exitCode === 'number' ? process.exitCode : 0);
  });
  return { exitCode: (commandCode) => (failed ? 2 : commandCode) };
}

/**
 * Standard error carries progress and the words of an error, never the report or the verdict: when it cannot be
 * written (closed by `2>&1 | head`, a full disk under `2> log`), those are lost and the command goes on. Unheard, its
 * error event ended a passing check with an uncaught exception and exit 1, the findings code.
 */
export function ignoreStderrFailures(err: NodeJS.WriteStream = process.stderr): void {
  err.on('error', () => undefined);
}
