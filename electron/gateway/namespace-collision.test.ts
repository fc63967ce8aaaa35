// Two labels that slug the same are told apart by a hash of the later one
// ("acme-docs" → acme-docs-a5856799), but that hashed namespace was never
// checked against the ones already taken: a third server labelled
// "acme docs a5856799" (a label is any text; an imported config names servers
// as it likes) slugs to exactly acme-docs-a5856799 and, coming earlier in
// code-point order, took it first. Both servers were then served under one
// namespace, so a skill of the one sat inside the other's skill folder: the
// host's directory listing of the "acme-docs" server's notes skill showed the
// other server's helper skill in it, and a host copying that folder took it.
// Through the gateway over the app's data, with the SDK's client as the host.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SnapshotStore, sha256Digest } from '../snapshots/snapshot-store.js';
import { APPROVALS_FILE, ApprovedCatalog } from './approved-catalog.js';
import { Gateway } from './gateway.js';
import { hostOf } from './host-in-memory.unit.js';

const NOTES_MD = Buffer.from('---\nname: notes\ndescription: Take notes.\n---\nWrite it down.\n', 'utf8');
const HELPER_MD = Buffer.from('---\nname: helper\ndescription: Helps with notes.\n---\nRun the helper.\n', 'utf8');
const SERVERS = [
  { id: 'docs', label: 'Acme Docs' },
  { id: 'docs2', label: 'acme-docs' },
  // sha256("acme-docs") begins a5856799: this label slugs to the name the one above is told apart by.
  { id: 'other', label: 'acme docs a5856799' },
];

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const approval = (serverId: string, skillUri: string, bytes: Buffer) => ({
  serverId,
  skillUri,
  skillName: 'x',
  decision: 'approved',
  resources: [{ uri: skillUri, digest: sha256Digest(bytes), size: bytes.byteLength }],
  frontmatter: {},
  fingerprint: 'f',
  decidedAt: '2026-01-01T00:00:00.000Z',
  enabled: true,
  allowedTools: null,
});

describe('namespaces of labels that slug alike', () => {
  it('a label that slugs to another label’s hashed namespace gets one of its own: no server’s skill lands in another’s folder', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-namespace-collision-'));
    cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
    await fs.writeFile(path.join(dir, 'servers.json'), JSON.stringify({ version: 1, servers: SERVERS }));
    const store = new SnapshotStore(path.join(dir, 'snapshots'));
    await store.put('docs2', NOTES_MD);
    await store.put('other', HELPER_MD);
    await fs.writeFile(path.join(dir, APPROVALS_FILE), JSON.stringify({ version: 1, approvals: [approval('docs2', 'skill://notes/SKILL.md', NOTES_MD), approval('other', 'skill://notes/helper/SKILL.md', HELPER_MD)] }));
    const warnings: string[] = [];
    const gateway = new Gateway(new ApprovedCatalog(dir, (line) => warnings.push(line)), { onWarning: (line) => warnings.push(line) });
    const { host } = await hostOf(gateway, 'namespace-host', cleanup);

    const { skills } = await host.list();
    expect(skills.map((s) => s.uri)).toEqual(['skill://acme-docs-a5856799ba491596/notes/SKILL.md', 'skill://acme-docs-a5856799/notes/helper/SKILL.md']);
    // The acme-docs server's notes folder holds its own SKILL.md only.
    const notes = skills.find((s) => s.frontmatter.name === 'notes')!;
    expect((await host.readDirectory(notes.uri.replace(/\/SKILL\.md$/, ''))).resources.map((r) => r.uri)).toEqual([notes.uri]);
    expect(gateway.withheld).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
