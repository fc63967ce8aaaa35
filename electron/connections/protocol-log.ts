// Every JSON-RPC message in and out of one server, plus its stderr, in a
// bounded ring buffer. Responses carry the time since their request. The
// bodies are bounded too, by bytes: a Verify all of 50,000 files would
// otherwise keep 5,000 whole responses (hundreds of MB at 64 KB each), so
// older entries keep what they were (method, id, direction, duration, size)
// but their body gives way to a note. The app's notes count too once they are
// long (a note can quote a server's whole answer): an older one keeps its
// first characters. The long strings of the bodies the log keeps live outside
// the JS heap (body-store.ts).
import { BODY_DROPPED_NOTE, bodyBytes, cutEnd, withoutBody } from '../../shared/log-body-budget.js';
import { DEFAULT_SETTINGS, type ProtocolLogEntry } from '../../shared/model.js';
import { BodyStore, STORE_BLOCK_BYTES, pack, readBack, type Draft } from './body-store.js';
import { currentCause } from './request-cause.js';
import { StderrEntries } from './stderr-entries.js';
import type { StderrLine } from './stderr-lines.js';

/** Messages bigger than this are kept as a preview; the log must not hold a 100 MB body. */
const MAX_LOGGED_MESSAGE_CHARS = 64 * 1024;
/** What ends a preview, saying the message went on. */
const PREVIEW_MARK = '…';
/** Bytes of message bodies (and stderr text, and long notes) one server's log keeps, unless told otherwise (Settings: logBodyBytes). */
export const DEFAULT_LOG_BODY_BUDGET_BYTES = DEFAULT_SETTINGS.logBodyBytes;
/** What an entry whose body was dropped shows in its place (shared/log-body-budget.ts: the window drops bodies too). */
export { BODY_DROPPED_NOTE };
/**
 * A method name longer than this is cut, saying so: the spec's longest is a few dozen characters, and the name stays
 * on its entry (and its answer's) after the body gives way, counted against nothing.
 */
const METHOD_KEPT_CHARS = 200;
/** Requests awaiting an answer that are remembered for durations; a server flooding requests cannot grow this. */
const MAX_PENDING = 10_000;

/** The shape of an exported log file. */
export interface ProtocolLogExport {
  readonly format: 'skill-inspector-protocol-log';
  readonly version: 1;
  readonly serverId: string;
  readonly label?: string;
  readonly exportedAt: string;
  /** The ring buffer size when exported. */
  readonly limit: number;
  /** Entries the ring buffer had already dropped: the export is complete only when this is 0. */
  readonly dropped: number;
  readonly entries: readonly ProtocolLogEntry[];
}

type Listener = (entries: ProtocolLogEntry[]) => void;
type Pending = { readonly at: number; readonly method: string };

/**
 * A string longer than a preview contributes at least a preview's worth of
 * characters whole or cut, so the preview (the serialisation's first
 * MAX_LOGGED_MESSAGE_CHARS characters) comes out the same.
 */
function cutLongStrings(_key: string, value: unknown): unknown {
  return typeof value === 'string' && value.length > MAX_LOGGED_MESSAGE_CHARS ? value.slice(0, MAX_LOGGED_MESSAGE_CHARS) : value;
}

/**
 * A copy of a slice that holds none of its source: V8 keeps a slice as a view
 * of the whole string, so a 64 KB preview would otherwise pin a 16 MB message.
 */
function detached(slice: string): string {
  return Buffer.from(slice, 'utf16le').toString('utf16le');
}

function classify(message: Record<string, unknown>): ProtocolLogEntry['kind'] {
  if (typeof message['method'] === 'string') return 'id' in message ? 'request' : 'notification';
  if ('error' in message) return 'error';
  return 'response';
}

/** The length of `JSON.stringify(value)`, less the escape characters (close enough for a size column), without building it. */
function approximateJsonLength(value: unknown, depth: number): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value).length;
  if (value === null || typeof value !== 'object') return 4;
  // JSON-RPC messages are shallow; a very deep value is serialised (and so measured) instead.
  if (depth > 32) return Number.POSITIVE_INFINITY;
  let length = 2;
  if (Array.isArray(value)) {
    for (const item of value) length += approximateJsonLength(item, depth + 1) + 1;
    return length;
  }
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined || typeof item === 'function') continue;
    length += key.length + 4 + approximateJsonLength(item, depth + 1);
  }
  return length;
}

