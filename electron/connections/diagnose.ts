// Turns whatever went wrong while talking to a server into a diagnostic a
// person can act on: what happened, the evidence, and what to try.
import type { Diagnostic, TransportConfig } from '../../shared/model.js';
import type { HttpObservation, ProcessObservation } from './transports.js';

export interface FailureContext {
  readonly error: unknown;
  readonly transport: TransportConfig;
  readonly process: ProcessObservation;
  readonly http: HttpObservation;
  readonly lastStderr: string;
  readonly timeoutMs: number;
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

/** Walks `cause` chains: fetch hides the socket error two levels down. */
function errorChain(error: unknown): Array<{ message: string; code?: string; name?: string }> {
  const chain: Array<{ message: string; code?: string; name?: string }> = [];
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

function where(transport: TransportConfig): string {
  return transport.kind === 'stdio' ? `"${[transport.command, ...transport.args].join(' ')}"` : transport.url;
}

export function describeError(error: unknown): string {
  return errorChain(error)
    .map((e) => e.message)
    .filter((m, i, all) => all.indexOf(m) === i)
    .join(': ');
}

export function diagnose(context: FailureContext): Diagnostic {
  const { transport, process: proc, http } = context;
  const chain = errorChain(context.error);
  const codes = new Set(chain.map((e) => e.code).filter((c): c is string => Boolean(c)));
  const text = chain.map((e) => e.message).join(' | ');
  const stderrTail = context.lastStderr ? `\nLast stderr lines:\n${context.lastStderr}` : '';

  if (transport.kind === 'stdio') {
    const spawnCode = proc.spawnError?.code;
    if (spawnCode === 'ENOENT' || codes.has('ENOENT')) {
      return {
        code: 'command-not-found',
        title: 'Command not found',
        detail: `The command "${transport.command}" could not be started: it was not found${transport.cwd ? ` (working directory ${transport.cwd})` : ''} on the PATH.`,
        hint: 'Check the spelling, give the full path to the program, or install it.',
      };
    }
    if (spawnCode === 'EACCES' || codes.has('EACCES')) {
      return {
        code: 'command-not-found',
        title: 'Command cannot be run',
        detail: `The command "${transport.command}" exists but is not executable (permission denied).`,
        hint: 'Make the file executable, or run it through its interpreter (for example "node server.js").',
      };
    }
    if (proc.exitCode !== undefined || proc.signal) {
      const how = proc.signal ? `was killed by ${proc.signal}` : `exited with code ${proc.exitCode}`;
      return {
        code: 'process-exited',
        title: 'Server process exited',
        detail: `The server process ${where(transport)} ${how} before the connection was established.${stderrTail}`,
        hint: 'Run the command in a terminal to see its full output; check its arguments and environment.',
      };
    }
  }

  if (codes.has('REQUEST_TIMEOUT') || /timed? ?out/i.test(text)) {
    return {
      code: 'timeout',
      title: 'The server did not answer in time',
      detail: `No answer from ${where(transport)} within ${Math.round(context.timeoutMs / 1000)} s.${stderrTail}`,
      hint: 'The server may be hung or busy, or may not speak MCP on this channel. Raise the request timeout in Settings if it is just slow.',
    };
  }

  if (transport.kind !== 'stdio') {
    const status = http.status ?? statusFrom(text);
    const body = http.bodyExcerpt ? `\nResponse body: ${http.bodyExcerpt}` : '';
    if (status === 401) {
      return {
        code: 'http-unauthorized',
        title: 'Unauthorized (HTTP 401)',
        detail: `${transport.url} refused the request: authentication is required or the credentials were rejected.${body}`,
        hint: 'Add or correct the bearer token or the Authorization header in the server settings.',
      };
    }
    if (status === 403) {
      return {
        code: 'http-forbidden',
        title: 'Forbidden (HTTP 403)',
        detail: `${transport.url} refused the request (403).${body}`,
        hint: 'The credentials are valid but lack access, or the server rejects this origin. Check the token scopes and the server configuration.',
      };
    }
    if (status === 404) {
      return {
        code: 'http-not-found',
        title: 'Not found (HTTP 404)',
        detail: `Nothing answers MCP at ${transport.url} (404).${body}`,
        hint: 'Check the path: MCP endpoints are often at /mcp (Streamable HTTP) or /sse (legacy SSE).',
      };
    }
    if (status !== undefined && status >= 500) {
      return {
        code: 'http-server-error',
        title: `Server error (HTTP ${status})`,
        detail: `${transport.url} failed while handling the request (${status}).${body}`,
        hint: 'The server itself failed; look at its logs.',
      };
    }
    if ([...codes].some((c) => TLS_CODES.has(c)) || /certificate|self[- ]signed|SSL|TLS/i.test(text)) {
      return {
        code: 'tls-error',
        title: 'TLS certificate problem',
        detail: `The secure connection to ${transport.url} failed: ${describeError(context.error)}.`,
        hint: 'The certificate is not trusted (self-signed, expired or for another host). Fix the certificate, or use the right host name.',
      };
    }
    if (codes.has('ECONNREFUSED')) {
      return {
        code: 'connection-refused',
        title: 'Connection refused',
        detail: `Nothing is listening at ${transport.url}.`,
        hint: 'Start the server, or check the host and port.',
      };
    }
    if (codes.has('ENOTFOUND') || codes.has('EAI_AGAIN')) {
      return {
        code: 'dns-error',
        title: 'Host not found',
        detail: `The host name in ${transport.url} could not be resolved.`,
        hint: 'Check the spelling of the host name and your network.',
      };
    }
    if (status !== undefined && status >= 400) {
      return {
        code: 'http-error',
        title: `HTTP ${status}`,
        detail: `${transport.url} answered ${status}.${body}`,
        hint: 'Check the URL and the server configuration.',
      };
    }
    if ((http.contentType && !/json|event-stream/i.test(http.contentType)) || /content[- ]type|Unexpected token|JSON/i.test(text)) {
      return {
        code: 'not-mcp',
        title: 'This endpoint does not speak MCP',
        detail: `${transport.url} answered, but not with MCP (content type ${http.contentType ?? 'unknown'}): ${describeError(context.error)}.`,
        hint: 'Check that the URL points at the MCP endpoint, not a web page.',
      };
    }
  }

  if (/JSON|parse|Unexpected token|invalid message/i.test(text)) {
    return {
      code: 'not-mcp',
      title: 'The server does not speak MCP',
      detail: `${where(transport)} sent something that is not a JSON-RPC message: ${describeError(context.error)}.${stderrTail}`,
      hint: 'Make sure the command starts an MCP server on stdio and writes nothing else to stdout.',
    };
  }

  if (codes.has('ABORT_ERR') || chain.some((e) => e.name === 'AbortError')) {
    return { code: 'cancelled', title: 'Cancelled', detail: 'The connection attempt was cancelled.', hint: 'Connect again when ready.' };
  }

  if (/Connection closed/i.test(text) && transport.kind === 'stdio') {
    return {
      code: 'process-exited',
      title: 'Server process closed the connection',
      detail: `The server process ${where(transport)} closed its output before answering.${stderrTail}`,
      hint: 'Run the command in a terminal to see its full output.',
    };
  }

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
