// Replay from the protocol log: a read-only request sent again, as logged or
// as the developer edited it. The params are checked with the SDK's own
// schemas first, so an edit that no server could accept is refused here, with
// the schema's words, instead of reaching the server. Only the methods of
// REPLAYABLE_METHODS: a replay must change nothing on the server, so never
// tools/call.
import { PaginatedRequestParamsSchema, ReadResourceRequestParamsSchema } from '@modelcontextprotocol/core';
import { isReplayable, type ReplayableMethod } from '../../shared/log-pairs.js';
import { ApiFailure } from '../api-failure.js';

interface ParamsSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };
}

/** skills/get and resources/directory/read name a URI as resources/read does; the listings take a cursor. */
const SCHEMAS: Readonly<Record<ReplayableMethod, ParamsSchema>> = {
  'skills/list': PaginatedRequestParamsSchema,
  'resources/list': PaginatedRequestParamsSchema,
  'resources/read': ReadResourceRequestParamsSchema,
  'skills/get': ReadResourceRequestParamsSchema,
  'resources/directory/read': ReadResourceRequestParamsSchema,
};

export interface ReplayTarget {
  readonly snapshot: { readonly status: string };
  request(method: string, params: Record<string, unknown>): Promise<unknown>;
}

export async function replayRequest(connection: ReplayTarget, method: string, params: Record<string, unknown>): Promise<{ result: unknown }> {
  if (!isReplayable(method)) throw new ApiFailure('invalid-params', `${method} is not replayed: only read-only requests are (${Object.keys(SCHEMAS).join(', ')}).`);
  const checked = SCHEMAS[method].safeParse(params);
  if (!checked.success) {
    const issues = checked.error.issues.slice(0, 5).map((i) => `${i.path.map(String).join('.') || '(params)'}: ${i.message}`);
    throw new ApiFailure('invalid-params', `These params are not a valid ${method} request: ${issues.join('; ')}.`);
  }
  if (connection.snapshot.status !== 'connected') throw new ApiFailure('conflict', 'Connect the server first: a replay is sent over the live connection.');
  return { result: await connection.request(method, params) };
}
