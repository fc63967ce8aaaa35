// The per-request answer caps of one transport (RequestOptions.maxResponseBytes).
// A request sent with a cap is bound here to the JSON-RPC id the SDK gives it,
// so the transports can stop receiving its answer at that cap and fail that
// request — and no other — with ResponseTooLarge, while the connection stays up.
//
// Over HTTP each request has its own response body, so the cap is exact. Over
// stdio every answer is one line of one stream, and a line's id is known only
// when the server writes it: first (`{"jsonrpc":"2.0","id":7,…`, looked for in
// the line's first bytes) or last (`…,"jsonrpc":"2.0","id":7}`, the SDK's order,
// looked for in its last bytes once it ends). The rule for a line, while a
// capped request awaits an answer (otherwise nothing changes):
//   - it names a capped request at its start: its limit is that request's cap;
//     past it the line is dropped and that request fails at once;
//   - it names another request, or is a request or notification: the frame
//     cap, past which the transport hangs up as ever;
//   - it does not say yet: while only capped requests await an answer, the
//     largest of their caps; while an uncapped one does too, the frame cap
//     (what may be an uncapped request's answer is held as far as ever). Past
//     it the line is dropped, and when it ends the capped request its last
//     bytes name fails. A line that names none fails no request — whoever it
//     answered times out, truthfully — unless it passed the frame cap: then
//     the transport hangs up, as it would have.
// A dropped line is never held: its bytes are counted and discarded.
import { ResponseTooLarge } from '../skills/rpc.js';
import { HEAD_BYTES, TAIL_BYTES, type LineCaps, type LineVerdict } from './line-buffer.js';
import type { ProtocolLog } from './protocol-log.js';

/** A request Connection.request sent, with its cap if it has one, held while it is in flight. */
export interface SentRequest {
  readonly limit?: number;
  /** Fails the request: Connection.request rejects with this error and cancels the request with the server. */
  readonly fail: (error: Error) => void;
  /** The JSON-RPC id, once sent. */
  id?: number;
}

type CappedRequest = SentRequest & { readonly limit: number };

interface Verdict extends LineVerdict {
  readonly owner?: CappedRequest;
  /** Bytes taken when the line was stopped. */
  received?: number;
}

/** How many ids of uncapped requests are remembered; a server that never answers cannot grow this. */
const MAX_UNCAPPED = 10_000;

export class ResponseCaps implements LineCaps {
  private armed: SentRequest | undefined;
  /** What Connection.request sent, by id. */
  private readonly requests = new Map<number, SentRequest>();
  private readonly capped = new Map<number, CappedRequest>();
  /** Ids of requests sent without a cap that await an answer. */
  private readonly uncapped = new Set<number>();
  private largest = 0;
  private smallest = Number.POSITIVE_INFINITY;

  constructor(
    /** The frame cap every message is held to anyway (maxMessageBytes). */
    private readonly frameCap: () => number,
    private readonly log: ProtocolLog,
  ) {}

  /** The next request sent is this one. The SDK sends synchronously inside `request()`; call `disarm` right after it. */
  arm(limit: number | undefined, fail: (error: Error) => void): SentRequest {
    this.armed = limit === undefined ? { fail } : { limit, fail };
    return this.armed;
  }

  disarm(): void {
    this.armed = undefined;
  }

  /** The request is over (answered, failed, timed out or cancelled). */
  release(request: SentRequest): void {
    if (this.armed === request) this.armed = undefined;
    const id = request.id;
    if (id === undefined || this.requests.get(id) !== request) return;
    this.requests.delete(id);
    if (this.capped.delete(id)) this.measure();
    else this.uncapped.delete(id);
  }

  /** Every message the client sends passes here. */
  sent(message: unknown): void {
    if (typeof message !== 'object' || message === null) return;
    const record = message as { id?: unknown; method?: unknown; params?: { requestId?: unknown } };
    if (typeof record.method !== 'string') return;
    if (record.id === undefined) {
      // The SDK tells the server when it gives up on a request (timeout, abort): nothing awaits that answer any more.
      if (record.method === 'notifications/cancelled') this.uncapped.delete(Number(record.params?.requestId));
      return;
    }
    const id = Number(record.id);
    const armed = this.armed;
    if (armed) {
      this.armed = undefined;
      armed.id = id;
      this.requests.set(id, armed);
      if (armed.limit !== undefined) {
        this.capped.set(id, armed as CappedRequest);
        this.measure();
        return;
      }
    }
    if (this.uncapped.size >= MAX_UNCAPPED) this.uncapped.delete(this.uncapped.values().next().value!);
    this.uncapped.add(id);
  }

  /** Every message the client receives passes here. */
  received(message: unknown): void {
    if (typeof message !== 'object' || message === null) return;
    const record = message as { id?: unknown; method?: unknown };
    // The SDK matches an answer to its request by Number(id), as here.
    if (record.method === undefined && record.id !== undefined) this.uncapped.delete(Number(record.id));
  }

  /** The server's answer to request `id` could not be used (unusable-answer.ts): the request fails now, not at its timeout. */
  unusable(id: number, error: Error): void {
    this.requests.get(id)?.fail(error);
  }

  /** The connection is gone: nothing awaits an answer. */
  clear(): void {
    this.armed = undefined;
    this.requests.clear();
    this.capped.clear();
    this.uncapped.clear();
    this.measure();
  }

