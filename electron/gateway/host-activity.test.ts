import { describe, expect, it } from 'vitest';
import { HostActivity } from './host-activity.js';
import type { ServedSkill } from './served-skill.js';

const skill = (name: string) => ({ label: 'Demo', serverId: 's1', upstreamUri: `skill://${name}/SKILL.md`, entry: { uri: `skill://demo/${name}/SKILL.md`, frontmatter: { name, description: 'd' } }, files: new Map(), allowedTools: false }) as unknown as ServedSkill;

describe('what each host was served', () => {
  it('keeps hosts apart by their id, counts listings and reads per file, most recent host first', () => {
    let t = 0;
    const activity = new HostActivity(() => new Date(Date.UTC(2026, 11, 2, 1, 0, t++)));
    const claude = { id: 'session-1', name: 'claude-ai', version: '0.1.0' };
    const cursor = { id: 'cursor 1.2', name: 'cursor', version: '1.2' };
    const pdf = skill('pdf');
    activity.record({ kind: 'listed', client: claude, skills: [pdf, skill('notes')] });
    activity.record({ kind: 'read', client: claude, skill: pdf, uri: 'skill://demo/pdf/SKILL.md' });
    activity.record({ kind: 'read', client: claude, skill: pdf, uri: 'skill://demo/pdf/SKILL.md' });
    activity.record({ kind: 'read', client: cursor, skill: pdf, uri: 'skill://demo/pdf/guide.md' });
    const hosts = activity.hostsNow();
    expect(hosts.map((h) => [h.id, h.name, h.listings])).toEqual([
      ['cursor 1.2', 'cursor', 0],
      ['session-1', 'claude-ai', 1],
    ]);
    expect(hosts[1]!.skills).toEqual([
      { uri: 'skill://demo/pdf/SKILL.md', label: 'Demo', name: 'pdf', reads: [{ uri: 'skill://demo/pdf/SKILL.md', count: 2, lastAt: '2026-12-02T01:00:02.000Z' }] },
      { uri: 'skill://demo/notes/SKILL.md', label: 'Demo', name: 'notes', reads: [] },
    ]);
    expect(hosts[0]!.skills[0]!.reads).toEqual([{ uri: 'skill://demo/pdf/guide.md', count: 1, lastAt: '2026-12-02T01:00:03.000Z' }]);
  });
});
