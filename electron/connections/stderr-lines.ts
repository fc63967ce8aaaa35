// A stdio server's stderr, text read by read, made into the lines the server
// wrote. A read can end anywhere in a line ("loading config: par" | "tial"), and
// the log showed each part as a line of its own; the unfinished end is now held
// until its line break arrives, or the stream ends, or the server goes quiet
// mid-line (a prompt, "Enter passphrase: ", or last words before a hang): then
// the log gives it out as it stands, marked unfinished (flush), and what the
// server writes next on that line is a line of its own. A server that writes
// without line breaks cannot make it grow without end: past LINE_KEPT_CHARS the
// line is given out clipped, saying so, and the rest of it, up to its line
// break, is counted and not kept.
import { cutEnd } from '../../shared/log-body-budget.js';

/** The characters of one stderr line kept, as a message body's preview keeps (protocol-log.ts). */
export const LINE_KEPT_CHARS = 64 * 1024;

export interface StderrLine {
  /** The line without its line break (and a CR before it); a clipped line ends with what says so. */
  readonly text: string;
  /** The characters the server wrote on it, as far as they had arrived. */
  readonly chars: number;
  readonly clipped: boolean;
  /** Given out before its line break arrived: the server went quiet mid-line (flush). */
  readonly unfinished?: true;
}

/** What a clipped line ends with, after its first characters. */
export function clippedWords(kept: number): string {
  return `… (the line goes on past ${kept.toLocaleString('en-US')} characters; the rest of it is not kept)`;
}

export class StderrLines {
  /** The unfinished line's pieces, joined once its line break arrives. */
  private pieces: string[] = [];
  private heldChars = 0;
  /** Set while the rest of a line already given out clipped runs to its line break. */
  private skipping = false;
  /** Set while the rest of a line already given out unfinished runs to its line break. */
  private continuing = false;

  /** Whether part of a line is held, waiting for its end. */
  get holding(): boolean {
    return this.heldChars > 0;
  }

  /** The unfinished line as it stands (for a diagnosis made before it ends), CR at its end dropped. */
  held(): string {
    return this.pieces.join('').replace(/\r$/, '');
  }

  /** One read's text: the lines it finished (or clipped), in order. */
  take(text: string): StderrLine[] {
    const lines: StderrLine[] = [];
    let start = 0;
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
      this.add(text.slice(start, newline), lines);
      if (this.skipping) this.skipping = false;
      // A line break alone after a line given out unfinished ends that line: the server wrote no empty line.
      else if (this.continuing && this.held() === '') this.finish();
      else lines.push(this.finish());
      this.continuing = false;
      start = newline + 1;
    }
    if (start < text.length) this.add(text.slice(start), lines);
    return lines;
  }

  /** The stream ended: a line left unfinished is one line all the same. */
  end(): StderrLine[] {
    const continued = this.continuing && this.held() === '';
    this.skipping = false;
    this.continuing = false;
    if (this.heldChars === 0) return [];
    const line = this.finish();
    return continued ? [] : [line];
  }

  /**
   * The server went quiet mid-line: the line as it stands, marked unfinished (a CR at its end kept back, as the
   * line break it may begin). What comes next, up to its line break, is a line of its own.
   */
  flush(): StderrLine[] {
    const text = this.held();
    if (text === '') return [];
    const cr = this.pieces.join('').endsWith('\r');
    this.pieces = cr ? ['\r'] : [];
    this.heldChars = cr ? 1 : 0;
    this.continuing = true;
    return [{ text, chars: text.length, clipped: false, unfinished: true }];
  }

  private add(piece: string, lines: StderrLine[]): void {
    if (this.skipping || piece === '') return;
    this.pieces.push(piece);
    this.heldChars += piece.length;
    if (this.heldChars <= LINE_KEPT_CHARS) return;
    const whole = this.pieces.join('');
    const end = cutEnd(whole, LINE_KEPT_CHARS);
    lines.push({ text: whole.slice(0, end) + clippedWords(LINE_KEPT_CHARS), chars: whole.length, clipped: true });
    this.pieces = [];
    this.heldChars = 0;
    this.skipping = true;
  }

  private finish(): StderrLine {
    const text = this.pieces.join('').replace(/\r$/, '');
    this.pieces = [];
    this.heldChars = 0;
    return { text, chars: text.length, clipped: false };
  }
}
