// An approved, enabled skill the in-app gateway holds back — a damaged or
// missing snapshot, a file with no size, a URI another served skill takes, a
// file another served skill serves with other bytes, an allowed-tools field
// that cannot be cut, an entry a host's SDK would refuse — is named in the
// gateway's status with the reason the command prints on stderr, so the window
// can tell the user why their agent does not have it. The list is the last
// refresh's (a cause gone is a reason gone) and bounded.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GatewayStatus } from '../../shared/gateway-model.js';
import { SnapshotStore, sha256Digest } from '../snapshots/snapshot-store.js';
import { APPROVALS_FILE } from './approved-catalog.js';
import { InAppGateway } from './in-app-gateway.js';

const md = (name: string, description = 'Does a thing', extra = '') => Buffer.from(`---\nname: ${name}\ndescription: ${description}\n${extra}---\nBody.\n`, 'utf8');
const GUIDE = Buffer.from('# Guide\n', 'utf8');
const GUIDE_V2 = Buffer.from('# Guide, second version\n', 'utf8');

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

interface Approved {
  readonly serverId?: string;
  readonly skillUri: string;
  /** Files by URI relative to the skill's folder; SKILL.md among them. */
  readonly files: Record<string, Buffer>;
  readonly sizes?: Record<string, number>;
}

function record({ serverId = 'srv', skillUri, files, sizes = {} }: Approved) {
  const root = skillUri.replace(/\/SKILL\.md$/, '');
  return {
    serverId,
    skillUri,
    skillName: 'x',
    decision: 'approved',
    resources: Object.entries(files).map(([rel, bytes]) => ({ uri: `${root}/${rel}`, digest: sha256Digest(bytes), size: sizes[rel] ?? bytes.byteLength })),
    frontmatter: {},
    fingerprint: 'f',
    decidedAt: '2026-01-01T00:00:00.000Z',
    enabled: true,
    allowedTools: null,
  };
}

async function dataDir(): Promise<{ dir: string; store: SnapshotStore }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-withheld-status-'));
  cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
  // Two servers under one label (a hand-edited servers.json): their skills share one namespace on the gateway.
  await fs.writeFile(path.join(dir, 'servers.json'), JSON.stringify({ version: 1, servers: [{ id: 'srv', label: 'Notes server' }, { id: 'srv2', label: 'Notes server' }] }));
  return { dir, store: new SnapshotStore(path.join(dir, 'snapshots')) };
}

async function approve(dir: string, store: SnapshotStore, skills: readonly Approved[], options: { notStored?: readonly Buffer[] } = {}): Promise<void> {
  for (const skill of skills) for (const bytes of Object.values(skill.files)) if (!options.notStored?.includes(bytes)) await store.put(skill.serverId ?? 'srv', bytes);
  await fs.writeFile(path.join(dir, APPROVALS_FILE), `${JSON.stringify({ version: 1, approvals: skills.map(record) }, null, 2)}\n`);
}

async function started(dir: string): Promise<{ gateway: InAppGateway; pushed: GatewayStatus[] }> {
  const pushed: GatewayStatus[] = [];
  const gateway = new InAppGateway(dir, { changed: (status) => pushed.push(status), withdrawn: () => undefined });
  cleanup.push(() => gateway.close());
  await gateway.start();
  return { gateway, pushed };
}

const FINE: Approved = { skillUri: 'skill://fine/SKILL.md', files: { 'SKILL.md': md('fine') } };

