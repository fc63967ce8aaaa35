import { describe, expect, it } from 'vitest';
import { scriptedRpc, serveFiles } from '../../test/support/scripted-rpc.js';
import { LEGACY_CASES } from './finding-cases-discovery.unit.js';
import { runFindingCases, sha256Of, SKILL_MD, sizeOf } from './finding-cases.unit.js';
import { convertIndexEntry, discoverLegacy } from './legacy.js';
import { ByteBudget } from './reader.js';

runFindingCases(LEGACY_CASES);

const INDEX = 'skill://index.json';
const DIGEST = sha256Of(SKILL_MD);

describe('convertIndexEntry', () => {
  it('reads an agentskills.io L1 entry (type + digest), resolving the url against the index', () => {
    expect(convertIndexEntry({ type: 'skill-md', name: 'a', description: 'd', url: './a/SKILL.md', digest: DIGEST }, INDEX, undefined)).toEqual({
      entry: {
        form: 'index.json L1 (type + digest)',
        frontmatterDerived: true,
        raw: { uri: 'skill://a/SKILL.md', frontmatter: { name: 'a', description: 'd' }, resources: [{ uri: 'skill://a/SKILL.md', digest: DIGEST, size: -1 }] },
      },
    });
  });

  it('reads an L0 entry (no digest) as dynamic', () => {
    expect(convertIndexEntry({ type: 'skill-md', name: 'a', description: 'd', url: 'skill://x/a/SKILL.md' }, INDEX, undefined).entry).toMatchObject({ form: 'index.json L0 (type, no digest)', raw: { uri: 'skill://x/a/SKILL.md', resources: 'dynamic' } });
  });

  it('reads an L2 entry (frontmatter + url) and names the MCP schema when given', () => {
    const raw = { frontmatter: { name: 'a', description: 'd' }, url: 'a/SKILL.md', digest: DIGEST };
    expect(convertIndexEntry(raw, INDEX, 'https://static.modelcontextprotocol.io/schemas/2026-06-08/skill-index.schema.json').entry).toMatchObject({ form: 'index.json L2 ($schema, frontmatter)', frontmatterDerived: false });
    expect(convertIndexEntry(raw, INDEX, undefined).entry?.form).toBe('index.json L2b/L3 (url + frontmatter)');
  });

  it('takes an L4 entry (uri + resources) as it is', () => {
    const raw = { uri: 'skill://a/SKILL.md', frontmatter: { name: 'a', description: 'd' }, resources: 'dynamic' };
    expect(convertIndexEntry(raw, INDEX, undefined).entry).toEqual({ form: 'index.json L4 (uri + resources)', frontmatterDerived: false, raw });
  });

  it.each([
    [42, 'not an object'],
    [{ type: 'archive', url: 'a.zip' }, 'entries of type "archive" (archives, templates) are not supported'],
    [{ type: 'skill-md' }, 'no url'],
    [{ frontmatter: {}, archives: ['a.zip'] }, 'archive-only entries are not supported'],
    [{ name: 'a' }, 'unrecognised entry shape'],
  ])('skips %j: %s', (raw, skip) => {
    expect(convertIndexEntry(raw, INDEX, undefined)).toEqual({ skip });
  });
});

