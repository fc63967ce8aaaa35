// Every JSON-RPC message in and out of one server, plus its stderr, in a
// bounded ring buffer. Responses carry the time since their request.
import type { LogDirection, ProtocolLogEntry } from '../../shared/model.js';

/** Messages bigger than this are kept as a preview; the log must not hold a 100 MB body. */
const MAX_LOGGED_MESSAGE_CHARS = 64 * 1024;
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

export class ProtocolLog {
  private entries: ProtocolLogEntry[] = [];
  private start = 0;
  private seq = 0;
  private readonly pending = new Map<string, { at: number; method: string }>();
  private batch: ProtocolLogEntry[] = [];
  private flushScheduled = false;
  private dropped = 0;

  constructor(
    readonly serverId: string,
    private limit: number,
    private readonly listener: Listener,
  ) {}

  setLimit(limit: number): void {
    this.limit = limit;
    this.compact();
  }

  /** Records a JSON-RPC message. `size` is the serialised length when the caller knows it. */
  message(direction: 'out' | 'in', message: unknown, size?: number): void {
    const record = (typeof message === 'object' && message !== null ? message : {}) as Record<string, unknown>;
    const kind = classify(record);
    const rawId = record['id'];
    const msgId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : undefined;
    let method = typeof record['method'] === 'string' ? record['method'] : undefined;
    let durationMs: number | undefined;
    const now = Date.now();
    // Requests in each direction have their own id space.
    const key = (dir: string, value: string | number) => `${dir}:${typeof value}:${value}`;
    if (kind === 'request' && msgId !== undefined && method) {
      if (this.pending.size >= MAX_PENDING) {
        const oldest = this.pending.keys().next().value;
        if (oldest !== undefined) this.pending.delete(oldest);
      }
      this.pending.set(key(direction, msgId), { at: now, method });
    } else if ((kind === 'response' || kind === 'error') && msgId !== undefined) {
      const requestDirection = direction === 'in' ? 'out' : 'in';
      const request = this.pending.get(key(requestDirection, msgId));
      if (request) {
        this.pending.delete(key(requestDirection, msgId));
        durationMs = now - request.at;
        method = request.method;
      }
    }
    // Serialising every message just to measure it doubled the JSON work of
    // a Verify all; a walk estimates the size, and only a message that may be
    // too big to keep is serialised, for its preview.
    const estimate = approximateJsonLength(message, 0);
    let serialised: string | undefined;
    if (estimate > MAX_LOGGED_MESSAGE_CHARS) {
      try {
        serialised = JSON.stringify(message) ?? 'undefined';
      } catch {
        serialised = String(message);
      }
    }
    const bytes = size ?? serialised?.length ?? estimate;
    const truncated = serialised !== undefined && serialised.length > MAX_LOGGED_MESSAGE_CHARS;
    this.push({
      direction,
      kind,
      ...(method !== undefined ? { method } : {}),
      ...(msgId !== undefined ? { id: msgId } : {}),
      ...(durationMs !== undefined ? { durationMs } : {}),
      ...(truncated ? { text: `${serialised!.slice(0, MAX_LOGGED_MESSAGE_CHARS)}…`, truncated: true } : { message }),
      bytes,
    });
  }

  /** Records what a stdio server wrote to stderr, one entry per line. */
  stderr(text: string): void {
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    for (const line of lines) {
      const clean = line.replace(/\r$/, '');
      this.push({ direction: 'stderr', kind: 'stderr', text: clean.slice(0, MAX_LOGGED_MESSAGE_CHARS), bytes: clean.length });
    }
  }

  note(text: string): void {
    this.push({ direction: 'note', kind: 'note', text, bytes: text.length });
  }

  /** Requests that never got an answer are forgotten when the connection ends. */
  resetPending(): void {
    this.pending.clear();
  }

  list(): ProtocolLogEntry[] {
    return this.entries.slice(this.start);
  }

  /** The sequence number of the latest entry; entries after it are newer. */
  get lastSeq(): number {
    return this.seq;
  }

  /** Entries newer than `seq`. */
  since(seq: number): ProtocolLogEntry[] {
    return this.list().filter((e) => e.seq > seq);
  }

  /** The last stderr lines (newer than `sinceSeq`), for diagnostics of a process that exited. */
  lastStderr(lines: number, sinceSeq = 0): string {
    const texts: string[] = [];
    for (let i = this.entries.length - 1; i >= this.start && texts.length < lines; i--) {
      const entry = this.entries[i];
      if (!entry || entry.seq <= sinceSeq) break;
      if (entry.direction === 'stderr' && entry.text) texts.unshift(entry.text.trimEnd());
    }
    return texts.join('\n').split('\n').slice(-lines).join('\n');
  }

  clear(): void {
    this.entries = [];
    this.start = 0;
    this.dropped = 0;
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

  private push(partial: { direction: LogDirection } & Omit<ProtocolLogEntry, 'seq' | 'serverId' | 'at' | 'direction'>): void {
    const entry: ProtocolLogEntry = { seq: ++this.seq, serverId: this.serverId, at: Date.now(), ...partial };
    this.entries.push(entry);
    this.compact();
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
      this.start += live - this.limit;
    }
    // Amortised O(1): drop the dead prefix once it is as big as the live part.
    if (this.start > 1024 && this.start * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.start);
      this.start = 0;
    }
  }
}
