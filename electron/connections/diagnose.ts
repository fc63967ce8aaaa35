// Turns whatever went wrong while talking to a server into a diagnostic a
// person can act on: what happened, the evidence, and what to try.
import type { LimitNamer } from '../../shared/limits.js';
import type { Diagnostic, ProtocolLogEntry, TransportConfig } from '../../shared/model.js';
import { describeSearchPath } from './search-path.js';
import { diagnoseOAuth, oauthDiagnosticOf } from '../oauth/oauth-errors.js';
import type { HttpObservation, ProcessObservation } from './transports.js';
import { redactText } from '../secrets/redact.js';
import { shownUrl } from '../../shared/shown-url.js';
import { SECRET_MASK, maskReferences, splitArgs } from '../../shared/secret-args.js';
import { isSecretName } from '../../shared/secret-fields.js';
import { shortMessage } from './short-message.js';

export interface FailureContext {
  readonly error: unknown;
  readonly transport: TransportConfig;
  readonly process: ProcessObservation;
  readonly http: HttpObservation;
  readonly lastStderr: string;
  readonly timeoutMs: number;
  /** Methods of the requests that went out and got no answer, oldest first. */
  readonly unanswered: readonly string[];
  /** How the hints name a limit to raise (Settings in the app, a flag in the command). */
  readonly limitName: LimitNamer;
}

const TLS_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'EPROTO',
]);

interface ChainLink {
  readonly message: string;
  readonly code?: string;
  readonly name?: string;
}

/** Walks `cause` chains: fetch hides the socket error two levels down. */
function errorChain(error: unknown): ChainLink[] {
  const chain: ChainLink[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    if (typeof current === 'object') {
      const record = current as { message?: unknown; code?: unknown; name?: unknown; cause?: unknown };
      chain.push({
        message: typeof record.message === 'string' ? record.message : String(current),
        ...(typeof record.code === 'string' ? { code: record.code } : {}),
        ...(typeof record.name === 'string' ? { name: record.name } : {}),
      });
      current = record.cause;
    } else {
      chain.push({ message: String(current) });
      break;
    }
  }
  return chain;
}

/** The server's address as a diagnostic names it: a key in its path or a secret query parameter masked (the command prints diagnostics as they are). */
function addressOf(transport: Extract<TransportConfig, { kind: 'http' | 'sse' }>): string {
  return shownUrl(transport.url);
}

/**
 * The server as the person configured it, its secrets shown as the mask: the command prints diagnostics to stderr
 * and CI logs with no redacting layer between (the app's bridge has one), so a `--api-key sk-…` quoted here would be
 * there in clear. The arguments are read as servers.json's split reads them (splitArgs), so what is kept out of the
 * file is kept out of the message.
 */
function where(transport: TransportConfig): string {
  if (transport.kind !== 'stdio') return addressOf(transport);
  const args = splitArgs(transport.args, isSecretName).args.map((a) => maskReferences(a, SECRET_MASK));
  return `"${[transport.command, ...args].join(' ')}"`;
}

/**
 * The messages of an error and its causes, each said once ("fetch failed: fetch failed" reads as noise), on one line
 * and short: they are what the app says of a failure it has no words for, and a server can write them (the SDK puts
 * the whole body of an answer it does not expect into its error). `secrets` are redacted before the text is cut, so
 * none is cut in two; the app redacts what it shows again, and a word across the cut is left out whole.
 */
export function describeError(error: unknown, secrets: Iterable<string> = []): string {
  const parts: string[] = [];
  for (const { message } of errorChain(error)) {
    const text = message.trim();
    if (text && !parts.some((p) => p.includes(text))) parts.push(text);
  }
  return shortMessage(redactText(parts.join(': '), secrets));
}

/** The requests in `entries` that went out and were not answered in them, oldest first. */
export function unansweredRequests(entries: readonly ProtocolLogEntry[]): string[] {
  const open = new Map<string, string>();
  for (const entry of entries) {
    if (entry.id === undefined) continue;
    const key = `${typeof entry.id}:${entry.id}`;
    if (entry.direction === 'out' && entry.kind === 'request' && entry.method) open.set(key, entry.method);
    else if (entry.direction === 'in' && (entry.kind === 'response' || entry.kind === 'error')) open.delete(key);
  }
  return [...new Set(open.values())];
}

function quoteLines(lines: readonly string[]): string {
  return lines.map((l) => `  ${l}`).join('\n');
}

/** Error codes named only inside messages: some transports flatten the cause into text. */
function codesIn(text: string): string[] {
  return text.match(/\b(?:E[A-Z]{3,}|ERR_[A-Z_]+|[A-Z_]*CERT[A-Z_]*)\b/g) ?? [];
}

/** A bare command name was looked up on a PATH: say which, since a launcher's PATH is not the terminal's. */
function searchedPath(command: string, proc: ProcessObservation): string {
  if (!proc.searchPath || /[\\/]/.test(command)) return '';
  return ` Searched ${describeSearchPath(proc.searchPath)}.`;
}

