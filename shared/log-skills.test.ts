import { describe, expect, it } from 'vitest';
import type { ProtocolLogEntry } from './model.js';
import { entriesOfSkill, skillsInLog } from './log-skills.js';

let seq = 0;
function entry(partial: Partial<ProtocolLogEntry> & Pick<ProtocolLogEntry, 'direction' | 'kind'>): ProtocolLogEntry {
  seq++;
  return { seq, serverId: 's', at: 1_000 + seq * 10, bytes: 10, ...partial };
}
const request = (id: number | string, method: string, params: Record<string, unknown>) => entry({ direction: 'out', kind: 'request', id, method, message: { jsonrpc: '2.0', id, method, params } });
const response = (id: number | string, method: string, result: unknown) => entry({ direction: 'in', kind: 'response', id, method, message: { jsonrpc: '2.0', id, result } });
const error = (id: number | string) => entry({ direction: 'in', kind: 'error', id, message: { jsonrpc: '2.0', id, error: { code: -32602, message: 'no' } } });
const seqs = (entries: readonly ProtocolLogEntry[]) => entries.map((e) => e.seq);

const LISTED = ['skill://a/SKILL.md', 'skill://a-b/SKILL.md', 'skill://docs/SKILL.md', 'skill://docs/headlines/SKILL.md', 'skill://acme/billing/refunds/SKILL.md', 'skill://acme/support/refunds/SKILL.md'];

describe('skillsInLog', () => {
  it('the skills a listing answer names and the SKILL.md URIs requests name, once each, by label; nothing that is not a SKILL.md URI', () => {
    const log = [
      request(1, 'skills/list', {}),
      response(1, 'skills/list', { skills: [...LISTED, 'skill://a/references/guide.md', 'not a uri', 'skill://x/../SKILL.md'].map((uri) => ({ uri })) }),
      request(2, 'skills/get', { uri: 'skill://late/SKILL.md' }),
      request(3, 'resources/read', { uri: 'skill://%61/SKILL.md' }),
      entry({ direction: 'note', kind: 'note', text: 'skill://noted/SKILL.md' }),
    ];
    expect(skillsInLog(log).map((s) => [s.label, s.uri])).toEqual([
      ['a', 'skill://a/SKILL.md'],
      ['a-b', 'skill://a-b/SKILL.md'],
      ['acme/billing/refunds', 'skill://acme/billing/refunds/SKILL.md'],
      ['acme/support/refunds', 'skill://acme/support/refunds/SKILL.md'],
      ['docs', 'skill://docs/SKILL.md'],
      ['docs/headlines', 'skill://docs/headlines/SKILL.md'],
      ['late', 'skill://late/SKILL.md'],
    ]);
  });

  it('a legacy resources/list answer and another scheme: the label keeps the scheme', () => {
    expect(skillsInLog([response(1, 'resources/list', { resources: [{ uri: 'repo://tools/lint/SKILL.md' }, { uri: 5 }, null] })])).toEqual([{ uri: 'repo://tools/lint/SKILL.md', label: 'repo://tools/lint' }]);
  });
});

describe('entriesOfSkill', () => {
  const listing = [request(1, 'skills/list', {}), response(1, 'skills/list', { skills: LISTED.map((uri) => ({ uri })) })];

  it("the requests naming a URI in the skill's folder and their answers: skills/get, reads, the directory; not a skill whose name starts the same", () => {
    const get = request(2, 'skills/get', { uri: 'skill://a/SKILL.md' });
    const other = request(3, 'resources/read', { uri: 'skill://a-b/SKILL.md' });
    const read = request(4, 'resources/read', { uri: 'skill://a/references/guide.md' });
    const dir = request(5, 'resources/directory/read', { uri: 'skill://a/' });
    const got = response(2, 'skills/get', {});
    const otherRead = response(3, 'resources/read', {});
    const readAnswer = response(4, 'resources/read', {});
    const dirFailed = error(5);
    const stderr = entry({ direction: 'stderr', kind: 'stderr', text: 'skill://a/SKILL.md' });
    const note = entry({ direction: 'note', kind: 'note', text: 'Reading skill://a/SKILL.md a second time' });
    const updated = entry({ direction: 'in', kind: 'notification', method: 'notifications/resources/updated', message: { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'skill://a/SKILL.md' } } });
    const log = [...listing, get, other, read, dir, got, otherRead, readAnswer, dirFailed, stderr, note, updated];
    expect(seqs(entriesOfSkill(log, 'skill://a/SKILL.md'))).toEqual(seqs([get, read, dir, got, readAnswer, dirFailed, updated]));
    expect(seqs(entriesOfSkill(log, 'skill://a-b/SKILL.md'))).toEqual(seqs([other, otherRead]));
  });

  it('a nested skill keeps its own rows; two skills of one name under other folders are apart', () => {
    const parent = request(2, 'resources/read', { uri: 'skill://docs/SKILL.md' });
    const nested = request(3, 'resources/read', { uri: 'skill://docs/headlines/SKILL.md' });
    const nestedFile = request(4, 'resources/read', { uri: 'skill://docs/headlines/rules.md' });
    const billing = request(5, 'skills/get', { uri: 'skill://acme/billing/refunds/SKILL.md' });
    const support = request(6, 'skills/get', { uri: 'skill://acme/support/refunds/SKILL.md' });
    const log = [...listing, parent, nested, nestedFile, billing, support];
    expect(seqs(entriesOfSkill(log, 'skill://docs/SKILL.md'))).toEqual(seqs([parent]));
    expect(seqs(entriesOfSkill(log, 'skill://docs/headlines/SKILL.md'))).toEqual(seqs([nested, nestedFile]));
    expect(seqs(entriesOfSkill(log, 'skill://acme/billing/refunds/SKILL.md'))).toEqual(seqs([billing]));
  });

  it('a URI that climbs out of the folder, another scheme, or an encoded name is judged on what it names', () => {
    const climbs = request(2, 'resources/read', { uri: 'skill://a/../a-b/SKILL.md' });
    const encoded = request(3, 'resources/read', { uri: 'skill://a/references/%67uide.md' });
    const scheme = request(4, 'resources/read', { uri: 'file://a/SKILL.md' });
    const inName = request(5, 'tools/call', { name: 'skill://a/SKILL.md' });
    expect(seqs(entriesOfSkill([...listing, climbs, encoded, scheme, inName], 'skill://a/SKILL.md'))).toEqual(seqs([encoded, inName]));
  });

  it('an answer whose id matches a request of another skill, or a request it never saw, is not shown; ids 1 and "1" differ', () => {
    const ours = request(7, 'resources/read', { uri: 'skill://a/SKILL.md' });
    const theirs = request('7', 'resources/read', { uri: 'skill://a-b/SKILL.md' });
    const theirAnswer = response('7', 'resources/read', {});
    const orphan = response(99, 'resources/read', {});
    const ourAnswer = response(7, 'resources/read', {});
    const again = response(7, 'resources/read', {});
    expect(seqs(entriesOfSkill([ours, theirs, theirAnswer, orphan, ourAnswer, again], 'skill://a/SKILL.md'))).toEqual(seqs([ours, ourAnswer]));
  });

  it('a skill the log never listed is still filtered on', () => {
    const read = request(2, 'resources/read', { uri: 'skill://quiet/SKILL.md' });
    expect(seqs(entriesOfSkill([read], 'skill://quiet/SKILL.md', []))).toEqual(seqs([read]));
  });
});