/** A server's method name as the log holds it: a name past METHOD_KEPT_CHARS keeps its head and says how much went. */
function keptMethod(method: string): string {
  if (method.length <= METHOD_KEPT_CHARS) return method;
  const end = cutEnd(method, METHOD_KEPT_CHARS);
  return `${detached(method.slice(0, end))}… (${method.length - end} more characters not kept)`;
}

export class ProtocolLog {
  private entries: ProtocolLogEntry[] = [];
  private start = 0;
  /** Entries before this index have no body left to drop (dropped, cut, or a short note). */
  private bodyCursor = 0;
  /** Body bytes held by the live entries from `bodyCursor` on. */
  private heldBodyBytes = 0;
  private seq = 0;
  /** Requests awaiting an answer, by the direction they went and their id (1 and "1" are different ids). */
  private readonly pending = { in: new Map<string | number, Pending>(), out: new Map<string | number, Pending>() };
  private batch: ProtocolLogEntry[] = [];
  private flushScheduled = false;
  private dropped = 0;
  /** The stderr line still arriving, and when a line becomes an entry (stderr-entries.ts). */
  private readonly stderrEntries = new StderrEntries((line) => this.pushStderr(line));
  private readonly store = new BodyStore();

  constructor(
    readonly serverId: string,
    private limit: number,
    private readonly listener: Listener,
    private bodyBudget: number = DEFAULT_LOG_BODY_BUDGET_BYTES,
  ) {}

  setLimit(limit: number): void {
    this.limit = limit;
    this.compact();
    this.releaseBlocks();
  }

  setBodyBudget(bytes: number): void {
    this.bodyBudget = bytes;
    this.trimBodies();
  }

  /** Records a JSON-RPC message. `size` is the serialised length when the caller knows it. */
  message(direction: 'out' | 'in', message: unknown, size?: number): void {
    const record = (typeof message === 'object' && message !== null ? message : {}) as Record<string, unknown>;
    const kind = classify(record);
    const rawId = record['id'];
    const msgId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : undefined;
    let method = typeof record['method'] === 'string' ? keptMethod(record['method']) : undefined;
    let durationMs: number | undefined;
    const now = Date.now();
    if (kind === 'request' && msgId !== undefined && method) {
      const pending = this.pending[direction];
      if (pending.size >= MAX_PENDING) {
        const oldest = pending.keys().next().value;
        if (oldest !== undefined) pending.delete(oldest);
      }
      pending.set(msgId, { at: now, method });
    } else if ((kind === 'response' || kind === 'error') && msgId !== undefined) {
      const pending = this.pending[direction === 'in' ? 'out' : 'in'];
      const request = pending.get(msgId);
      if (request) {
        pending.delete(msgId);
        durationMs = now - request.at;
        method = request.method;
      }
    }
    // Serialising every message just to measure it doubled the JSON work of
    // a Verify all; a walk estimates the size, and only a message that may be
    // too big to keep is serialised, for its preview, with every long string
    // cut: the preview's characters are the same, without building a
    // multi-megabyte string first.
    const estimate = approximateJsonLength(message, 0);
    let serialised: string | undefined;
    let unserialisable: string | undefined;
    if (estimate > MAX_LOGGED_MESSAGE_CHARS) {
      try {
        // Too deep to estimate: serialised whole, which measures it too.
        serialised = JSON.stringify(message, Number.isFinite(estimate) ? cutLongStrings : undefined) ?? 'undefined';
      } catch (error) {
        // Nested past what JSON.stringify follows: the object is not kept (the body store, the
        // export and the bridge would each have to walk it), only a note saying why.
        unserialisable = error instanceof Error ? error.message : String(error);
      }
    }
    const entry: Draft = { seq: ++this.seq, serverId: this.serverId, at: now, direction, kind };
    /** The preview's characters before PREVIEW_MARK, when the body is a preview. */
    let previewHead: string | undefined;
    if (method !== undefined) entry.method = method;
    if (msgId !== undefined) entry.id = msgId;
    if (durationMs !== undefined) entry.durationMs = durationMs;
    const why = kind === 'request' && direction === 'out' ? currentCause() : undefined;
    if (why !== undefined) entry.why = why;
    if (unserialisable !== undefined) {
      entry.text = `Body not kept: the message could not be serialised (${unserialisable}); it is likely nested too deeply.`;
      entry.truncated = true;
    } else if (serialised !== undefined && serialised.length > MAX_LOGGED_MESSAGE_CHARS) {
      const preview = serialised.slice(0, MAX_LOGGED_MESSAGE_CHARS);
      // Long strings were cut, so the serialisation is rarely much longer than its preview.
      previewHead = serialised.length > 2 * MAX_LOGGED_MESSAGE_CHARS ? detached(preview) : preview;
      entry.text = `${previewHead}${PREVIEW_MARK}`;
      entry.truncated = true;
    } else {
      entry.message = message;
    }
    entry.bytes = size ?? (Number.isFinite(estimate) ? estimate : (serialised?.length ?? 0));
    // The log keeps a copy whose long strings live in the store; the renderer's batch gets the message itself.
    let kept: Draft = entry;
    if (entry.message !== undefined) {
      const packed = pack(entry.message, this.store, entry.seq, 0);
      if (packed !== entry.message) kept = { ...entry, message: packed };
    } else if (previewHead !== undefined) {
      // Stored from its parts: the joined text is never flattened here (body-store.ts, putJoined).
      const stored = this.store.putJoined(previewHead, PREVIEW_MARK, entry.seq);
      if (stored !== undefined) kept = { ...entry, text: stored as unknown as string };
    } else if (entry.text !== undefined) {
      const stored = this.store.put(entry.text, entry.seq);
      if (stored !== entry.text) kept = { ...entry, text: stored as unknown as string };
    }
    this.push(entry as ProtocolLogEntry, kept as ProtocolLogEntry);
  }

