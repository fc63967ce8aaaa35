// Builds the SDK transport for a server and watches it: every message in and
// out goes to the protocol log, stdio stderr too, and HTTP bodies are capped
// before they are read, each to its request's cap when it has one (response-caps.ts).
import { SSEClientTransport, StreamableHTTPClientTransport, type FetchLike, type Transport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { TransportConfig } from '../../shared/model.js';
import type { ProtocolLog } from './protocol-log.js';
import { MaskedStderr } from './masked-stderr.js';
import { ResponseCaps } from './response-caps.js';
import { withServerHeaders } from './server-headers.js';
import { OWN_ENVIRONMENT, type SearchPath } from './search-path.js';
import { ObservedStdioTransport } from './stdio-transport.js';
import { LATIN1_MASK, SentSecrets, configuredSecrets } from './sent-secrets.js';
import type { TransportAuth } from '../oauth/oauth-sessions.js';

/** What the app learned about a failing HTTP exchange, for diagnostics. */
export interface HttpObservation {
  status?: number;
  bodyExcerpt?: string;
  contentType?: string;
  /** The last 401's WWW-Authenticate (a server that signs in with OAuth names its metadata there). */
  wwwAuthenticate?: string;
}

/** How a stdio process ended, and what it wrote that was not MCP, for diagnostics. */
export interface ProcessObservation {
  exitCode?: number | null;
  signal?: NodeJS.Signals | null;
  spawnError?: NodeJS.ErrnoException;
  /** The first stdout lines that were not JSON-RPC (the SDK skips them silently). */
  nonProtocolOutput?: string[];
  /** Errors the transport reported (a message over the size limit, say), newest last. */
  transportErrors?: string[];
  /** The PATH the command was looked up on, and where it came from. */
  searchPath?: SearchPath;
  /** What the server wrote to stdout that a request sent at `sentAt` could not read: an unfinished line, a line not JSON. */
  unreadOutput?: (sentAt: number) => string | undefined;
  /** Settles when the stdio process exits (set once it has started). */
  exited?: Promise<void>;
}

/**
 * Wraps `fetch` so a response body larger than `maxBytes` fails instead of
 * filling memory; the answer to a request sent with a cap (`caps`) is held to
 * that cap, and only that request fails (ResponseTooLarge). The secrets the
 * request carried (`sent`, and its own credential headers) are masked in an
 * error's body and reason phrase before anything reads them (sent-secrets.ts).
 */
export function cappedFetch(maxBytes: () => number, observation: HttpObservation, caps?: ResponseCaps, sent: SentSecrets = new SentSecrets([])): typeof fetch {
  return async (input, init) => {
    const capped = caps?.cappedFor(init?.body);
    const response = await fetch(input, init);
    observation.status = response.status;
    observation.contentType = response.headers.get('content-type') ?? undefined;
    if (response.status === 401) observation.wwwAuthenticate = response.headers.get('www-authenticate')?.slice(0, 1000) ?? undefined;
    const type = observation.contentType ?? '';
    // An error, or a page that is not MCP (a web page, a proxy's login form):
    // keep the start of the body as evidence for the diagnostic.
    if (!response.ok || (response.status !== 202 && response.status !== 204 && type !== '' && !/json|event-stream/i.test(type))) {
      const secrets = sent.with(init?.headers);
      // Held to the message cap like any answer: a body that never ends (or a compressed one that unpacks to gigabytes) is cut there.
      // Masked whole, before the excerpt is cut, so no part of a secret is left at the cut; the SDK builds its error from this body.
      const text = secrets.mask(await readUpTo(response, maxBytes()).catch(() => ''));
      observation.bodyExcerpt = excerpt(text);
      if (observation.contentType !== undefined) observation.contentType = secrets.mask(observation.contentType);
      return new Response(text, { status: response.status, statusText: secrets.mask(response.statusText, LATIN1_MASK), headers: response.headers });
    }
    const declared = Number(response.headers.get('content-length'));
    const frame = maxBytes();
    const limit = capped ? Math.min(capped.limit, frame) : frame;
    if (Number.isFinite(declared) && declared > limit) {
      await response.body?.cancel();
      if (capped) throw caps!.overflowed(capped, 0, limit);
      throw new Error(`The server's response is ${declared} bytes, over the ${limit}-byte limit; it was not read.`);
    }
    if (!response.body) return response;
    // One pulling stream rather than a TransformStream and its pipe: every
    // response passes here, and building those cost a Verify all over HTTP
    // about 5% of its CPU.
    const reader = response.body.getReader();
    let seen = 0;
    const counted = new ReadableStream<Uint8Array>({
      async pull(controller) {
        let read: Awaited<ReturnType<typeof reader.read>>;
        try {
          read = await reader.read();
        } catch (error) {
          // fetch says only "terminated" when the server closes the connection mid-answer.
          controller.error(cutShort(error, seen, declared));
          return;
        }
        const { done, value } = read;
        if (done) {
          controller.close();
          return;
        }
        seen += value.byteLength;
        if (seen > limit) {
          let error: Error;
          if (capped) error = caps!.overflowed(capped, seen, limit);
          else {
            error = new Error(`The server's response passed the ${limit}-byte limit; reading stopped.`);
            caps?.stoppedAtFrame(init?.body, seen, limit, error);
          }
          controller.error(error);
          await reader.cancel(error).catch(() => undefined);
          return;
        }
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/**
 * The error of a body whose reading failed: when the connection closed before its end (fetch's bare "terminated"),
 * said so with the bytes that came; any other failure as it was.
 */
function cutShort(error: unknown, received: number, declared: number): unknown {
  if (!(error instanceof TypeError) || error.message !== 'terminated') return error;
  const announced = Number.isFinite(declared) && declared > 0 ? ` of the ${declared} it announced` : '';
  return new Error(`The server closed the connection before its answer ended (${received} bytes received${announced}).`, { cause: error });
}

/** The body's text, up to `limit` bytes: the rest is not read, and the body is cancelled. */
async function readUpTo(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  while (bytes < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value.byteLength > limit - bytes ? value.subarray(0, limit - bytes) : value);
    bytes += value.byteLength;
  }
  if (bytes >= limit) await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).toString('utf8');
}

/** The fetch as the sign-in watches it, or as it is without one. */
function observedBy(auth: TransportAuth | undefined, fetch: FetchLike): FetchLike {
  return auth ? auth.provider.observe(fetch) : fetch;
}

/** The start of a response body, on one line, for a person to read. */
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}

export interface BuiltTransport {
  readonly transport: Transport;
  /** The per-request answer caps: Connection.request binds a capped request here. */
  readonly caps: ResponseCaps;
  readonly process: ProcessObservation;
  readonly http: HttpObservation;
}

export function buildTransport(
  config: TransportConfig,
  log: ProtocolLog,
  limits: { maxMessageBytes: () => number },
  /** The login shell's PATH (search-path.ts); this process's own when not given. */
  searchPath?: SearchPath,
  /** An OAuth server's provider (electron/oauth/): the SDK sends its token, refreshes it on a 401. */
  auth?: TransportAuth,
): BuiltTransport {
  const processObservation: ProcessObservation = {};
  const httpObservation: HttpObservation = {};
  const caps = new ResponseCaps(limits.maxMessageBytes, log);
  // What this server is sent that is secret, masked wherever it says it back (sent-secrets.ts).
  const sent = new SentSecrets(configuredSecrets(config));
  let inner: Transport;
  if (config.kind === 'stdio') {
    const inherited = getDefaultEnvironment();
    // A PATH in the server's own env is the user's word and wins over the login shell's.
    const configuredPath = config.env['PATH'];
    processObservation.searchPath =
      configuredPath !== undefined
        ? { value: configuredPath, from: "the server's own env setting" }
        : (searchPath ?? { value: inherited['PATH'] ?? '', from: OWN_ENVIRONMENT });
    const stdio = new ObservedStdioTransport(
      {
        command: config.command,
        args: [...config.args],
        env: { ...inherited, ...(processObservation.searchPath.value ? { PATH: processObservation.searchPath.value } : {}), ...config.env },
        ...(config.cwd ? { cwd: config.cwd } : {}),
        stderr: 'pipe',
        maxBufferSize: limits.maxMessageBytes(),
      },
      processObservation,
      log,
      caps,
    );
    // A server that says what it was started with ("bad key sk-…") has it masked, as an HTTP server's answer has,
    // also when a read ends inside the secret (masked-stderr.ts).
    const stderr = new MaskedStderr(sent, (text, quiet) => log.stderr(text, quiet));
    stdio.stderr?.on('data', (chunk: Buffer) => stderr.write(chunk));
    stdio.stderr?.once('end', () => {
      stderr.end();
      // A last line the server left unfinished is one line all the same (stderr-lines.ts).
      log.stderrEnded();
    });
    inner = stdio;
  } else {
    const headers: Record<string, string> = { ...config.headers };
    if (config.bearerToken) {
      // The token wins over an Authorization header of any case; sending both makes one invalid header.
      for (const name of Object.keys(headers)) if (name.toLowerCase() === 'authorization') delete headers[name];
      headers['Authorization'] = `Bearer ${config.bearerToken}`;
    }
    const options = {
      // Not requestInit: the SDK merges its headers into the OAuth requests as well, so an API key set for
      // the server went to the authorization server the server names (discovery, the token renewal).
      // Outermost, the sign-in notes which token each refused request carried (one-renewal.ts).
      fetch: observedBy(auth, withServerHeaders(cappedFetch(limits.maxMessageBytes, httpObservation, caps, sent), config.url, headers)),
      // A 403 insufficient_scope comes back as InsufficientScopeError: the connection runs the step-up
      // sign-in itself (it may open a browser, and must not count against the request's timeout).
      ...(auth ? { authProvider: auth.provider, onInsufficientScope: 'throw' as const } : {}),
    };
    inner =
      config.kind === 'http'
        ? new StreamableHTTPClientTransport(new URL(config.url), options)
        : new SSEClientTransport(new URL(config.url), options);
  }
  return { transport: logged(inner, log, processObservation, caps, sent), process: processObservation, http: httpObservation, caps };
}

/** How long a broken pipe waits for the process's exit before it is told as a problem of its own. */
const BROKEN_PIPE_GRACE_MS = 2_000;
/** The observations whose broken pipe is already being waited on: many writes can fail for one closed input. */
const brokenPipesWatched = new WeakSet<ProcessObservation>();

/**
 * Keeps a transport error as evidence and notes it in the log. A write that
 * fails with EPIPE means the stdio process closed its input, nearly always
 * because it is exiting; whether that exit or the write is seen first is a race
 * of the operating system's, and the exit (its code, its stderr) is the story
 * the diagnosis tells. So a broken pipe is noted only if the process is still
 * running after a grace period: then it is news.
 */
export function noteTransportError(error: Error, observation: ProcessObservation, log: ProtocolLog, graceMs = BROKEN_PIPE_GRACE_MS): void {
  observation.transportErrors = [...(observation.transportErrors ?? []).slice(-4), error.message];
  const exited = observation.exited;
  if ((error as NodeJS.ErrnoException).code !== 'EPIPE' || exited === undefined) {
    log.note(`Transport error: ${error.message}`);
    return;
  }
  if (observation.exitCode !== undefined || brokenPipesWatched.has(observation)) return;
  brokenPipesWatched.add(observation);
  const timer = setTimeout(() => log.note(`Transport error: ${error.message} (the server closed its input but is still running)`), graceMs);
  timer.unref();
  void exited.then(() => clearTimeout(timer));
}

/**
 * A view of `inner` that logs what passes through it. A Proxy keeps every other
 * property (`stderr`, `pid`, `sessionId`, `setProtocolVersion`…) exactly as the
 * SDK expects to find it.
 */
function logged(inner: Transport, log: ProtocolLog, observation: ProcessObservation, caps: ResponseCaps, sent: SentSecrets): Transport {
  const originals = new WeakMap<object, unknown>();
  // The SDK looks up `send` once per message: one wrapper, and one bound copy of each other method, made once, not per look-up.
  const send = (message: unknown, options?: unknown) => {
    log.message('out', message);
    caps.sent(message);
    return (inner.send as (m: unknown, o?: unknown) => Promise<void>).call(inner, message, options);
  };
  const bound = new WeakMap<object, unknown>();
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'send') return send;
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === 'onmessage' && typeof value === 'function') return originals.get(value) ?? value;
      if (property === 'onerror' && typeof value === 'function') return originals.get(value) ?? value;
      if (typeof value !== 'function') return value;
      let copy = bound.get(value);
      if (copy === undefined) {
        copy = (value as (...a: unknown[]) => unknown).bind(target);
        bound.set(value, copy);
      }
      return copy;
    },
    set(target, property, value: unknown) {
      if (property === 'onmessage' && typeof value === 'function') {
        const handler = value as (message: unknown, extra?: unknown) => void;
        const wrapped = (received: unknown, extra?: unknown) => {
          // A refusal that quotes the request ("invalid key sk-live-…") has the secrets masked before anything reads it.
          const message = sent.maskError(received);
          log.message('in', message);
          caps.received(message);
          handler(message, extra);
        };
        originals.set(wrapped, handler);
        return Reflect.set(target, property, wrapped);
      }
      if (property === 'onerror' && typeof value === 'function') {
        const handler = value as (error: Error) => void;
        const wrapped = (error: Error) => {
          noteTransportError(error, observation, log);
          handler(error);
        };
        originals.set(wrapped, handler);
        return Reflect.set(target, property, wrapped);
      }
      return Reflect.set(target, property, value);
    },
  });
}
