// A stdio server's stderr arrives in reads of whatever size the pipe gave, and
// a read can end inside a secret the server is saying back ("bad key sk-li" …
// "ve-…"): masked read by read, each half was shown in clear. So the end of
// what has arrived that could be the start of a secret is held back until the
// next read (or the end of the stream) says whether it is one; everything
// before it is shown at once. Bytes are decoded across reads too, so a secret
// (or any text) cut inside a UTF-8 character is not turned into U+FFFD.
import { StringDecoder } from 'node:string_decoder';
import { SECRET_MASK } from '../../shared/secret-args.js';
import { MIN_SECRET_LENGTH, type SentSecrets } from './sent-secrets.js';

/**
 * While an unfinished line may end in a secret, it is held from its start, so the log keeps the line whole
 * ("bad key ••••••••", not "bad key " and "••••••••"); past this many characters only its possible secret is.
 */
const HELD_LINE_CHARS = 4096;

export class MaskedStderr {
  private readonly decoder = new StringDecoder('utf8');
  private held = '';

  constructor(
    private readonly sent: SentSecrets,
    private readonly show: (text: string) => void,
  ) {}

  /** One read of the stream: shows what is sure not to cut a secret, masked, and holds the rest. */
  write(chunk: Buffer): void {
    const text = this.held + this.decoder.write(chunk);
    const cut = this.safeEnd(text);
    this.held = text.slice(cut);
    if (cut > 0) this.show(this.sent.mask(text.slice(0, cut)));
  }

  /**
   * The stream ended: what was held is all there is. An end that is the start of a secret (a server killed while
   * writing it) is masked too, when it is as long as the shortest secret the masker looks for (shorter, it is as
   * likely a word).
   */
  end(): void {
    const text = this.held + this.decoder.end();
    this.held = '';
    if (!text) return;
    const masked = this.sent.mask(text);
    const unfinished = this.sent.unfinishedLength(masked);
    this.show(unfinished >= MIN_SECRET_LENGTH ? masked.slice(0, masked.length - unfinished) + SECRET_MASK : masked);
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
