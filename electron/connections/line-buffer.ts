// The stdio transport's read buffer, linear in the bytes received. The SDK's
// ReadBuffer concatenates the whole pending buffer with every chunk and
// searches it again for a newline, so a single huge line costs quadratic time:
// a hostile 100 MB listing kept the main process busy ~10 s before the size
// cap refused it. Here each chunk is searched once, and a line is joined once,
// when its newline arrives. Same interface and error text as the SDK's.
import { deserializeMessage, type JSONRPCMessage } from '@modelcontextprotocol/client';

export class LineReadBuffer {
  /** Pieces of the line still waiting for its newline. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Whole lines not yet handed out, from `next` on. */
  private lines: Buffer[] = [];
  private next = 0;

  constructor(private readonly maxBytes: number) {}

  append(chunk: Buffer): void {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.take(chunk.subarray(start, newline));
      this.lines.push(this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes));
      this.pending = [];
      this.pendingBytes = 0;
      start = newline + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start));
  }

  /** The next complete JSON-RPC message, or null; lines that are not JSON are skipped, as the SDK does. */
  readMessage(): JSONRPCMessage | null {
    while (this.next < this.lines.length) {
      const line = this.lines[this.next]!;
      this.lines[this.next++] = EMPTY;
      if (this.next === this.lines.length) {
        this.lines = [];
        this.next = 0;
      }
      const end = line.length > 0 && line[line.length - 1] === 13 ? line.length - 1 : line.length;
      try {
        return deserializeMessage(line.toString('utf8', 0, end));
      } catch (error) {
        if (error instanceof SyntaxError) continue;
        throw error;
      }
    }
    return null;
  }

  clear(): void {
    this.pending = [];
    this.pendingBytes = 0;
    this.lines = [];
    this.next = 0;
  }

  private take(piece: Buffer): void {
    if (this.pendingBytes + piece.length > this.maxBytes) {
      this.clear();
      throw new Error(`ReadBuffer exceeded maximum size of ${this.maxBytes} bytes`);
    }
    if (piece.length === 0) return;
    this.pending.push(piece);
    this.pendingBytes += piece.length;
  }
}

const EMPTY = Buffer.alloc(0);
