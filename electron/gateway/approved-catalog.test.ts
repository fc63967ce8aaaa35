// The gateway's reading of the app's approvals.json: every record the app
// writes is one it reads (a declined skill whose listing gave a file no size is
// stored with size -1, "not listed"), a served skill still needs real sizes,
// and a file it cannot read is an error that names the file.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SnapshotStore, sha256Digest } from '../snapshots/snapshot-store.js';
import { APPROVALS_FILE, ApprovedCatalog } from './approved-catalog.js';

const SKILL_MD = Buffer.from('---\nname: notes\ndescription: Takes notes\n---\nWrite it down.\n', 'utf8');
const GUIDE = Buffer.from('# Guide\n', 'utf8');

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-approved-catalog-'));
  dirs.push(dir);
  await fs.writeFile(path.join(dir, 'servers.json'), JSON.stringify({ version: 1, servers: [{ id: 'srv', label: 'Notes server' }] }));
  const snapshots = new SnapshotStore(path.join(dir, 'snapshots'));
  await snapshots.put('srv', SKILL_MD);
  await snapshots.put('srv', GUIDE);
  return dir;
}

function record(skillUri: string, decision: string, enabled: boolean, guideSize: number) {
  const root = skillUri.replace(/\/SKILL\.md$/, '');
  return {
    serverId: 'srv',
    skillUri,
    skillName: 'notes',
    decision,
    resources: [
      { uri: skillUri, digest: sha256Digest(SKILL_MD), size: SKILL_MD.byteLength },
      { uri: `${root}/guide.md`, digest: sha256Digest(GUIDE), size: guideSize },
    ],
    frontmatter: { name: 'notes', description: 'Takes notes' },
    fingerprint: 'f',
    decidedAt: '2026-01-01T00:00:00.000Z',
    enabled,
    allowedTools: null,
  };
}

async function writeApprovals(dir: string, approvals: unknown[]): Promise<void> {
  await fs.writeFile(path.join(dir, APPROVALS_FILE), `${JSON.stringify({ version: 1, approvals }, null, 2)}\n`);
}

describe('ApprovedCatalog reading approvals.json', () => {
  it('reads a declined record whose file has no listed size (-1) and still serves the approved skill beside it', async () => {
    const dir = await dataDir();
    await writeApprovals(dir, [record('skill://a/notes/SKILL.md', 'approved', true, GUIDE.byteLength), record('skill://b/notes/SKILL.md', 'declined', false, -1), record('skill://c/notes/SKILL.md', 'changed', false, -1)]);
    const served = await new ApprovedCatalog(dir).refresh();
    expect(served.map((s) => s.upstreamUri)).toEqual(['skill://a/notes/SKILL.md']);
  });

  it('does not serve an approved, enabled record whose file has no real size, and says why', async () => {
    const dir = await dataDir();
    await writeApprovals(dir, [record('skill://a/notes/SKILL.md', 'approved', true, -1)]);
    const warnings: string[] = [];
    const served = await new ApprovedCatalog(dir, (line) => warnings.push(line)).refresh();
    expect(served).toEqual([]);
    expect(warnings.join('\n')).toMatch(/skill:\/\/a\/notes\/SKILL\.md is not served: .*skill:\/\/a\/notes\/guide\.md has no size/);
  });

  it('a truncated approvals.json is an error that names the file by its full path', async () => {
    const dir = await dataDir();
    await writeApprovals(dir, [record('skill://a/notes/SKILL.md', 'approved', true, GUIDE.byteLength)]);
    const file = path.join(dir, APPROVALS_FILE);
    const text = await fs.readFile(file, 'utf8');
    await fs.writeFile(file, text.slice(0, 60));
    const error = await new ApprovedCatalog(dir).refresh().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toContain(file);
    expect(error!.message).toMatch(/not valid JSON/);
  });
});

describe('ApprovedCatalog naming a damaged file', () => {
  // servers.json holds server settings (arguments, URLs, headers; a file from before the secret store holds secrets in clear).
  // What the gateway says about a damaged file reaches hosts (every read and listing fails with it), stderr and the app: it
  // names the file and the place, never its text.
  it('says where servers.json stops being JSON without quoting any of it', async () => {
    const dir = await dataDir();
    await writeApprovals(dir, [record('skill://a/notes/SKILL.md', 'approved', true, GUIDE.byteLength)]);
    const file = path.join(dir, 'servers.json');
    await fs.writeFile(file, '{"version": 1, "servers": [\n  {"id": "srv", "label": "Notes server", "headers": {"X-Api-Key": sk-live-4f9a2b7c}}\n]}\n');
    const error = await new ApprovedCatalog(dir).refresh().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toBe(`${file} is not a file the app wrote: it is not valid JSON (InvalidSymbol at line 2, column 67).`);
  });
});

describe('ApprovedCatalog naming a file nested too deep to look into', () => {
  // jsonc-parser parses by recursion: a file of open brackets overflowed the stack, and the gateway said only
  // "Maximum call stack size exceeded", naming neither the file nor the place.
  it.each(['servers.json', APPROVALS_FILE])('says where %s of 20,000 open brackets stops being looked into', async (name) => {
    const dir = await dataDir();
    await writeApprovals(dir, [record('skill://a/notes/SKILL.md', 'approved', true, GUIDE.byteLength)]);
    const file = path.join(dir, name);
    await fs.writeFile(file, '['.repeat(20_000));
    const error = await new ApprovedCatalog(dir).refresh().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toBe(`${file} is not a file the app wrote: it is not valid JSON (nested more than 512 levels deep at line 1, column 513).`);
  });
});
