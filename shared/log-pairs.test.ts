import { describe, expect, it } from 'vitest';
import type { ProtocolLogEntry } from './model.js';
import { inlineParams, isReplayable, latencyOf, pairLog, toJsonLines } from './log-pairs.js';

let seq = 0;
function entry(partial: Partial<ProtocolLogEntry> & Pick<ProtocolLogEntry, 'direction' | 'kind'>): ProtocolLogEntry {
  seq++;
  return { seq, serverId: 's', at: 1_000 + seq * 10, bytes: 10, ...partial };
}
const request = (id: number | string, method: string, params: Record<string, unknown>, why?: string) =>
  entry({ direction: 'out', kind: 'request', id, method, message: { jsonrpc: '2.0', id, method, params }, ...(why ? { why } : {}) });
const response = (id: number | string, method: string, result: unknown, durationMs: number) => entry({ direction: 'in', kind: 'response', id, method, durationMs, message: { jsonrpc: '2.0', id, result } });

describe('pairLog', () => {
  it('pairs each request with its answer by id, whatever the order of the answers, with latency and params inline', () => {
    const a = request(1, 'resources/read', { uri: 'skill://notes/references/guide.md' }, 'File opened');
    const b = request(2, 'skills/list', {}, 'Refresh');
    const note = entry({ direction: 'in', kind: 'notification', method: 'notifications/resources/list_changed', message: { jsonrpc: '2.0', method: 'notifications/resources/list_changed' } });
    const rb = response(2, 'skills/list', { skills: [] }, 7);
    const ra = response(1, 'resources/read', { contents: [] }, 12);
    const pairs = pairLog([a, b, note, rb, ra]);
    expect(pairs.map((p) => [p.entry.seq, p.status, p.entry.method, p.summary, p.response?.seq, latencyOf(p), p.request?.why])).toEqual([
      [a.seq, 'answered', 'resources/read', 'skill://notes/references/guide.md', ra.seq, 12, 'File opened'],
      [b.seq, 'answered', 'skills/list', '', rb.seq, 7, 'Refresh'],
      [note.seq, 'single', 'notifications/resources/list_changed', '', undefined, undefined, undefined],
    ]);
  });

  it('ids 1 and "1" are two requests; an answer to no request, an error and an unanswered request each show as such', () => {
    const n = request(1, 'skills/get', { uri: 'skill://a/SKILL.md' });
    const s = request('1', 'skills/get', { uri: 'skill://b/SKILL.md' });
    const err = entry({ direction: 'in', kind: 'error', id: '1', message: { jsonrpc: '2.0', id: '1', error: { code: -32602, message: 'no' } } });
    const orphan = response(99, 'x', {}, 1);
    const pairs = pairLog([n, s, err, orphan]);
    expect(pairs.map((p) => [p.entry.seq, p.status, p.summary])).toEqual([
      [n.seq, 'pending', 'skill://a/SKILL.md'],
      [s.seq, 'error', 'skill://b/SKILL.md'],
      [orphan.seq, 'single', ''],
    ]);
  });

  it('a request the server sent pairs with the answer the app sent', () => {
    const ping = entry({ direction: 'in', kind: 'request', id: 5, method: 'ping', message: { jsonrpc: '2.0', id: 5, method: 'ping' } });
    const pong = entry({ direction: 'out', kind: 'response', id: 5, method: 'ping', durationMs: 0, message: { jsonrpc: '2.0', id: 5, result: {} } });
    expect(pairLog([ping, pong]).map((p) => [p.status, p.response?.seq])).toEqual([['answered', pong.seq]]);
  });
});

describe('inlineParams', () => {
  it('names what tells two requests apart', () => {
    expect(inlineParams('resources/directory/read', { uri: 'skill://a/references/', cursor: 'c2' })).toBe('skill://a/references/ cursor=c2');
    expect(inlineParams('tools/call', { name: 'search', arguments: { q: 1 } })).toBe('search');
    expect(inlineParams('skills/list', { cursor: 'p2' })).toBe('cursor=p2');
    expect(inlineParams('initialize', { protocolVersion: '2025-11-25', clientInfo: { name: 'skill-inspector' } })).toBe('2025-11-25 skill-inspector');
    expect(inlineParams('custom/thing', { a: 1, _meta: { x: 1 } })).toBe('{"a":1}');
    expect(inlineParams('resources/read', { uri: `skill://${'x'.repeat(200)}` })).toHaveLength(120);
  });
});

describe('toJsonLines', () => {
  it('one line per row: a request with its params, why, latency and its answer; a lone entry as logged', () => {
    const a = request(3, 'skills/list', { cursor: 'p2' }, 'Verify');
    const ra = response(3, 'skills/list', { skills: [{ uri: 'skill://a/SKILL.md' }] }, 4);
    const line = entry({ direction: 'stderr', kind: 'stderr', text: 'ready' });
    const lines = toJsonLines([a, line, ra]).split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).map((l) => JSON.parse(l) as unknown)).toEqual([
      {
        seq: a.seq,
        at: new Date(a.at).toISOString(),
        direction: 'out',
        kind: 'request',
        method: 'skills/list',
        id: 3,
        why: 'Verify',
        params: { cursor: 'p2' },
        status: 'answered',
        latencyMs: 4,
        response: { seq: ra.seq, at: new Date(ra.at).toISOString(), result: { skills: [{ uri: 'skill://a/SKILL.md' }] } },
      },
      { seq: line.seq, at: new Date(line.at).toISOString(), direction: 'stderr', kind: 'stderr', text: 'ready' },
    ]);
  });
});

describe('isReplayable', () => {
  it('read-only methods only: never tools/call', () => {
    expect(['skills/list', 'skills/get', 'resources/read', 'resources/list', 'resources/directory/read'].every(isReplayable)).toBe(true);
    expect([isReplayable('tools/call'), isReplayable('initialize'), isReplayable(undefined)]).toEqual([false, false, false]);
  });
});
