import { describe, expect, it } from 'vitest';
import { rpcError, scriptedRpc } from '../../test/support/scripted-rpc.js';
import { listDirectoryTree } from './directory.js';
import { checkEntry } from './entry-rules.js';
import { DIRECTORY_CASES } from './finding-cases-reading.unit.js';
import { GUIDE_URI, ROOT, SERVER, SKILL_URI, cleanSkill, entryWith, runFindingCases } from './finding-cases.unit.js';

runFindingCases(DIRECTORY_CASES);

const entry = checkEntry(cleanSkill().entry, SERVER, 'test').entry!;

describe('listDirectoryTree', () => {
  it('without directoryRead shows exactly the listed files and asks nothing', async () => {
    const rpc = scriptedRpc({});
    const { nodes, findings } = await listDirectoryTree(rpc, entry, false, 5);
    expect(rpc.calls).toEqual([]);
    expect(findings).toEqual([]);
    expect(nodes.map((n) => [n.path, n.kind, n.listed])).toEqual([
      ['references/guide.md', 'file', true],
      ['SKILL.md', 'file', true],
    ]);
    expect(nodes[1]?.digest).toMatch(/^sha256:/);
  });

  it('shows unlisted directory children as not part of the skill, and descends into directories', async () => {
    const rpc = scriptedRpc({
      'resources/directory/read': (params) => {
        if (params['uri'] === ROOT) return { resources: [{ uri: `${ROOT}/references`, mimeType: 'inode/directory' }, { uri: `${ROOT}/extra.txt` }] };
        if (params['uri'] === `${ROOT}/references`) return { resources: [{ uri: GUIDE_URI }] };
        throw rpcError(-32602);
      },
    });
    const { nodes } = await listDirectoryTree(rpc, entry, true, 5);
    expect(rpc.callsOf('resources/directory/read').map((c) => c.params['uri'])).toEqual([ROOT, `${ROOT}/references`]);
    expect(nodes.map((n) => [n.path, n.kind, n.listed])).toEqual([
      ['extra.txt', 'file', false],
      ['references', 'directory', true],
      ['references/guide.md', 'file', true],
      ['SKILL.md', 'file', true],
    ]);
  });

  it("does not walk another listed skill's directory, nor report its files as this skill's", async () => {
    const rpc = scriptedRpc({
      'resources/directory/read': (params) => {
        if (params['uri'] === ROOT) return { resources: [{ uri: `${ROOT}/references`, mimeType: 'inode/directory' }, { uri: `${ROOT}/forms`, mimeType: 'inode/directory' }] };
        if (params['uri'] === `${ROOT}/references`) return { resources: [{ uri: GUIDE_URI }] };
        if (params['uri'] === `${ROOT}/forms`) return { resources: [{ uri: `${ROOT}/forms/SKILL.md` }] };
        throw rpcError(-32602);
      },
    });
    const listed = new Set([`${ROOT}/forms/SKILL.md`]);
    const { nodes, findings } = await listDirectoryTree(rpc, entry, true, 5, { isListedSkill: (key) => listed.has(key) });
    expect(rpc.callsOf('resources/directory/read').map((c) => c.params['uri'])).toEqual([ROOT, `${ROOT}/references`]);
    expect(findings).toEqual([]);
    expect(nodes.map((n) => [n.path, n.kind])).toContainEqual(['forms', 'directory']);
    // Without that listing entry, the same walk finds a nested skill no entry lists.
    const unlisted = await listDirectoryTree(rpc, entry, true, 5);
    expect(unlisted.findings.map((f) => [f.id, f.location.fileUri])).toEqual([
      ['sep-2640-directory-read-not-manifest-extension', `${ROOT}/forms/SKILL.md`],
      ['inspector-nested-skill-unlisted', `${ROOT}/forms/SKILL.md`],
    ]);
  });

  it('stops walking when its signal aborts', async () => {
    const abort = new AbortController();
    const rpc = scriptedRpc({
      'resources/directory/read': () => {
        abort.abort();
        return { resources: [{ uri: `${ROOT}/references`, mimeType: 'inode/directory' }] };
      },
    });
    await listDirectoryTree(rpc, entry, true, 5, { signal: abort.signal });
    expect(rpc.callsOf('resources/directory/read')).toHaveLength(1);
  });

  it('shows a dynamic skill as its SKILL.md alone', async () => {
    const dynamic = checkEntry(entryWith({ resources: 'dynamic' }), SERVER, 'test').entry!;
    const { nodes } = await listDirectoryTree(scriptedRpc({}), dynamic, false, 5);
    expect(nodes).toEqual([{ uri: SKILL_URI, path: 'SKILL.md', kind: 'file', listed: true }]);
  });

  it('stops after maxPages pages of one directory, and says so', async () => {
    const rpc = scriptedRpc({ 'resources/directory/read': (_p, call) => ({ resources: [], nextCursor: `c${call}` }) });
    const { findings } = await listDirectoryTree(rpc, entry, true, 3);
    expect(rpc.calls).toHaveLength(3);
    expect(findings.map((f) => [f.id, f.message])).toEqual([['sep-2640-directory-read-pagination', `resources/directory/read of ${ROOT} was still returning nextCursor after 3 pages; stopped.`]]);
  });

  it('does not report a directory that ends on the last allowed page', async () => {
    const rpc = scriptedRpc({ 'resources/directory/read': (_p, call) => ({ resources: [], ...(call < 2 ? { nextCursor: `c${call}` } : {}) }) });
    expect((await listDirectoryTree(rpc, entry, true, 3)).findings).toEqual([]);
  });
});
