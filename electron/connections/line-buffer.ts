// The stdio transport's read buffer, linear in the bytes received. The SDK's
// ReadBuffer concatenates the whole pending buffer with every chunk and
// searches it again for a newline, so a single huge line costs quadratic time:
// a hostile 100 MB listing kept the main process busy ~10 s before the size
// cap refused it. Here each chunk is searched once, and a line is joined once,
// when its newline arrives. Same interface and error text as the SDK's.
//
// A request may also cap its own answer (RequestOptions.maxResponseBytes):
// `caps` says, once a line grows past the smallest cap in flight, how far that
// line may go. A line past its cap is not held: the rest of it is counted and
// discarded up to its newline, and the stream goes on (response-caps.ts).
//
// It also keeps where each line starts and when its first byte came, so that a
// request that times out can say what the server wrote that no request could
// read, and a line that is not UTF-8 is noted with where (unread-stdout.ts).
import { deserializeMessage, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { unusableAnswer } from './unusable-answer.js';
import { INVALID_UTF8_NOTED, invalidUtf8Note, type SkippedLine, type StdoutLine } from './unread-stdout.js';

/** How far a line may grow, decided once it passes `LineCaps.floor`. */
export interface LineVerdict {
  readonly limit: number;
  /** Past `limit` the line is dropped and the stream goes on; otherwise the frame cap applies as ever. */
  readonly drop: boolean;
  /** Whether the line's first bytes were enough to decide; if not, it is asked again as more arrive. */
  readonly final: boolean;
}

export interface LineCaps {
  /** A line no longer than this is never asked about. */
  readonly floor: number;
  /** The verdict for the line that starts with `head` (up to HEAD_BYTES of it). */
  limitFor(head: Buffer): LineVerdict;
  /** The line passed its verdict's limit after `received` bytes and is being discarded. */
  stopped(verdict: LineVerdict, received: number): void;
  /**
   * A discarded line ended: its whole size and its last bytes (up to
   * TAIL_BYTES). False when no request took it as its answer: a line past the
   * frame cap is then refused as any other.
   */
  ended(verdict: LineVerdict, size: number, tail: Buffer): boolean;
  /** A line that names request `id` could not be used as its answer: that request fails with `error` at once. */
  unusable?(id: number, error: Error): void;
}

/** Enough of a line's start for `{"jsonrpc": "2.0", "id": 1234567890,` with spaces. */
export const HEAD_BYTES = 128;
/** Enough of a line's end for `, "jsonrpc": "2.0", "id": 1234567890}` with spaces. */
export const TAIL_BYTES = 128;

export class LineReadBuffer {
  /** Pieces of the line still waiting for its newline. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Whole lines not yet handed out, from `next` on. */
  private lines: Buffer[] = [];
  private next = 0;
  /** The line arriving, once it passed the floor. */
  private verdict: LineVerdict | undefined;
  /** Set while the rest of a line past its cap is discarded. */
  private dropping = false;
  private droppedBytes = 0;
  private tail: Buffer = EMPTY;
  /** When the first byte of each line in `lines` came (same index). */
  private sinces: number[] = [];
  /** Bytes received so far; the line arriving starts at `lineOffset` and is line `lineNumber` (1-based) of the stream. */
  private received = 0;
  private lineOffset = 0;
  private lineNumber = 1;
  /** When the line arriving had its first byte, once a read ended inside it. */
  private lineSince: number | undefined;
  /** The last line skipped because it is not JSON. */
  private skippedLine: SkippedLine | undefined;
  private invalidUtf8Lines = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly caps?: LineCaps,
    /** Where what the buffer has to say goes (the protocol log's notes). */
    private readonly note?: (text: string) => void,
  ) {}

  append(chunk: Buffer): void {
    // One clock read per chunk: a line that starts and ends in it came now.
    const now = Date.now();
    const base = this.received;
    this.received += chunk.length;
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.take(chunk.subarray(start, newline));
      if (this.dropping) this.endDropped();
      else {
        const line = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
        this.checkUtf8(line);
        this.lines.push(line);
        this.sinces.push(this.lineSince ?? now);
      }
      this.pending = [];
      this.pendingBytes = 0;
      this.verdict = undefined;
      start = newline + 1;
      this.lineOffset = base + start;
      this.lineNumber++;
      this.lineSince = undefined;
    }
    if (start < chunk.length) {
      this.lineSince ??= now;
      this.take(chunk.subarray(start));
    }
  }

  /** The line the server has begun and not ended, if any: what it writes next is part of it. */
  unfinished(): StdoutLine | undefined {
    const bytes = this.dropping ? this.droppedBytes : this.pendingBytes;
    return bytes > 0 && this.lineSince !== undefined ? { bytes, since: this.lineSince } : undefined;
  }

  /** The last line skipped because it is not JSON, and when it ended. */
  get skipped(): SkippedLine | undefined {
    return this.skippedLine;
  }

  /** The next complete JSON-RPC message, or null; lines that are not JSON are skipped, as the SDK does. */
  readMessage(): JSONRPCMessage | null {
    while (this.next < this.lines.length) {
      const line = this.lines[this.next]!;
      const since = this.sinces[this.next]!;
      this.lines[this.next++] = EMPTY;
      if (this.next === this.lines.length) {
        this.lines = [];
        this.sinces = [];
        this.next = 0;
      }
      const end = line.length > 0 && line[line.length - 1] === 13 ? line.length - 1 : line.length;
      const text = line.toString('utf8', 0, end);
      try {
        return deserializeMessage(text);
      } catch (error) {
        if (error instanceof SyntaxError) {
          // An answer at the end of a line that is not JSON is lost with it: a request that times out says so.
          if (end > 0) this.skippedLine = { bytes: line.length, since, ended: Date.now() };
          continue;
        }
        // JSON, but not a message the SDK accepts: said in words when its shape is known, and its request failed now.
        const unusable = unusableAnswer(text);
        if (!unusable) throw error;
        if (unusable.id !== undefined) this.caps?.unusable?.(unusable.id, unusable.error);
        throw unusable.error;
      }
    }
    return null;
  }

  clear(): void {
    this.pending = [];
    this.pendingBytes = 0;
    this.lines = [];
    this.sinces = [];
    this.next = 0;
    // What comes next starts a line of its own.
    this.lineOffset = this.received;
    this.lineSince = undefined;
    this.verdict = undefined;
    this.dropping = false;
    this.droppedBytes = 0;
    this.tail = EMPTY;
  }

  private take(piece: Buffer): void {
    if (this.dropping) {
      this.droppedBytes += piece.length;
      this.keepTail(piece);
      return;
    }
    const total = this.pendingBytes + piece.length;
    if (this.caps && total > this.caps.floor) {
      let verdict = this.verdict;
      if (!verdict) {
        verdict = this.caps.limitFor(this.head(piece));
        if (verdict.final) this.verdict = verdict;
      }
      // Until its start says whose it is, a line is held: at most HEAD_BYTES of it.
      if (verdict.drop && verdict.final && total > verdict.limit) {
        this.pending = [];
        this.pendingBytes = 0;
        this.dropping = true;
        this.droppedBytes = total;
        this.tail = EMPTY;
        this.keepTail(piece);
        this.verdict = verdict;
        this.caps.stopped(verdict, total);
        return;
      }
    }
    if (total > this.maxBytes) {
      this.clear();
      throw new Error(`ReadBuffer exceeded maximum size of ${this.maxBytes} bytes`);
    }
    if (piece.length === 0) return;
    this.pending.push(piece);
    this.pendingBytes += piece.length;
  }

  /** Bytes that are not UTF-8 are read as U+FFFD, as ever, and the first few lines with them noted. */
  private checkUtf8(line: Buffer): void {
    if (!this.note || this.invalidUtf8Lines > INVALID_UTF8_NOTED) return;
    const note = invalidUtf8Note(line, this.lineNumber, this.lineOffset);
    if (note === undefined) return;
    this.invalidUtf8Lines++;
    this.note(this.invalidUtf8Lines > INVALID_UTF8_NOTED ? 'More stdout lines with bytes that are not UTF-8 followed; they are not noted.' : note);
  }

  /** The line's first bytes, joined only when its first pieces are tiny. */
  private head(piece: Buffer): Buffer {
    const first = this.pending[0] ?? piece;
    if (first.length >= HEAD_BYTES) return first.subarray(0, HEAD_BYTES);
    const parts: Buffer[] = [];
    let bytes = 0;
    for (const part of [...this.pending, piece]) {
      if (bytes >= HEAD_BYTES) break;
      parts.push(part);
      bytes += part.length;
    }
    return Buffer.concat(parts).subarray(0, HEAD_BYTES);
  }

  /** The last bytes of a discarded line: a view of the chunk, copied only when a piece is tiny. */
  private keepTail(piece: Buffer): void {
    if (piece.length >= TAIL_BYTES) this.tail = piece.subarray(piece.length - TAIL_BYTES);
    else if (piece.length > 0) this.tail = Buffer.concat([this.tail, piece]).subarray(-TAIL_BYTES);
  }

  private endDropped(): void {
    const verdict = this.verdict!;
    const size = this.droppedBytes;
    const tail = this.tail;
    this.dropping = false;
    this.droppedBytes = 0;
    this.tail = EMPTY;
    if (!this.caps!.ended(verdict, size, tail) && size > this.maxBytes) {
      this.clear();
      throw new Error(`ReadBuffer exceeded maximum size of ${this.maxBytes} bytes`);
    }
  }
}

const EMPTY = Buffer.alloc(0);