  // ---------------------------------------------------------------- HTTP

  /** The capped request a POST body carries, if any (only looked for while a capped request is in flight). */
  cappedFor(body: unknown): CappedRequest | undefined {
    if (this.capped.size === 0) return undefined;
    const id = idOfBody(body);
    return id === undefined ? undefined : this.capped.get(Number(id));
  }

  /**
   * A response body passed the message cap: the request it answers fails
   * with `error` now. (The SDK reports an SSE body's error but leaves its
   * request waiting for the timeout.)
   */
  stoppedAtFrame(body: unknown, received: number, limit: number, error: Error): void {
    const id = idOfBody(body);
    const request = id === undefined ? undefined : this.requests.get(Number(id));
    if (!request) return;
    this.release(request);
    this.log.stopped(request.id!, received, limit, 'message');
    request.fail(error);
  }

  /** A response body passed `request`'s cap after `received` bytes: stopped there. */
  overflowed(request: CappedRequest, received: number, limit = request.limit): ResponseTooLarge {
    const error = new ResponseTooLarge(limit, received);
    this.release(request);
    if (request.id !== undefined) this.log.stopped(request.id, received, limit);
    request.fail(error);
    return error;
  }

  // ---------------------------------------------------------------- stdio lines

  /** Below this a line is never asked about: the frame cap unless a capped request is in flight. */
  get floor(): number {
    return Math.min(this.smallest, this.frameCap());
  }

  limitFor(head: Buffer): Verdict {
    const frame = this.frameCap();
    const start = peekHead(head.toString('latin1'));
    if (start.kind === 'id') {
      const owner = this.capped.get(Number(start.id));
      return owner ? { limit: Math.min(owner.limit, frame), drop: true, owner, final: true } : { limit: frame, drop: false, final: true };
    }
    if (start.kind === 'method') return { limit: frame, drop: false, final: true };
    const final = head.length >= HEAD_BYTES || start.kind === 'answer';
    if (this.capped.size === 0) return { limit: frame, drop: false, final };
    return { limit: this.uncapped.size > 0 ? frame : Math.min(this.largest, frame), drop: true, final };
  }

  stopped(verdict: Verdict, received: number): void {
    verdict.received = received;
    if (verdict.owner) {
      this.overflowed(verdict.owner, received, verdict.limit);
      return;
    }
    this.log.note(
      `A message passed ${verdict.limit} bytes (${received} received) while requests with a cap awaited an answer: stopped there; the rest of the line is discarded, and the capped request it answers fails when the line ends and names it.`,
    );
  }

  ended(verdict: Verdict, size: number, tail: Buffer): boolean {
    if (verdict.owner) return true;
    const id = tailId(tail.toString('latin1'));
    const owner = id === undefined ? undefined : this.capped.get(Number(id));
    if (owner) {
      this.overflowed(owner, verdict.received ?? size, Math.min(owner.limit, verdict.limit));
      return true;
    }
    this.log.note(`The line stopped at ${verdict.limit} bytes ended after ${size} bytes naming no capped request awaiting an answer${id === undefined ? '' : ` (its id: ${String(id)})`}; it was discarded.`);
    return false;
  }

  private measure(): void {
    let largest = 0;
    let smallest = Number.POSITIVE_INFINITY;
    for (const request of this.capped.values()) {
      if (request.limit > largest) largest = request.limit;
      if (request.limit < smallest) smallest = request.limit;
    }
    this.largest = largest;
    this.smallest = smallest;
  }
}

/** The SDK serialises `{...request, jsonrpc, id}`: the id ends a POST body. */
function idOfBody(body: unknown): unknown {
  if (typeof body !== 'string') return undefined;
  const id = tailId(body.slice(-TAIL_BYTES));
  if (id !== undefined || body.length > 64 * 1024) return id;
  try {
    return (JSON.parse(body) as { id?: unknown }).id;
  } catch {
    return undefined;
  }
}

type Head = { kind: 'id'; id: string | number } | { kind: 'method' } | { kind: 'answer' } | { kind: 'unknown' };

/**
 * What a line's first bytes say it is: `{"id":…` or `{"jsonrpc":"2.0","id":…`
 * names its request; a first member `method` makes it a request or
 * notification; `result` or `error` an answer whose id comes later.
 */
export function peekHead(head: string): Head {
  const match = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"(id|method|result|error)"\s*:\s*(-?\d+(?=\s*[,}])|"[^"\\]*")?/.exec(head);
  if (!match) return { kind: 'unknown' };
  if (match[1] === 'id') return match[2] === undefined ? { kind: 'unknown' } : { kind: 'id', id: match[2].startsWith('"') ? match[2].slice(1, -1) : Number(match[2]) };
  return match[1] === 'method' ? { kind: 'method' } : { kind: 'answer' };
}

/**
 * The id a message's last bytes name: `…,"id":7}` or `…,"id":7,"jsonrpc":"2.0"}`.
 * The single closing brace after it makes it a member of the outer object.
 */
export function tailId(tail: string): string | number | undefined {
  const match = /"id"\s*:\s*(-?\d+|"[^"\\]*")\s*(?:,\s*"jsonrpc"\s*:\s*"2\.0"\s*)?\}\s*$/.exec(tail);
  if (!match) return undefined;
  return match[1]!.startsWith('"') ? match[1]!.slice(1, -1) : Number(match[1]);
}