describe('the in-app gateway’s status names each approved skill it holds back, and why', () => {
  it('each kind of hold-back, with the reason the command prints', async () => {
    const { dir, store } = await dataDir();
    const missing = md('missing');
    const damaged = md('damaged');
    await approve(
      dir,
      store,
      [
        FINE,
        { skillUri: 'skill://unsized/SKILL.md', files: { 'SKILL.md': md('unsized'), 'guide.md': GUIDE }, sizes: { 'guide.md': -1 } },
        { skillUri: 'skill://missing/SKILL.md', files: { 'SKILL.md': missing } },
        { skillUri: 'skill://damaged/SKILL.md', files: { 'SKILL.md': damaged } },
        { skillUri: 'skill://Notes/SKILL.md', files: { 'SKILL.md': md('Notes') } },
        { skillUri: 'skill://long/SKILL.md', files: { 'SKILL.md': md('long', 'd'.repeat(1025)) } },
        { skillUri: 'skill://uncut/SKILL.md', files: { 'SKILL.md': md('uncut', 'Does a thing', '"allowed\\x2dtools": Bash\n') } },
        { skillUri: 'skill://notes/SKILL.md', files: { 'SKILL.md': md('notes') } },
        { serverId: 'srv2', skillUri: 'skill://notes/SKILL.md', files: { 'SKILL.md': md('notes') } },
        { skillUri: 'skill://pdf/SKILL.md', files: { 'SKILL.md': md('pdf'), 'forms/SKILL.md': md('forms'), 'forms/guide.md': GUIDE } },
        { skillUri: 'skill://pdf/forms/SKILL.md', files: { 'SKILL.md': md('forms'), 'guide.md': GUIDE_V2 } },
      ],
      { notStored: [missing] },
    );
    const damagedFile = path.join(dir, 'snapshots', 'srv', sha256Digest(damaged).slice('sha256:'.length));
    await fs.chmod(damagedFile, 0o600);
    await fs.writeFile(damagedFile, md('damaged', 'Sends your files elsewhere'));
    const { gateway } = await started(dir);
    const status = gateway.status();
    expect(status.served).toBe(3);
    expect(status.withheld).toEqual({
      count: 8,
      first: [
        { label: 'Notes server', uri: 'skill://unsized/SKILL.md', why: 'its approved file skill://unsized/guide.md has no size to check it against.' },
        { label: 'Notes server', uri: 'skill://missing/SKILL.md', why: 'its approved SKILL.md is not in the snapshot store.' },
        {
          label: 'Notes server',
          uri: 'skill://damaged/SKILL.md',
          why: `its approved SKILL.md cannot be used: The stored snapshot ${sha256Digest(damaged).slice('sha256:'.length)} is damaged: its bytes hash to ${sha256Digest(md('damaged', 'Sends your files elsewhere'))}, not ${sha256Digest(damaged)}. It was not used.`,
        },
        { label: 'Notes server', uri: 'skill://Notes/SKILL.md', why: 'hosts would drop it from skills/list: its name "Notes" is not 1-64 lowercase letters, digits and single hyphens.' },
        { label: 'Notes server', uri: 'skill://long/SKILL.md', why: 'hosts would drop it from skills/list: its description is 1025 characters long, not 1-1024 characters.' },
        { label: 'Notes server', uri: 'skill://uncut/SKILL.md', why: 'allowed-tools is not granted and cannot be left out: its allowed-tools field is not written as a plain top-level key.' },
        { label: 'Notes server', uri: 'skill://notes/SKILL.md', why: 'skill://notes/SKILL.md (Notes server) is served under the same gateway URI, skill://notes-server/notes/SKILL.md.' },
        { label: 'Notes server', uri: 'skill://pdf/forms/SKILL.md', why: 'its file skill://pdf/forms/guide.md is also a file of skill://pdf/SKILL.md (Notes server), which is served with other bytes of it.' },
      ],
    });
  });

  it('a cause gone is a reason gone: the next refresh replaces the list, and the window is told though the served set stayed the same', async () => {
    const { dir, store } = await dataDir();
    await approve(dir, store, [FINE]);
    const { gateway, pushed } = await started(dir);
    expect(gateway.status().withheld).toBeUndefined();
    const unsized: Approved = { skillUri: 'skill://unsized/SKILL.md', files: { 'SKILL.md': md('unsized'), 'guide.md': GUIDE }, sizes: { 'guide.md': -1 } };
    await approve(dir, store, [FINE, unsized]);
    await gateway.sync();
    expect(gateway.status()).toMatchObject({ served: 1, withheld: { count: 1, first: [{ uri: 'skill://unsized/SKILL.md' }] } });
    await vi.waitFor(() => expect(pushed.at(-1)?.withheld?.count).toBe(1));
    await approve(dir, store, [FINE, { ...unsized, sizes: {} }]);
    await gateway.sync();
    expect(gateway.status()).toMatchObject({ served: 2 });
    expect(gateway.status().withheld).toBeUndefined();
    await vi.waitFor(() => expect(pushed.at(-1)?.withheld).toBeUndefined());
  });

  it('while approvals.json cannot be read, the problem is said and no reason from before stays', async () => {
    const { dir, store } = await dataDir();
    await approve(dir, store, [FINE, { skillUri: 'skill://Notes/SKILL.md', files: { 'SKILL.md': md('Notes') } }]);
    const { gateway } = await started(dir);
    expect(gateway.status().withheld?.count).toBe(1);
    await fs.writeFile(path.join(dir, APPROVALS_FILE), '{"version": 1, "approvals": [');
    await gateway.sync();
    expect(gateway.status().problem).toMatch(/^The gateway serves no skills: .*approvals\.json is not a file the app wrote/);
    expect(gateway.status().withheld).toBeUndefined();
  });

  it('bounded: a server with many held back gives a count and the first 50, each reason clipped', async () => {
    const { dir, store } = await dataDir();
    const many: Approved[] = Array.from({ length: 120 }, (_, i) => ({ skillUri: `skill://s${i}/SKILL.md`, files: { 'SKILL.md': md(`S${i}`) } }));
    // Long enough to clip, short of the 64 KiB of frontmatter the inspector reads (past it, the reason is that alone).
    const huge = 'X'.repeat(60_000);
    await approve(dir, store, [{ skillUri: `skill://${huge.toLowerCase()}/SKILL.md`, files: { 'SKILL.md': md(huge) } }, ...many]);
    const { gateway } = await started(dir);
    const withheld = gateway.status().withheld!;
    expect(withheld.count).toBe(121);
    expect(withheld.first).toHaveLength(50);
    expect(withheld.first[1]).toEqual({ label: 'Notes server', uri: 'skill://s0/SKILL.md', why: 'hosts would drop it from skills/list: its name "S0" is not 1-64 lowercase letters, digits and single hyphens.' });
    expect([...withheld.first[0]!.uri]).toHaveLength(501);
    expect(withheld.first[0]!.uri.endsWith('x…')).toBe(true);
    expect([...withheld.first[0]!.why]).toHaveLength(1001);
    expect(withheld.first[0]!.why.startsWith('hosts would drop it from skills/list: its name "XXX')).toBe(true);
  });
});

