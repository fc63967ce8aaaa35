// A stdio server's stderr arrives in reads of whatever size the pipe gave, and
// a read can end inside a secret the server is saying back ("bad key sk-li" …
// "ve-…"): masked read by read, each half was shown in clear. So the end of
// what has arrived that could be the start of a secret is held back until the
// next read (or the end of the stream) says whether it is one; everything
// before it is shown at once. Bytes are decoded across reads too, so a secret
// (or any text) cut inside a UTF-8 character is not turned into U+FFFD.
//
// A server that writes such an end and then waits (a prompt ending "… sk-", or
// any word ending in a secret's first letter) would have its line held with
// nothing shown for as long as it waits. So once the server has been quiet as
// long as an unfinished line waits (STDERR_QUIET_MS), what is held is shown as
// it stands, the possible secret at its end masked when it is as long as the
// shortest secret looked for; that end is kept, and when the server goes on to
// finish the secret, the rest is masked too (shown start + rest: never in clear).
import { StringDecoder } from 'node:string_decoder';
import { SECRET_MASK } from '../../shared/secret-args.js';
import { MIN_SECRET_LENGTH, type SentSecrets } from './sent-secrets.js';
import { STDERR_QUIET_MS } from './stderr-entries.js';

/**
 * While an unfinished line may end in a secret, it is held from its start, so the log keeps the line whole
 * ("bad key ••••••••", not "bad key " and "••••••••"); past this many characters only its possible secret is.
 */
const HELD_LINE_CHARS = 4096;

/** The possible start of a secret already shown by a quiet release: in clear (too short to be one), or as the mask. */
interface ShownStart {
  readonly text: string;
  readonly masked: boolean;
}

/** Shows text; `quiet` when the server has been quiet STDERR_QUIET_MS already, so an unfinished line is recorded now. */
export type ShowStderr = (text: string, quiet?: true) => void;

export class MaskedStderr {
  private readonly decoder = new StringDecoder('utf8');
  private held = '';
  private shownStart: ShownStart | undefined;
  /** Shows what is held once the server has been quiet for quietMs; restarted by each read. */
  private quiet: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly sent: SentSecrets,
    private readonly show: ShowStderr,
    private readonly quietMs: number = STDERR_QUIET_MS,
  ) {}

  /** One read of the stream: shows what is sure not to cut a secret, masked, and holds the rest. */
  write(chunk: Buffer): void {
    const text = this.held + this.decoder.write(chunk);
    this.held = '';
    const rest = this.pastShownStart(text);
    if (rest === undefined) this.held = text;
    else {
      const cut = this.safeEnd(rest);
      this.held = rest.slice(cut);
      if (cut > 0) this.show(this.sent.mask(rest.slice(0, cut)));
    }
    this.waitForQuiet();
  }

  /**
   * The stream ended: what was held is all there is. An end that is the start of a secret (a server killed while
   * writing it) is masked too, when it is as long as the shortest secret the masker looks for (shorter, it is as
   * likely a word).
   */
  end(): void {
    this.stopQuiet();
    const text = this.held + this.decoder.end();
    this.held = this.pastShownStart(text) ?? text;
    this.showHeld();
    this.shownStart = undefined;
  }

  /**
   * Text after the possible secret a quiet release showed the start of: if it finishes that secret, the secret's
   * rest is shown as the mask (none when its start was) and what follows is returned; undefined while it could
   * still be the secret's rest.
   */
  private pastShownStart(text: string): string | undefined {
    const start = this.shownStart;
    if (!start) return text;
    const whole = start.text + text;
    const end = this.sent.secretAcross(whole, start.text.length);
    if (end !== undefined) {
      this.shownStart = undefined;
      if (!start.masked) this.show(SECRET_MASK);
      return whole.slice(end);
    }
    if (whole.length - this.sent.unfinishedLength(whole) < start.text.length) return undefined;
    this.shownStart = undefined;
    return text;
  }

  /** Shows what is held as it stands, its possible secret kept as shown (and masked, when long enough). */
  private showHeld(quiet?: true): void {
    const text = this.held;
    this.held = '';
    const start = this.shownStart;
    if (start) {
      // What is held is still all the possible secret's: shown masked once it is as long as a secret can be.
      const whole = start.text + text;
      const unfinished = this.sent.unfinishedLength(whole);
      const masked = start.masked || unfinished >= MIN_SECRET_LENGTH;
      this.shownStart = { text: whole.slice(whole.length - unfinished), masked };
      const shown = start.masked ? '' : masked ? SECRET_MASK : text;
      if (shown) this.show(shown, quiet);
      return;
    }
    if (!text) return;
    const masked = this.sent.mask(text);
    const unfinished = this.sent.unfinishedLength(masked);
    const secret = unfinished >= MIN_SECRET_LENGTH;
    if (unfinished > 0) this.shownStart = { text: masked.slice(masked.length - unfinished), masked: secret };
    this.show(secret ? masked.slice(0, masked.length - unfinished) + SECRET_MASK : masked, quiet);
  }

  private waitForQuiet(): void {
    if (this.held === '') return this.stopQuiet();
    // refresh() restarts the one timer: a long line arriving in many reads does not cost a timer per read.
    if (this.quiet) this.quiet.refresh();
    else {
      this.quiet = setTimeout(() => {
        this.quiet = undefined;
        this.showHeld(true);
      }, this.quietMs);
      // The server's pipe keeps the process alive while it is open; this timer need not.
      this.quiet.unref?.();
    }
  }

  private stopQuiet(): void {
    if (this.quiet === undefined) return;
    clearTimeout(this.quiet);
    this.quiet = undefined;
  }

  /** Where `text` can be cut with no secret on both sides of the cut. */
  private safeEnd(text: string): number {
    const unfinished = this.sent.unfinishedLength(text);
    if (unfinished === 0) return text.length;
    const secretStart = text.length - unfinished;
    const lineStart = text.lastIndexOf('\n', secretStart - 1) + 1;
    return this.sent.cutOutside(text, secretStart - lineStart > HELD_LINE_CHARS ? secretStart : lineStart);
  }
}
