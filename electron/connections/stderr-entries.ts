// When a stdio server's stderr lines become protocol-log entries: each line as
// it ends (stderr-lines.ts), and a line the server leaves unfinished once it has
// been quiet for STDERR_QUIET_MS (a prompt, or last words before a hang). Apart
// from protocol-log.ts, which records the entries, because this is about time:
// one timer, restarted by each read.
import { StderrLines, type StderrLine } from './stderr-lines.js';

/**
 * How long a stdio server's stderr stays quiet mid-line before the line is recorded as it stands, marked unfinished.
 * The parts of one line come together within milliseconds (one write cut by the pipe, a logger's pieces) or a few
 * hundred (a step that prints "loading… " then "done"), and stay one entry; a server at a prompt, or hung after its
 * last words, waits far longer, and a second is about when someone watching the log starts to wonder.
 */
export const STDERR_QUIET_MS = 1_000;

export class StderrEntries {
  private readonly lines = new StderrLines();
  /** The log position when the line still arriving began. */
  private heldSince = 0;
  /** Records the held line once the server has been quiet for STDERR_QUIET_MS; restarted by each read. */
  private quiet: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly record: (line: StderrLine) => void) {}

  /**
   * One read's text, at log position `seq`: the lines it ends are recorded at once. `quiet`: the server has been
   * quiet for STDERR_QUIET_MS already (the secret masker held this text back that long), so a line it leaves
   * unfinished is recorded now, not a second later.
   */
  take(text: string, seq: number, quiet?: true): void {
    if (!this.lines.holding) this.heldSince = seq;
    for (const line of this.lines.take(text)) this.record(line);
    if (quiet) for (const line of this.lines.flush()) this.record(line);
    if (!this.lines.holding) this.stopQuiet();
    // refresh() restarts the one timer: a long line arriving in many reads does not cost a timer per read.
    else if (this.quiet) this.quiet.refresh();
    else {
      this.quiet = setTimeout(() => {
        this.quiet = undefined;
        for (const line of this.lines.flush()) this.record(line);
      }, STDERR_QUIET_MS);
      // The server's pipe keeps the process alive while it is open; this timer need not.
      this.quiet.unref?.();
    }
  }

  /** The server's stderr ended: a last line it left without a line break is recorded as it is. */
  ended(): void {
    this.stopQuiet();
    for (const line of this.lines.end()) this.record(line);
  }

  /** The line still arriving, if it began after log position `sinceSeq` and holds any text. */
  heldAfter(sinceSeq: number): string | undefined {
    if (!this.lines.holding || this.heldSince < sinceSeq) return undefined;
    const held = this.lines.held();
    return held === '' ? undefined : held;
  }

  private stopQuiet(): void {
    if (this.quiet === undefined) return;
    clearTimeout(this.quiet);
    this.quiet = undefined;
  }
}