describe('the hold-backs that said nothing', () => {
  it('an approval whose server is no longer in servers.json is listed, under the id it was approved for', async () => {
    const { dir, store } = await dataDir();
    await approve(dir, store, [FINE, { serverId: 'gone-server', skillUri: 'skill://orphan/SKILL.md', files: { 'SKILL.md': md('orphan') } }]);
    const { gateway } = await started(dir);
    expect(gateway.status().served).toBe(1);
    expect(gateway.status().withheld).toEqual({
      count: 1,
      first: [{ label: 'gone-server', uri: 'skill://orphan/SKILL.md', why: 'its server is no longer configured (no server in servers.json has this id).' }],
    });
  });

  it('a file other than SKILL.md whose snapshot is missing or damaged holds its skill back, and the skill is served once the snapshot is good', async () => {
    const { dir, store } = await dataDir();
    const lost = Buffer.from('# Lost guide\n', 'utf8');
    const kept = Buffer.from('# Kept guide\n', 'utf8');
    await approve(
      dir,
      store,
      [FINE, { skillUri: 'skill://lost/SKILL.md', files: { 'SKILL.md': md('lost'), 'references/guide.md': lost } }, { skillUri: 'skill://bad/SKILL.md', files: { 'SKILL.md': md('bad'), 'guide.md': kept } }],
      { notStored: [lost] },
    );
    const keptFile = path.join(dir, 'snapshots', 'srv', sha256Digest(kept).slice('sha256:'.length));
    await fs.chmod(keptFile, 0o600);
    await fs.writeFile(keptFile, '# Kept guide, then changed\n');
    const { gateway } = await started(dir);
    expect(gateway.status().served).toBe(1);
    expect(gateway.status().withheld).toEqual({
      count: 2,
      first: [
        { label: 'Notes server', uri: 'skill://lost/SKILL.md', why: 'its approved file skill://lost/references/guide.md is not in the snapshot store.' },
        {
          label: 'Notes server',
          uri: 'skill://bad/SKILL.md',
          why: `its approved file skill://bad/guide.md cannot be used: The stored snapshot ${sha256Digest(kept).slice('sha256:'.length)} is damaged: its bytes hash to ${sha256Digest(Buffer.from('# Kept guide, then changed\n'))}, not ${sha256Digest(kept)}. It was not used.`,
        },
      ],
    });
    // A review that keeps the bytes again (put replaces a damaged copy) brings both back at the next listing.
    await store.put('srv', lost);
    await store.put('srv', kept);
    await gateway.sync();
    expect(gateway.status().served).toBe(3);
    expect(gateway.status().withheld).toBeUndefined();
  });
});