export function diagnose(context: FailureContext): Diagnostic {
  const { transport, process: proc } = context;
  const chain = errorChain(context.error);
  const text = chain.map((e) => e.message).join(' | ');
  const codes = new Set([...chain.map((e) => e.code).filter((c): c is string => Boolean(c)), ...codesIn(text)]);
  const stderrTail = context.lastStderr ? `\nLast stderr lines:\n${context.lastStderr}` : '';
  const waitedFor = context.unanswered.length > 0 ? context.unanswered.join(' or ') : 'the handshake';
  const seconds = `${Math.round(context.timeoutMs / 100) / 10} s`;

  const oversized = proc.transportErrors?.find((e) => /exceeded maximum size|over the .*limit|passed the .*limit/i.test(e)) ?? chain.map((e) => e.message).find((m) => /exceeded maximum size|-byte limit/i.test(m));
  if (oversized) {
    return {
      code: 'message-too-large',
      title: 'The server sent a message larger than the limit',
      detail: `${where(transport)} sent a message too large to accept, so the connection was closed: ${oversized}.`,
      hint: `A file this large is not read. If the server is right to send it, raise ${context.limitName('maxFileBytes')} (a message may be twice that and 64 KiB more, and at least 1 MiB); otherwise the server is misbehaving.`,
    };
  }

  if (transport.kind !== 'stdio') {
    const oauth = diagnoseOAuth(context.error, addressOf(transport), transport.auth?.type === 'oauth');
    if (oauth) return oauth;
  }

  if (transport.kind === 'stdio') {
    const spawnCode = proc.spawnError?.code;
    if (spawnCode === 'ENOENT' || (!proc.spawnError && proc.exitCode === undefined && codes.has('ENOENT'))) {
      return {
        code: 'command-not-found',
        title: 'Command not found',
        detail: `The command "${transport.command}" could not be started: it was not found on the PATH${transport.cwd ? ` or in the working directory ${transport.cwd}` : ''}.${searchedPath(transport.command, proc)}`,
        hint: 'Check the spelling, give the full path to the program, or install it.',
      };
    }
    if (spawnCode === 'EACCES') {
      return {
        code: 'command-not-found',
        title: 'Command cannot be run',
        detail: `The command "${transport.command}" exists but is not executable (permission denied).`,
        hint: 'Make the file executable, or run it through its interpreter (for example "node server.js").',
      };
    }
    const junk = proc.nonProtocolOutput ?? [];
    const junkLines = junk.length > 0 ? `\nIts stdout began with lines that are not JSON-RPC:\n${quoteLines(junk)}` : '';
    const exited = proc.exitCode !== undefined || Boolean(proc.signal);
    const crashed = Boolean(proc.signal) || (proc.exitCode !== undefined && proc.exitCode !== 0);
    if (crashed || (exited && junk.length === 0)) {
      const how = proc.signal ? `was killed by ${proc.signal}` : `exited with code ${proc.exitCode}`;
      return {
        code: 'process-exited',
        title: 'Server process exited',
        detail: `The server process ${where(transport)} ${how} before the connection was established.${stderrTail}${junkLines}`,
        hint: 'Run the command in a terminal to see its full output; check its arguments and environment.',
      };
    }
    if (junk.length > 0) {
      return {
        code: 'not-mcp',
        title: 'The program does not speak MCP',
        detail: `${where(transport)} wrote text that is not JSON-RPC to stdout and ${exited ? 'exited' : `did not answer ${waitedFor} within ${seconds}`}. Its first lines:\n${quoteLines(junk)}${stderrTail}`,
        hint: 'Make sure the command starts an MCP server on stdio (often a flag such as "stdio" or "--stdio") and that it writes nothing else to stdout.',
      };
    }
  }

  if (codes.has('REQUEST_TIMEOUT') || /timed? ?out/i.test(text)) {
    return {
      code: 'timeout',
      title: 'The server did not answer in time',
      detail: `No answer from ${where(transport)} to ${waitedFor} within ${seconds}.${stderrTail}`,
      hint: `The server may be hung or busy, or may not speak MCP on this channel. If it is just slow, raise ${context.limitName('requestTimeoutMs')}.`,
    };
  }

  if (codes.has('ABORT_ERR') || chain.some((e) => e.name === 'AbortError')) {
    return { code: 'cancelled', title: 'Cancelled', detail: 'The connection attempt was cancelled.', hint: 'Connect again when ready.' };
  }

  if (transport.kind !== 'stdio') return diagnoseHttp(context, chain, codes, text);

  if (/JSON|parse|Unexpected token|invalid message/i.test(text)) {
    return {
      code: 'not-mcp',
      title: 'The program does not speak MCP',
      detail: `${where(transport)} sent something that is not a JSON-RPC message: ${describeError(context.error)}.${stderrTail}`,
      hint: 'Make sure the command starts an MCP server on stdio and writes nothing else to stdout.',
    };
  }

  if (/Connection closed/i.test(text)) {
    return {
      code: 'process-exited',
      title: 'Server process closed the connection',
      detail: `The server process ${where(transport)} closed its output before answering.${stderrTail}`,
      hint: 'Run the command in a terminal to see its full output.',
    };
  }

  return unknown(context, stderrTail);
}