  /**
   * An answer stopped at its request's cap (RequestOptions.maxResponseBytes),
   * or at the message cap: it never reaches the client, so it is logged here,
   * with the bytes taken.
   */
  stopped(id: number, received: number, limit: number, cap: 'request' | 'message' = 'request'): void {
    const request = this.pending.out.get(id);
    this.pending.out.delete(id);
    const now = Date.now();
    const entry: Draft = { seq: ++this.seq, serverId: this.serverId, at: now, direction: 'in', kind: 'response', id };
    if (request) {
      entry.method = request.method;
      entry.durationMs = now - request.at;
    }
    const which = cap === 'request' ? `this request's ${limit}-byte cap` : `the ${limit}-byte message cap`;
    entry.text = `Stopped at the cap: ${received} bytes received of an answer over ${which}; the rest was discarded.`;
    // Not `truncated`: nothing of the body is shown, the text says what happened to it.
    entry.bytes = received;
    this.push(entry as ProtocolLogEntry);
  }

  /**
   * Records what a stdio server wrote to stderr, one entry per line. A read can end anywhere in a line: its
   * unfinished end waits for the rest (stderr-lines.ts), so a line is one entry however the pipe cut it. A server
   * that goes quiet mid-line (a prompt) has the line recorded as it stands after a second, marked unfinished
   * (stderr-entries.ts); `quiet` says the server has been quiet that long already (text the masker held back).
   */
  stderr(text: string, quiet?: true): void {
    this.stderrEntries.take(text, this.seq, quiet);
  }

  /** The server's stderr ended: a last line it left without a line break is recorded as it is. */
  stderrEnded(): void {
    this.stderrEntries.ended();
  }

  private pushStderr(line: StderrLine): void {
    const entry: Draft = { seq: ++this.seq, serverId: this.serverId, at: Date.now(), direction: 'stderr', kind: 'stderr', text: detached(line.text), bytes: line.chars };
    if (line.clipped) entry.truncated = true;
    if (line.unfinished) entry.unfinished = true;
    this.push(entry as ProtocolLogEntry);
  }

  /**
   * Records the app's own note. A note can quote a server's words (a transport error carries an HTTP answer's whole
   * body), so it is cut as a message is, saying how much was not kept; a short note is kept whole.
   */
  note(text: string): void {
    const entry: Draft = { seq: ++this.seq, serverId: this.serverId, at: Date.now(), direction: 'note', kind: 'note', text, bytes: text.length };
    if (text.length > MAX_LOGGED_MESSAGE_CHARS) {
      const end = cutEnd(text, MAX_LOGGED_MESSAGE_CHARS);
      entry.text = `${detached(text.slice(0, end))}… (${text.length - end} more characters not kept)`;
      entry.truncated = true;
    }
    this.push(entry as ProtocolLogEntry);
  }

