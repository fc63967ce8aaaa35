// approvals.json holding more than one record for the same skill (written by
// hand, by an older version, or left by a crash between writes): the app keeps
// the last one (approval-store.ts), and the gateway must read the file by the
// same rule, so it never serves a skill the app shows as withdrawn or disabled.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApprovalStore } from '../approvals/approval-store.js';
import { SnapshotStore, sha256Digest } from '../snapshots/snapshot-store.js';
import { APPROVALS_FILE, ApprovedCatalog } from './approved-catalog.js';

const SKILL_MD = Buffer.from('---\nname: notes\ndescription: Takes notes\n---\nWrite it down.\n', 'utf8');

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-approvals-duplicates-'));
  dirs.push(dir);
  await fs.writeFile(path.join(dir, 'servers.json'), JSON.stringify({ version: 1, servers: [{ id: 'srv', label: 'Notes server' }] }));
  await new SnapshotStore(path.join(dir, 'snapshots')).put('srv', SKILL_MD);
  return dir;
}

function record(skillUri: string, decision: 'approved' | 'declined' | 'changed', enabled: boolean) {
  return {
    serverId: 'srv',
    skillUri,
    skillName: 'notes',
    decision,
    resources: [{ uri: skillUri, digest: sha256Digest(SKILL_MD), size: SKILL_MD.byteLength }],
    frontmatter: { name: 'notes', description: 'Takes notes' },
    fingerprint: 'f',
    decidedAt: '2026-01-01T00:00:00.000Z',
    enabled,
    allowedTools: null,
    ...(decision === 'changed' ? { revoked: { at: '2026-01-02T00:00:00.000Z', reason: 'changed', cause: 'entry-changed', via: 'listing' } } : {}),
  };
}

async function bothViews(approvals: unknown[]) {
  const dir = await dataDir();
  await fs.writeFile(path.join(dir, APPROVALS_FILE), `${JSON.stringify({ version: 1, approvals }, null, 2)}\n`);
  const store = new ApprovalStore(dir);
  expect(await store.load()).toBeUndefined();
  const catalog = new ApprovedCatalog(dir);
  const served = await catalog.refresh();
  return { store, catalog, served: served.map((s) => s.upstreamUri) };
}

const URI = 'skill://a/notes/SKILL.md';

describe('approvals.json with more than one record for a skill', () => {
  it('approved and enabled, then disabled: the app shows it disabled and the gateway does not serve it', async () => {
    const { store, served } = await bothViews([record(URI, 'approved', true), record(URI, 'approved', false)]);
    expect(store.get('srv', URI)).toMatchObject({ decision: 'approved', enabled: false });
    expect(served).toEqual([]);
  });

  it('approved and enabled, then withdrawn because it changed: neither view serves it, and the gateway counts it withdrawn', async () => {
    const { store, catalog, served } = await bothViews([record(URI, 'approved', true), record(URI, 'changed', false)]);
    expect(store.get('srv', URI)).toMatchObject({ decision: 'changed', enabled: false });
    expect(served).toEqual([]);
    expect([...catalog.withdrawn]).toEqual([`srv\n${URI}`]);
  });

  it('withdrawn, then approved again and enabled: both serve it, and it is not counted withdrawn', async () => {
    const { store, catalog, served } = await bothViews([record(URI, 'changed', false), record(URI, 'approved', true)]);
    expect(store.get('srv', URI)).toMatchObject({ decision: 'approved', enabled: true });
    expect(served).toEqual([URI]);
    expect([...catalog.withdrawn]).toEqual([]);
  });

  it('approved and enabled, then declined: not served', async () => {
    const { store, served } = await bothViews([record(URI, 'approved', true), record(URI, 'declined', false)]);
    expect(store.get('srv', URI)).toMatchObject({ decision: 'declined' });
    expect(served).toEqual([]);
  });
});

describe('a decision held in memory (a full disk) under another spelling of the URI on disk', () => {
  for (const spelled of ['SKILL://a/notes/SKILL.md', 'skill://a/not%65s/SKILL.md']) {
    it(`held as ${spelled}: the approved, enabled record on disk is not served`, async () => {
      const dir = await dataDir();
      await fs.writeFile(path.join(dir, APPROVALS_FILE), `${JSON.stringify({ version: 1, approvals: [record(URI, 'approved', true)] }, null, 2)}\n`);
      expect((await new ApprovedCatalog(dir).refresh()).map((s) => s.upstreamUri)).toEqual([URI]);
      const held = new Map([[`srv\n${spelled}`, 'by the user' as const]]);
      expect(await new ApprovedCatalog(dir, undefined, () => held).refresh()).toEqual([]);
    });
  }
});
