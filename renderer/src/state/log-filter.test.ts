import { describe, expect, it } from 'vitest';
import { pairLog } from '../../../shared/log-pairs.js';
import type { ProtocolLogEntry } from '../../../shared/model.js';
import { filterLog, filterPairs, type LogFilters } from './log-filter.js';

let seq = 0;
function entry(partial: Partial<ProtocolLogEntry> & Pick<ProtocolLogEntry, 'direction' | 'kind'>): ProtocolLogEntry {
  seq++;
  return { seq, serverId: 's', at: 1_000 + seq * 10, bytes: 10, ...partial };
}
const request = (id: number, method: string, params: Record<string, unknown>) => entry({ direction: 'out', kind: 'request', id, method, message: { jsonrpc: '2.0', id, method, params } });
const response = (id: number, method: string, result: unknown) => entry({ direction: 'in', kind: 'response', id, method, message: { jsonrpc: '2.0', id, result } });
const ALL: LogFilters = { directions: new Set(['out', 'in', 'stderr', 'note']), method: '', errorsOnly: false, text: '' };
const seqs = (entries: readonly ProtocolLogEntry[]) => entries.map((e) => e.seq);

const list = request(1, 'skills/list', {});
const listed = response(1, 'skills/list', { skills: [{ uri: 'skill://a/SKILL.md' }, { uri: 'skill://a-b/SKILL.md' }] });
const getA = request(2, 'skills/get', { uri: 'skill://a/SKILL.md' });
const readAB = request(3, 'resources/read', { uri: 'skill://a-b/SKILL.md' });
const gotA = response(2, 'skills/get', { name: 'a' });
const readA = request(4, 'resources/read', { uri: 'skill://a/references/guide.md' });
const readABAnswer = response(3, 'resources/read', { contents: [] });
const readAAnswer = response(4, 'resources/read', { contents: [{ text: 'Write short notes.' }] });
const stderr = entry({ direction: 'stderr', kind: 'stderr', text: 'skill://a/ loaded' });
const LOG = [list, listed, getA, readAB, gotA, readA, readABAnswer, readAAnswer, stderr];

describe('the protocol log filtered by skill', () => {
  it('flat: only the skill’s requests and their answers; no filter: every row', () => {
    expect(seqs(filterLog(LOG, ALL))).toEqual(seqs(LOG));
    expect(seqs(filterLog(LOG, ALL, 'skill://a/SKILL.md'))).toEqual(seqs([getA, gotA, readA, readAAnswer]));
  });

  it('with the other filters: text, method and direction narrow what the skill filter leaves', () => {
    expect(seqs(filterLog(LOG, { ...ALL, text: 'short notes' }, 'skill://a/SKILL.md'))).toEqual(seqs([readAAnswer]));
    expect(seqs(filterLog(LOG, { ...ALL, method: 'resources/read' }, 'skill://a/SKILL.md'))).toEqual(seqs([readA, readAAnswer]));
    // Answers are the skill's by their request, even when sent rows are hidden.
    expect(seqs(filterLog(LOG, { ...ALL, directions: new Set(['in']) }, 'skill://a/SKILL.md'))).toEqual(seqs([gotA, readAAnswer]));
  });

  it('paired: one row per request of the skill, its answer on it; the text of an answer alone lets its row through', () => {
    const rows = (filters: LogFilters, skill?: string) => filterPairs(pairLog(LOG), filters, skill).map((p) => [p.entry.seq, p.response?.seq]);
    expect(rows(ALL, 'skill://a/SKILL.md')).toEqual([
      [getA.seq, gotA.seq],
      [readA.seq, readAAnswer.seq],
    ]);
    expect(rows(ALL, 'skill://a-b/SKILL.md')).toEqual([[readAB.seq, readABAnswer.seq]]);
    expect(rows({ ...ALL, text: 'short notes' }, 'skill://a/SKILL.md')).toEqual([[readA.seq, readAAnswer.seq]]);
    expect(rows(ALL)).toHaveLength(5);
  });
});