  /** Requests that never got an answer are forgotten when the connection ends. */
  resetPending(): void {
    this.pending.in.clear();
    this.pending.out.clear();
  }

  list(): ProtocolLogEntry[] {
    return this.entries.slice(this.start).map(readBack);
  }

  /** The sequence number of the latest entry; entries after it are newer. */
  get lastSeq(): number {
    return this.seq;
  }

  /** Entries newer than `seq`. */
  since(seq: number): ProtocolLogEntry[] {
    return this.entries.slice(this.start).filter((e) => e.seq > seq).map(readBack);
  }

  /** The last stderr lines (newer than `sinceSeq`), for diagnostics of a process that exited. */
  lastStderr(lines: number, sinceSeq = 0): string {
    const texts: string[] = [];
    for (let i = this.entries.length - 1; i >= this.start && texts.length < lines; i--) {
      const entry = this.entries[i];
      if (!entry || entry.seq <= sinceSeq) break;
      if (entry.direction === 'stderr' && entry.text && i >= this.bodyCursor) texts.unshift(entry.text.trimEnd());
    }
    // A line still arriving is evidence too: a server that exits (or hangs) says its last words without a line break.
    const held = this.stderrEntries.heldAfter(sinceSeq);
    if (held !== undefined) texts.push(held.trimEnd());
    return texts.join('\n').split('\n').slice(-lines).join('\n');
  }

  clear(): void {
    this.entries = [];
    this.start = 0;
    this.bodyCursor = 0;
    this.heldBodyBytes = 0;
    this.dropped = 0;
    this.store.clear();
  }

  export(label?: string): string {
    const file: ProtocolLogExport = {
      format: 'skill-inspector-protocol-log',
      version: 1,
      serverId: this.serverId,
      ...(label !== undefined ? { label } : {}),
      exportedAt: new Date().toISOString(),
      limit: this.limit,
      dropped: this.dropped,
      entries: this.list(),
    };
    return JSON.stringify(file, null, 2);
  }

  /** `kept` is the entry as the log holds it (long strings stored), `entry` as the renderer gets it. */
  private push(entry: ProtocolLogEntry, kept: ProtocolLogEntry = entry): void {
    this.entries.push(kept);
    this.heldBodyBytes += bodyBytes(kept);
    this.compact();
    this.trimBodies();
    this.batch.push(entry);
    // Between two flushes only the newest `limit` entries can matter.
    if (this.batch.length > this.limit * 2) this.batch = this.batch.slice(-this.limit);
    // Batch pushes to the renderer: a flood of notifications becomes one event per tick.
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        const batch = this.batch.slice(-this.limit);
        this.batch = [];
        this.listener(batch);
      });
    }
  }

  private compact(): void {
    const live = this.entries.length - this.start;
    if (live > this.limit) {
      this.dropped += live - this.limit;
      const start = this.start + live - this.limit;
      // Entries leaving the ring with their body still held give its bytes back.
      for (let i = Math.max(this.start, this.bodyCursor); i < start; i++) this.heldBodyBytes -= bodyBytes(this.entries[i]!);
      this.start = start;
      this.bodyCursor = Math.max(this.bodyCursor, start);
    }
    // Amortised O(1): drop the dead prefix once it is as big as the live part.
    if (this.start > 1024 && this.start * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.start);
      this.bodyCursor -= this.start;
      this.start = 0;
    }
  }

  /** Drops the oldest bodies until the rest fit the budget; the newest entry always keeps its own. */
  private trimBodies(): void {
    const last = this.entries.length - 1;
    while (this.heldBodyBytes > this.bodyBudget && this.bodyCursor < last) {
      const entry = this.entries[this.bodyCursor]!;
      const held = bodyBytes(entry);
      if (held > 0) {
        this.heldBodyBytes -= held;
        // A new object, not an edit: a batch still waiting to reach the renderer keeps the whole entry.
        this.entries[this.bodyCursor] = withoutBody(entry, detached);
      }
      this.bodyCursor++;
    }
    this.releaseBlocks();
  }

  /** Lets the store reuse the blocks that only entries without a body wrote to. */
  private releaseBlocks(): void {
    const oldestHeld = this.entries[this.bodyCursor]?.seq ?? this.seq + 1;
    this.store.release(oldestHeld, Math.ceil(this.bodyBudget / STORE_BLOCK_BYTES) + 1);
  }
}