describe('discoverLegacy', () => {
  const discover = (files: Record<string, string>, listed: Array<Record<string, unknown>>) => {
    const rpc = scriptedRpc({ 'resources/read': serveFiles(files), 'resources/list': () => ({ resources: listed }) }, { era: 'legacy' });
    return discoverLegacy(rpc, { maxPages: 5, budget: new ByteBudget(() => 1_000_000) });
  };

  it('converts an index.json skill to the current shape, marking its form and derived frontmatter', async () => {
    const index = JSON.stringify({ skills: [{ type: 'skill-md', name: 'pdf-tools', description: 'd', url: 'pdf-tools/SKILL.md', digest: DIGEST }] });
    const { entries } = await discover({ [INDEX]: index }, []);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ form: 'index.json L1 (type + digest)', frontmatterDerived: true, entry: { uri: 'skill://pdf-tools/SKILL.md', loadable: true } });
  });

  it('never makes an entry with a control character in a URI, or nested too deep, loadable (issue 13)', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = { a: deep };
    const index = JSON.stringify({
      skills: [
        { type: 'skill-md', name: 'pdf-tools', description: 'd', url: 'pdf-tools\n/SKILL.md', digest: DIGEST },
        { url: 'deep/SKILL.md', digest: DIGEST, frontmatter: { name: 'deep', description: 'd', 'x-deep': deep } },
        { type: 'skill-md', name: 'fine', description: 'd', url: 'fine/SKILL.md', digest: DIGEST },
      ],
    });
    const { entries, findings } = await discover({ [INDEX]: index }, []);
    expect(entries.map((e) => [e.entry.uri, e.entry.loadable])).toEqual([
      ['skill://pdf-tools\n/SKILL.md', false],
      ['skill://deep/SKILL.md', false],
      ['skill://fine/SKILL.md', true],
    ]);
    expect(findings.filter((f) => f.id === 'inspector-uri-control-character' || f.id === 'inspector-too-deep').map((f) => [f.id, f.location.skillUri])).toEqual([
      ['inspector-uri-control-character', 'skill://pdf-tools\n/SKILL.md'],
      ['inspector-too-deep', 'skill://deep/SKILL.md'],
    ]);
  });

  it('reports an unknown $schema but still reads the index', async () => {
    const index = JSON.stringify({ $schema: 'https://example.com/s.json', skills: [] });
    const { findings } = await discover({ [INDEX]: index }, []);
    expect(findings.map((f) => f.message)).toContain('index.json names an unknown $schema "https://example.com/s.json"; it was read on a best-effort basis.');
  });

  it('builds a manifest skill from its files, with sizes and digests', async () => {
    const manifest = JSON.stringify({ skill: 'pdf-tools', files: [{ path: 'SKILL.md', hash: DIGEST, size: sizeOf(SKILL_MD) }, { path: 'a.txt' }, 'junk'] });
    const { entries } = await discover({ 'skill://pdf-tools/_manifest': manifest }, [{ uri: 'skill://pdf-tools/_manifest' }, { uri: 'skill://pdf-tools/SKILL.md', description: 'From the resource.' }]);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.entry.resources).toEqual([
      { uri: 'skill://pdf-tools/SKILL.md', digest: DIGEST, size: sizeOf(SKILL_MD) },
      // The legacy form's unknown size, as entry-rules keeps a size that is not a byte count.
      { uri: 'skill://pdf-tools/a.txt', digest: '', size: -1, declaredSize: '-1' },
    ]);
    expect(entries[0]?.entry.frontmatter).toEqual({ name: 'pdf-tools', description: 'From the resource.' });
  });

  it('never makes a file:, https: or data: skill loadable, even with honest sizes and digests (a _manifest or an index.json L4)', async () => {
    const manifest = JSON.stringify({ skill: 'notes', files: [{ path: 'SKILL.md', hash: DIGEST, size: sizeOf(SKILL_MD) }] });
    const l4 = (uri: string) => ({ uri, frontmatter: { name: 'notes', description: 'd' }, resources: [{ uri, digest: DIGEST, size: sizeOf(SKILL_MD) }] });
    const index = JSON.stringify({ skills: [l4('https://example.com/a/notes/SKILL.md'), l4('data:text/markdown,notes/SKILL.md'), l4('skill://fine/notes/SKILL.md')] });
    const { entries } = await discover({ [INDEX]: index, 'file:///home/u/.agents/skills/notes/_manifest': manifest }, [{ uri: 'file:///home/u/.agents/skills/notes/_manifest' }]);
    expect(entries.map((e) => [e.entry.uri, e.entry.loadable])).toEqual([
      ['https://example.com/a/notes/SKILL.md', false],
      ['data:text/markdown,notes/SKILL.md', false],
      ['skill://fine/notes/SKILL.md', true],
      ['file:///home/u/.agents/skills/notes/SKILL.md', false],
    ]);
  });

  it('keeps every other condition of the entry rules: a resource outside the skill, or a URI that is no SKILL.md URI, is not loadable', async () => {
    const index = JSON.stringify({
      skills: [
        { uri: 'skill://a/SKILL.md', frontmatter: { name: 'a', description: 'd' }, resources: [{ uri: 'skill://a/SKILL.md', digest: DIGEST, size: sizeOf(SKILL_MD) }, { uri: 'skill://b/x.md', digest: DIGEST, size: 1 }] },
        { uri: 'skill://a/README.md', frontmatter: { name: 'a', description: 'd' }, resources: 'dynamic' },
        { type: 'skill-md', name: 'fine', description: 'd', url: 'fine/SKILL.md', digest: DIGEST },
      ],
    });
    const { entries } = await discover({ [INDEX]: index }, []);
    expect(entries.map((e) => [e.entry.uri, e.entry.loadable])).toEqual([
      ['skill://a/SKILL.md', false],
      ['skill://a/README.md', false],
      ['skill://fine/SKILL.md', true],
    ]);
  });

  it('reports a _manifest that is not a manifest and skips it', async () => {
    const { entries, findings } = await discover({ 'skill://x/_manifest': '{"nope": 1}' }, [{ uri: 'skill://x/_manifest' }]);
    expect(entries).toEqual([]);
    expect(findings.map((f) => [f.id, f.message])).toContainEqual(['legacy-fastmcp-manifest', 'skill://x/_manifest is not a {skill, files: [...]} manifest; skipped.']);
  });

  it('follows resources/list pages and stops on a repeated cursor', async () => {
    const rpc = scriptedRpc({ 'resources/list': (_p, call) => ({ resources: [{ uri: `skill://s${call}/SKILL.md` }], nextCursor: 'same' }) }, { era: 'legacy' });
    const { entries } = await discoverLegacy(rpc, { maxPages: 10, budget: new ByteBudget(() => 1_000_000) });
    expect(rpc.callsOf('resources/list')).toHaveLength(2);
    expect(entries.map((e) => e.entry.uri)).toEqual(['skill://s0/SKILL.md', 'skill://s1/SKILL.md']);
    expect(entries.every((e) => e.entry.resources === 'dynamic' && e.form === 'resources/list scan')).toBe(true);
  });
});
