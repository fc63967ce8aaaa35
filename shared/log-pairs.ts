// The protocol log as a server developer reads it: each request and its answer
// on one row, with the latency, the params that matter inline
// (`resources/read skill://…/guide.md`) and why the app sent it; the rest
// (notifications, stderr, the app's notes, an answer to no request) one row
// each. Also the log as JSON lines, one row a line, and which requests may be
// replayed: the read-only ones, never tools/call.
import type { ProtocolLogEntry } from './model.js';

/** Requests that only read: replaying one changes nothing on the server. */
export const REPLAYABLE_METHODS = ['skills/list', 'skills/get', 'resources/read', 'resources/list', 'resources/directory/read'] as const;
export type ReplayableMethod = (typeof REPLAYABLE_METHODS)[number];

export function isReplayable(method: string | undefined): method is ReplayableMethod {
  return (REPLAYABLE_METHODS as readonly string[]).includes(method ?? '');
}

export interface LogPair {
  /** The row's first entry: the request, or the lone entry. */
  readonly entry: ProtocolLogEntry;
  readonly request?: ProtocolLogEntry;
  /** The answer (a result or an error) to `request`. */
  readonly response?: ProtocolLogEntry;
  /** `pending`: a request not answered (yet); `single`: no request and answer pair. */
  readonly status: 'answered' | 'error' | 'pending' | 'single';
  /** The essential params, inline: a URI, a tool's name, a cursor. */
  readonly summary: string;
}

const record = (value: unknown): Record<string, unknown> | undefined => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);

/** The params of a logged request, when its body was kept. */
export function requestParams(entry: ProtocolLogEntry): Record<string, unknown> | undefined {
  return record(record(entry.message)?.['params']);
}

function cut(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What a reader needs to tell two requests of one method apart. */
export function inlineParams(method: string | undefined, params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const str = (key: string) => (typeof params[key] === 'string' ? (params[key] as string) : undefined);
  switch (method) {
    case 'resources/read':
    case 'resources/directory/read':
    case 'resources/subscribe':
    case 'resources/unsubscribe':
    case 'skills/get': {
      const uri = str('uri') ?? str('name') ?? '';
      const cursor = str('cursor');
      return cut(cursor ? `${uri} cursor=${cursor}` : uri);
    }
    case 'tools/call':
    case 'prompts/get':
      return cut(str('name') ?? '');
    case 'initialize': {
      const client = record(params['clientInfo']);
      return cut([str('protocolVersion'), typeof client?.['name'] === 'string' ? client['name'] : undefined].filter(Boolean).join(' '));
    }
    default: {
      const cursor = str('cursor');
      if (cursor !== undefined) return cut(`cursor=${cursor}`);
      const keys = Object.keys(params).filter((k) => k !== '_meta');
      return keys.length === 0 ? '' : cut(JSON.stringify(Object.fromEntries(keys.map((k) => [k, params[k]]))));
    }
  }
}

/** A request and the answer to it share the id, and travel opposite ways. */
const keyOf = (direction: 'in' | 'out', id: string | number) => `${direction}:${typeof id}:${String(id)}`;

export function pairLog(entries: readonly ProtocolLogEntry[]): LogPair[] {
  const rows: LogPair[] = [];
  const open = new Map<string, number>();
  for (const entry of entries) {
    const { id, direction } = entry;
    const travels = direction === 'in' || direction === 'out';
    if (entry.kind === 'request' && id !== undefined && travels) {
      open.set(keyOf(direction, id), rows.length);
      rows.push({ entry, request: entry, status: 'pending', summary: inlineParams(entry.method, requestParams(entry)) });
      continue;
    }
    if ((entry.kind === 'response' || entry.kind === 'error') && id !== undefined && travels) {
      const key = keyOf(direction === 'in' ? 'out' : 'in', id);
      const at = open.get(key);
      if (at !== undefined) {
        open.delete(key);
        const row = rows[at]!;
        rows[at] = { ...row, response: entry, status: entry.kind === 'error' ? 'error' : 'answered' };
        continue;
      }
    }
    rows.push({ entry, status: 'single', summary: entry.kind === 'notification' ? inlineParams(entry.method, requestParams(entry)) : '' });
  }
  return rows;
}

/** The latency of a pair: the answer's time since its request. */
export function latencyOf(pair: LogPair): number | undefined {
  return pair.response?.durationMs ?? (pair.response ? pair.response.at - pair.entry.at : undefined);
}

/** One row as a JSON line: a request with its params and its answer, or a lone entry as logged. */
export function pairToJson(pair: LogPair): Record<string, unknown> {
  const { entry, request, response } = pair;
  const base = { seq: entry.seq, at: new Date(entry.at).toISOString(), direction: entry.direction, kind: entry.kind, ...(entry.method !== undefined ? { method: entry.method } : {}), ...(entry.id !== undefined ? { id: entry.id } : {}) };
  if (!request) return { ...base, ...(entry.message !== undefined ? { message: entry.message } : {}), ...(entry.text !== undefined ? { text: entry.text } : {}) };
  const answer = record(response?.message);
  return {
    ...base,
    ...(request.why !== undefined ? { why: request.why } : {}),
    ...(request.message !== undefined ? { params: requestParams(request) ?? null } : { text: request.text }),
    status: pair.status,
    ...(latencyOf(pair) !== undefined ? { latencyMs: latencyOf(pair) } : {}),
    ...(response
      ? {
          response: {
            seq: response.seq,
            at: new Date(response.at).toISOString(),
            ...(answer && 'result' in answer ? { result: answer['result'] } : {}),
            ...(answer && 'error' in answer ? { error: answer['error'] } : {}),
            ...(response.text !== undefined ? { text: response.text } : {}),
          },
        }
      : {}),
  };
}

/** The log as JSON lines: one row a line, oldest first. */
export function toJsonLines(entries: readonly ProtocolLogEntry[]): string {
  return pairLog(entries)
    .map((pair) => `${JSON.stringify(pairToJson(pair))}\n`)
    .join('');
}
