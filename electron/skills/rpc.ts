// The narrow view of a connection the skills engine needs. Keeping it this
// small lets the engine run against a live Connection, the CLI, and tests alike.

export interface Rpc {
  readonly serverId: string;
  readonly era: 'modern' | 'legacy';
  /** Sends a request and returns the raw result, unvalidated. Throws on JSON-RPC errors. */
  request(method: string, params: Record<string, unknown>, options?: { signal?: AbortSignal; timeoutMs?: number }): Promise<unknown>;
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
