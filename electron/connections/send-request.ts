// One request on a live connection, as Connection.request sends it: the
// result comes back unparsed, the request ends at its timeout (said in the
// user's terms), at its answer cap (response-caps.ts) or at the caller's
// cancel, and none of these ends the connection.
import type { Client } from '@modelcontextprotocol/client';
import { appLimitNamer, type LimitNamer } from '../../shared/limits.js';
import type { RequestOptions } from '../skills/rpc.js';
import type { ResponseCaps, SentRequest } from './response-caps.js';

/** JSON-schema-free result parsing: the inspector checks shapes itself so it can report, not throw. */
const anyResult = {
  '~standard': {
    version: 1 as const,
    vendor: 'skill-inspector',
    validate: (value: unknown) => ({ value }),
  },
};

/** A request the server did not answer in time, said in the user's terms. */
export class RequestTimedOut extends Error {
  readonly code = 'REQUEST_TIMEOUT';
  constructor(timeoutMs: number, cause: unknown, limitName: LimitNamer = appLimitNamer, why?: string) {
    super(`no answer within ${Math.round(timeoutMs / 100) / 10} s (the request timeout: ${limitName('requestTimeoutMs')})${why ? `: ${why}` : ''}`, { cause });
    this.name = 'RequestTimedOut';
  }
}

/** What a request needs of the connection it goes on. */
export interface RequestChannel {
  readonly sdk: Client;
  /** The transport's answer caps (its BuiltTransport's). */
  readonly caps: ResponseCaps;
  /** The request's timeout: its own, or the settings'. */
  readonly timeoutMs: number;
  readonly limitName: LimitNamer;
  /** What the server wrote that a request sent at `sentAt` could not read (a stdio server's stdout), said when it times out. */
  readonly unreadOutput?: (sentAt: number) => string | undefined;
}

export async function sendRequest(channel: RequestChannel, method: string, params: Record<string, unknown>, options: RequestOptions): Promise<unknown> {
  const { sdk, caps, timeoutMs: timeout } = channel;
  // The transport stops a request (its answer passed a cap) through this signal; so does the caller's.
  const stop = new AbortController();
  // The cap's own error, when it stopped the request (one variable per request, not a WeakSet: this runs per file).
  let capped: Error | undefined;
  const sent: SentRequest = caps.arm(options.maxResponseBytes, (error) => {
    capped = error;
    stop.abort(error);
  });
  const caller = options.signal;
  const forward = () => stop.abort(caller!.reason);
  if (caller?.aborted) forward();
  else caller?.addEventListener('abort', forward, { once: true });
  const sentAt = Date.now();
  try {
    // The SDK sends the request before `request` returns: the armed request is bound to its id by then.
    const answer = sdk.request({ method, params } as never, anyResult as never, { timeout, signal: stop.signal });
    caps.disarm();
    return await answer;
  } catch (error) {
    if (capped !== undefined && stop.signal.reason === capped) throw capped;
    if (!caller?.aborted && (error as { code?: unknown } | null)?.code === 'REQUEST_TIMEOUT') throw new RequestTimedOut(timeout, error, channel.limitName, channel.unreadOutput?.(sentAt));
    throw error;
  } finally {
    caller?.removeEventListener('abort', forward);
    caps.release(sent);
  }
}
