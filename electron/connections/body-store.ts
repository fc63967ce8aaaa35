// Where the protocol log keeps the long strings of the bodies it holds: as
// UTF-8 in blocks outside the JS heap (see BodyStore), and how an entry's
// message is packed into it and read back.
import type { ProtocolLogEntry } from '../../shared/model.js';
import { loneSurrogateIn } from '../../shared/skill-uri.js';

/** An entry being built field by field, in the order an export shows them. */
export type Draft = { -readonly [K in keyof ProtocolLogEntry]?: ProtocolLogEntry[K] } & Pick<ProtocolLogEntry, 'seq' | 'serverId' | 'at' | 'direction' | 'kind'>;

/** Strings this long or longer are kept out of the JS heap while their entry keeps its body. */
const OFF_HEAP_MIN_CHARS = 256;
/** Bytes per shared block of the body store; a string that needs more than a quarter of one gets its own. */
export const STORE_BLOCK_BYTES = 256 * 1024;

/** A string held as UTF-8 in a block of the body store. */
class StoredString {
  constructor(
    readonly block: Buffer,
    readonly start: number,
    readonly end: number,
    /** The string's length, as the body budget counts it. */
    readonly length: number,
  ) {}
  read(): string {
    return this.block.toString('utf8', this.start, this.end);
  }
}

/**
 * Where the bodies the log keeps hold their long strings: UTF-8 in blocks
 * outside the JS heap. A body the log keeps outlives several young-generation
 * collections, so on the heap every response body (file contents, mostly) was
 * promoted to the old generation: at 10,000 skills that was about a fifth of
 * what Verify all promoted, and V8 grows the old generation (and so the
 * process's peak memory) in proportion to what is promoted.
 *
 * Bodies are written and dropped oldest first, so the blocks are a ring: a
 * block is reused once every entry that wrote to it has dropped its body (left
 * to the garbage collector instead, the blocks piled up between full
 * collections). Strings read back are copies, so reuse never changes them.
 */
export class BodyStore {
  /** Blocks written to, oldest first; the last is being filled. `lastSeq`: the newest entry with a string in it. */
  private readonly blocks: Array<{ readonly buffer: Buffer; lastSeq: number }> = [];
  private readonly spare: Buffer[] = [];
  private used = 0;

  /** The string, stored, or itself when it should stay (short, or not well-formed UTF-16, which UTF-8 cannot hold exactly). */
  put(text: string, seq: number): string | StoredString {
    return this.putJoined(text, '', seq) ?? text;
  }

  /**
   * `head + tail` stored, without building that string: a preview is its first
   * 64K characters and a one-character "…", and joining them made (and checked,
   * and measured) a 128 KB copy per large answer. Undefined when it should stay
   * on the heap (see `put`); two well-formed strings join into a well-formed one.
   */
  putJoined(head: string, tail: string, seq: number): StoredString | undefined {
    const length = head.length + tail.length;
    if (length < OFF_HEAP_MIN_CHARS || loneSurrogateIn(head) !== undefined || loneSurrogateIn(tail) !== undefined) return undefined;
    let block = this.blocks.at(-1);
    // At most three UTF-8 bytes per UTF-16 unit; measured only when that bound does not fit.
    let bytes = length * 3;
    if (block && this.used + bytes > STORE_BLOCK_BYTES) bytes = Buffer.byteLength(head, 'utf8') + Buffer.byteLength(tail, 'utf8');
    if (bytes > STORE_BLOCK_BYTES) {
      // Longer than a block (a preview is at most 64K characters, so rare): a buffer of its own.
      const own = Buffer.allocUnsafeSlow(Buffer.byteLength(head, 'utf8') + Buffer.byteLength(tail, 'utf8'));
      const written = own.write(head, 0, 'utf8');
      own.write(tail, written, 'utf8');
      return new StoredString(own, 0, own.byteLength, length);
    }
    if (!block || this.used + bytes > STORE_BLOCK_BYTES) {
      block = { buffer: this.spare.pop() ?? Buffer.allocUnsafeSlow(STORE_BLOCK_BYTES), lastSeq: seq };
      this.blocks.push(block);
      this.used = 0;
    }
    const start = this.used;
    this.used += block.buffer.write(head, start, 'utf8');
    this.used += block.buffer.write(tail, this.used, 'utf8');
    block.lastSeq = seq;
    return new StoredString(block.buffer, start, this.used, length);
  }

  /**
   * Every entry older than `oldestHeld` (a sequence number) has dropped its
   * body: blocks only they wrote to can be reused. `keepSpare` bounds the
   * blocks kept for reuse.
   */
  release(oldestHeld: number, keepSpare: number): void {
    while (this.blocks.length > 0 && this.blocks[0]!.lastSeq < oldestHeld) {
      const block = this.blocks.shift()!;
      if (this.blocks.length === 0) this.used = 0;
      if (this.spare.length < keepSpare) this.spare.push(block.buffer);
    }
  }

  clear(): void {
    this.blocks.length = 0;
    this.spare.length = 0;
    this.used = 0;
  }
}

const isPlainObject = (value: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** `value` with its long strings moved to the store; containers are copied only on the path to one. */
export function pack(value: unknown, store: BodyStore, seq: number, depth: number): unknown {
  if (typeof value === 'string') return store.put(value, seq);
  if (value === null || typeof value !== 'object' || depth > 32) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const packed = pack(item, store, seq, depth + 1);
      if (packed !== item) {
        copy ??= value.slice();
        copy[i] = packed;
      }
    }
    return copy ?? value;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    const packed = pack(item, store, seq, depth + 1);
    if (packed !== item) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = packed;
    }
  }
  return copy ?? value;
}

/** The value `pack` was given, with its stored strings read back (the same object when none were stored). */
function unpack(value: unknown): unknown {
  if (value instanceof StoredString) return value.read();
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const plain = unpack(item);
      if (plain !== item) {
        copy ??= value.slice();
        copy[i] = plain;
      }
    }
    return copy ?? value;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    const plain = unpack(item);
    if (plain !== item) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = plain;
    }
  }
  return copy ?? value;
}

/** The entry as kept, read back: a copy when it has stored strings, else itself. */
export function readBack(entry: ProtocolLogEntry): ProtocolLogEntry {
  if (entry.message === undefined && !((entry.text as unknown) instanceof StoredString)) return entry;
  const message = unpack(entry.message);
  const text: unknown = entry.text;
  if (message === entry.message && !(text instanceof StoredString)) return entry;
  const plain: Draft = { ...entry };
  if (entry.message !== undefined) plain.message = message;
  if (text instanceof StoredString) plain.text = text.read();
  return plain as ProtocolLogEntry;
}