function diagnoseHttp(context: FailureContext, chain: readonly ChainLink[], codes: ReadonlySet<string>, text: string): Diagnostic {
  const { transport, http } = context;
  if (transport.kind === 'stdio') return unknown(context, '');
  const address = addressOf(transport);
  const status = http.status ?? statusFrom(text);
  const body = http.bodyExcerpt ? `\nResponse body: ${http.bodyExcerpt}` : '';
  if (status === 401 && transport.auth?.type === 'oauth') {
    return oauthDiagnosticOf('oauth-sign-in-required', `${address} needs a signed-in user (HTTP 401), and this connection has no token for it.${body}`);
  }
  if (status === 401) {
    // A server that names its protected-resource metadata signs in with OAuth (RFC 9728 §5.1).
    const offersOAuth = /resource_metadata\s*=/i.test(http.wwwAuthenticate ?? '') && transport.auth?.type !== 'oauth';
    return {
      code: 'http-unauthorized',
      title: 'Unauthorized (HTTP 401)',
      detail: `${address} refused the request: authentication is required or the credentials were rejected.${body}`,
      hint: offersOAuth
        ? 'The server signs in with OAuth (its answer names its protected-resource metadata): turn on OAuth sign-in in the server settings, or give the command --oauth.'
        : 'Add or correct the bearer token or the Authorization header in the server settings.',
    };
  }
  if (status === 403) {
    return {
      code: 'http-forbidden',
      title: 'Forbidden (HTTP 403)',
      detail: `${address} refused the request (403).${body}`,
      hint: 'The credentials are valid but lack access, or the server rejects this origin. Check the token scopes and the server configuration.',
    };
  }
  if (status === 404) {
    return {
      code: 'http-not-found',
      title: 'Not found (HTTP 404)',
      detail: `Nothing answers MCP at ${address} (404).${body}`,
      hint: 'Check the path: MCP endpoints are often at /mcp (Streamable HTTP) or /sse (legacy SSE).',
    };
  }
  if (status !== undefined && status >= 500) {
    return {
      code: 'http-server-error',
      title: `Server error (HTTP ${status})`,
      detail: `${address} failed while handling the request (${status}).${body}`,
      hint: 'The server itself failed; look at its logs.',
    };
  }
  const tlsCode = [...codes].find((c) => TLS_CODES.has(c));
  if (tlsCode || /certificate|self[- ]signed|SSL|TLS/i.test(text)) {
    const innermost = chain.at(-1);
    const reason = innermost ? `${innermost.message}${innermost.code ? ` (${innermost.code})` : ''}` : describeError(context.error);
    return {
      code: 'tls-error',
      title: 'TLS certificate problem',
      detail: `The secure connection to ${address} failed: ${reason}.`,
      hint: 'The certificate is not trusted (self-signed, expired or for another host). Fix the certificate, or use the right host name.',
    };
  }
  if (codes.has('ECONNREFUSED')) {
    return {
      code: 'connection-refused',
      title: 'Connection refused',
      detail: `Nothing is listening at ${address} (connection refused).`,
      hint: 'Start the server, or check the host and port.',
    };
  }
  if (codes.has('ENOTFOUND') || codes.has('EAI_AGAIN')) {
    return {
      code: 'dns-error',
      title: 'Host not found',
      detail: `The host name in ${address} could not be resolved.`,
      hint: 'Check the spelling of the host name and your network.',
    };
  }
  if (status !== undefined && status >= 400) {
    return {
      code: 'http-error',
      title: `HTTP ${status}`,
      detail: `${address} answered ${status}.${body}`,
      hint: 'Check the URL and the server configuration.',
    };
  }
  if ((http.contentType && !/json|event-stream/i.test(http.contentType)) || /content[- ]type|Unexpected token|JSON/i.test(text)) {
    const type = http.contentType?.split(';')[0]?.trim();
    const what = type === 'text/html' ? 'a web page (text/html)' : `content of type ${type ?? 'unknown'}`;
    return {
      code: 'not-mcp',
      title: 'This endpoint does not speak MCP',
      detail: `${address} answered with ${what}, not MCP.${http.bodyExcerpt ? `\nStart of the response: ${http.bodyExcerpt}` : ''}`,
      hint: 'Check that the URL points at the MCP endpoint (often /mcp, or /sse for legacy SSE), not a web page.',
    };
  }
  return unknown(context, '');
}

function unknown(context: FailureContext, stderrTail: string): Diagnostic {
  return {
    code: 'unknown',
    title: 'Connection failed',
    detail: `${describeError(context.error)}${stderrTail}`,
    hint: 'Open the protocol log for the exchange that failed.',
  };
}

function statusFrom(text: string): number | undefined {
  const match = /\b(?:HTTP|status)[^0-9]{0,12}([1-5]\d\d)\b/i.exec(text);
  return match ? Number(match[1]) : undefined;
}
