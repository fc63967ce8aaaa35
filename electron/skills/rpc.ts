// The narrow view of a connection the skills engine needs. Keeping it this
// small lets the engine run against a live Connection, the CLI, and tests alike.

export interface Rpc {
  readonly serverId: string;
  readonly era: 'modern' | 'legacy';
  /** Sends a request and returns the raw result, unvalidated. Throws on JSON-RPC errors. */
  request(method: string, params: Record<string, unknown>, options?: RequestOptions): Promise<unknown>;
}

export interface RequestOptions {
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  /**
   * The most bytes this request's answer may take on the wire. The transport
   * stops receiving the answer as soon as it passes this (it never holds more
   * than about this much of it) and the request fails with a
   * `ResponseTooLarge` error carrying the bytes received so far.
   */
  readonly maxResponseBytes?: number;
  /**
   * Why the app sends this request, when a reader of the protocol log would
   * otherwise wonder (a deliberate second read of a file): the connection
   * writes it to the log as a note just before the request.
   */
  readonly purpose?: string;
}

/** Thrown by `Rpc.request` when the answer passed `maxResponseBytes` on the wire. */
export class ResponseTooLarge extends Error {
  constructor(
    readonly limit: number,
    readonly received: number,
  ) {
    super(`The answer passed ${limit} bytes on the wire (${received} received when it was stopped).`);
    this.name = 'ResponseTooLarge';
  }
}

/**
 * Thrown by `Rpc.request` when the app itself closed the connection (the user
 * disconnected or removed the server) before the request was answered, or
 * sent it after: the server did nothing wrong, so a read cut short this way is
 * no failed read (never a mismatch, never Risky) but a read that did not happen.
 */
export class ClosedByApp extends Error {
  constructor(label: string, method: string) {
    super(`The connection to "${label}" was closed by the app (disconnected or removed) before ${method} was answered; nothing of it was read.`);
    this.name = 'ClosedByApp';
  }
}

/** The JSON-RPC error code of a failed request, when there is one. */
export function rpcErrorCode(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'number') return code;
  }
  return undefined;
}

export function rpcErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
/** Resource-not-found before 2026-07-28. */
export const LEGACY_RESOURCE_NOT_FOUND = -32002;
