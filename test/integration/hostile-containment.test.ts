// Hostile servers that point outside the skill (threat model T5): files of
// another skill, "..", percent-encoded "..", other schemes, file: URIs, and
// directory listings that wander off. Such a file is never read, the entry is
// never loadable, and the skill is never shown as verified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostileBench, ROUTES, idsOf } from '../fixtures/hostile/harness.js';

const ALPHA = 'skill://alpha/SKILL.md';
const GUIDE = 'skill://alpha/references/guide.md';

const ESCAPES = [
  { behaviour: 'file-outside-root', uri: 'skill://beta/secret.md', id: undefined },
  { behaviour: 'dotdot-traversal', uri: 'skill://alpha/../beta/secret.md', id: 'inspector-path-traversal' },
  { behaviour: 'encoded-traversal', uri: 'skill://alpha/references/%2e%2e/%2E%2E/beta/secret.md', id: 'inspector-path-traversal' },
  { behaviour: 'other-scheme', uri: 'https://evil.example/alpha/payload.md', id: 'inspector-other-scheme' },
  { behaviour: 'file-uri', uri: 'file:///etc/passwd', id: 'inspector-file-uri' },
] as const;

describe('hostile servers: out of the skill', () => {
  let bench: HostileBench;
  beforeAll(async () => {
    bench = await HostileBench.open();
  });
  afterAll(async () => bench?.close());

  for (const { route, era } of ROUTES) {
    for (const escape of ESCAPES) {
      it(`${escape.behaviour}: the entry is not loadable and ${escape.uri} is never read (${route})`, async () => {
        const attack = await bench.attack(escape.behaviour, { route, era });
        expect(attack.entries.map((e) => [e.uri, e.status])).toEqual([[ALPHA, 'invalid']]);
        const expected = ['sep-2640-resources-invalid-entry', 'sep-2640-resources-uri-within-skill', ...(escape.id ? [escape.id] : [])].sort();
        const listed = await bench.findings(attack.serverId, ALPHA);
        expect(idsOf(listed)).toEqual(expected);
        expect(listed.find((f) => f.id === (escape.id ?? 'sep-2640-resources-uri-within-skill'))?.location).toMatchObject({ fileUri: escape.uri, field: 'resources[2]' });

        // Verify reads what lies inside, refuses what does not.
        const skill = await bench.call('skills.verify', { serverId: attack.serverId, skillUri: ALPHA });
        expect(skill.status).toBe('mismatch');
        expect(skill.files[escape.uri]).toMatchObject({ state: 'failed', reason: 'unlisted' });
        // The files inside match the listing, but the entry is not loadable: never "verified" (issue 13, item 4).
        expect(skill.files[ALPHA]).toMatchObject({ state: 'unverifiable', reason: expect.stringContaining("the skill's entry is invalid") as unknown });
        expect(skill.files[GUIDE]?.state).toBe('unverifiable');
        const reads = (await bench.log(attack.serverId)).filter((e) => e.direction === 'out' && e.method === 'resources/read');
        expect(reads.map((e) => (e.message as { params: { uri: string } }).params.uri).sort()).toEqual([ALPHA, GUIDE]);
        await bench.expectUnharmed(attack.serverId);
        await attack.end();
      });
    }

    it(`a directory listing that points outside the skill is ignored and reported (${route})`, async () => {
      const attack = await bench.attack('directory-outside', { route, era });
      const tree = await bench.call('skills.tree', { serverId: attack.serverId, skillUri: ALPHA });
      expect(tree.map((n) => [n.path, n.kind, n.listed])).toEqual([
        ['references', 'directory', true],
        ['references/guide.md', 'file', true],
        ['SKILL.md', 'file', true],
      ]);
      const findings = await bench.findings(attack.serverId, ALPHA);
      expect(idsOf(findings)).toEqual(['inspector-directory-outside']);
      expect(findings.map((f) => f.location.fileUri).sort()).toEqual(['file:///etc/passwd', 'skill://alpha/../beta', 'skill://beta/secret.md']);
      await bench.expectUnharmed(attack.serverId);
      await attack.end();
    });
  }

  it('a URI the user asks for that climbs out of the skill, plain or percent-encoded, is refused unread', async () => {
    const attack = await bench.attack('honest');
    for (const fileUri of [
      'skill://alpha/../beta/secret.md',
      'skill://alpha/%2e%2e/beta/secret.md',
      'skill://alpha/references/..%2F..%2Fbeta/secret.md',
      'skill://alpha/references/%252e%252e/secret.md',
      'file:///etc/passwd',
    ]) {
      const content = await bench.call('skills.readFile', { serverId: attack.serverId, skillUri: ALPHA, fileUri });
      expect(content, fileUri).toMatchObject({ listed: false, base64: '', check: { state: 'failed', reason: 'unlisted' } });
    }
    expect((await bench.log(attack.serverId)).filter((e) => e.direction === 'out' && e.method === 'resources/read')).toEqual([]);
    expect(idsOf(await bench.findings(attack.serverId, ALPHA))).toEqual(['sep-2640-host-unlisted-read-failure']);
    await bench.expectUnharmed(attack.serverId);
    await attack.end();
  });
});
