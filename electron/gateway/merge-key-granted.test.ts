// allowed-tools given through a YAML merge key (`<<: {allowed-tools: …}`) in a
// skill approved in the app with that grant given. Since approvals read the
// frontmatter as a YAML 1.1 host does (4b24b45), the review showed those tools
// and the grant records them; the gateway still held the skill back ("the
// allowed-tools granted is not the one every host reads"), so an approval and
// grant the user gave was never served. Now it is served as approved when the
// tools a YAML 1.1 host takes are exactly the ones the grant names (a YAML 1.2
// host, the SDK's reading, sees no field and takes none); a grant naming other
// tools, or none granted, still holds it back. Own SKILL.md and a nested one,
// through the SDK's own client.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { SnapshotStore, sha256Digest } from '../snapshots/snapshot-store.js';
import { APPROVALS_FILE, ApprovedCatalog } from './approved-catalog.js';
import { Gateway } from './gateway.js';
import { hostOf } from './host-in-memory.unit.js';

const TOOLS = ['Bash(rm:*)', 'Read'];
const MERGED = Buffer.from('---\nname: notes\ndescription: Take notes.\n<<: {allowed-tools: Bash(rm:*) Read}\n---\nTake notes.\n', 'utf8');
const PARENT = Buffer.from('---\nname: notes\ndescription: Take notes.\n---\nSee forms/SKILL.md.\n', 'utf8');
const FORMS = Buffer.from('---\nname: forms\ndescription: Fill one form.\n<<: {allowed-tools: Bash(rm:*) Read}\n---\nRun the filler.\n', 'utf8');
const NOTES_URI = 'skill://notes/SKILL.md';
const FORMS_URI = 'skill://notes/forms/SKILL.md';
const WHY = 'its frontmatter gives allowed-tools through a YAML merge key (<<), which hosts that read YAML 1.1 take as the field';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const ref = (uri: string, bytes: Buffer) => ({ uri, digest: sha256Digest(bytes), size: bytes.byteLength });
type Grant = { granted: boolean; requested: string[] };
const approval = (skillUri: string, resources: ReturnType<typeof ref>[], allowedTools: Grant | null) => ({ serverId: 'srv', skillUri, skillName: 'x', decision: 'approved', resources, frontmatter: {}, fingerprint: 'f', decidedAt: '2026-01-01T00:00:00.000Z', enabled: true, allowedTools });

async function serve(approvals: ReturnType<typeof approval>[], files: Buffer[]) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-merge-key-granted-'));
  cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
  await fs.writeFile(path.join(dir, 'servers.json'), JSON.stringify({ version: 1, servers: [{ id: 'srv', label: 'Team skills' }] }));
  const store = new SnapshotStore(path.join(dir, 'snapshots'));
  for (const bytes of files) await store.put('srv', bytes);
  await fs.writeFile(path.join(dir, APPROVALS_FILE), JSON.stringify({ version: 1, approvals }));
  const warnings: string[] = [];
  const gateway = new Gateway(new ApprovedCatalog(dir, (line) => warnings.push(line)), { onWarning: (line) => warnings.push(line) });
  const { host } = await hostOf(gateway, 'yaml-1.1-host', cleanup);
  return { gateway, host, warnings };
}

describe('allowed-tools given through a YAML merge key, granted in the app', () => {
  it('served as approved when the grant names the tools a YAML 1.1 host takes', async () => {
    // What a YAML 1.1 host takes from the file: the tools granted.
    expect((parseDocument(MERGED.toString('utf8').split('---\n')[1]!, { version: '1.1' }).toJS() as Record<string, unknown>)['allowed-tools']).toBe('Bash(rm:*) Read');
    const { gateway, host, warnings } = await serve([approval(NOTES_URI, [ref(NOTES_URI, MERGED)], { granted: true, requested: TOOLS })], [MERGED]);
    const { skills } = await host.list();
    expect(skills.map((s) => s.uri)).toEqual(['skill://team-skills/notes/SKILL.md']);
    expect(skills[0]!.frontmatter).toEqual({ name: 'notes', description: 'Take notes.', '<<': { 'allowed-tools': 'Bash(rm:*) Read' } });
    const read = await host.read(skills[0]!);
    expect(read.verified).toBe(true);
    expect(Buffer.from(read.bytes).equals(MERGED)).toBe(true);
    expect(gateway.served[0]!.allowedTools).toBe(true);
    expect(gateway.withheld).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('held back when the grant names other tools, or is not given', async () => {
    for (const [grant, why] of [
      [{ granted: true, requested: ['Read'] }, `the allowed-tools granted is not the one every host reads: ${WHY}.`],
      [{ granted: false, requested: TOOLS }, `allowed-tools is not granted and cannot be left out: ${WHY}.`],
    ] as const) {
      const { gateway, host } = await serve([approval(NOTES_URI, [ref(NOTES_URI, MERGED)], { ...grant, requested: [...grant.requested] })], [MERGED]);
      expect((await host.list()).skills).toEqual([]);
      expect(gateway.withheld).toEqual([{ label: 'Team skills', uri: NOTES_URI, why }]);
    }
  });

  it('a nested SKILL.md whose own approval grants those tools: the parent and the nested skill are both served as approved', async () => {
    const files = [ref(FORMS_URI, FORMS)];
    const { gateway, host } = await serve(
      [approval(NOTES_URI, [ref(NOTES_URI, PARENT), ...files], null), approval(FORMS_URI, files, { granted: true, requested: TOOLS })],
      [PARENT, FORMS],
    );
    const { skills } = await host.list();
    expect(skills.map((s) => s.uri)).toEqual(['skill://team-skills/notes/SKILL.md', 'skill://team-skills/notes/forms/SKILL.md']);
    expect(gateway.withheld).toEqual([]);
    const fromParent = await host.read(skills[0]!, 'forms/SKILL.md');
    expect(fromParent.verified).toBe(true);
    expect(Buffer.from(fromParent.bytes).equals(FORMS)).toBe(true);
  });
});
