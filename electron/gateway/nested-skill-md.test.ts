// A skill nested in an approved parent: its SKILL.md is one of the parent's
// files too. Its allowed-tools is a request the parent's approval does not
// grant, so wherever the gateway serves that file — as the nested skill's own
// SKILL.md or as a file of the parent — the field is cut unless the nested
// skill's own approval grants it; the two then serve the same bytes and both
// are listed. One that cannot be cut, or cannot be read to check, holds the
// parent back with that reason. Through the SDK's own client.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SnapshotStore, sha256Digest } from '../snapshots/snapshot-store.js';
import { APPROVALS_FILE, ApprovedCatalog } from './approved-catalog.js';
import { Gateway } from './gateway.js';
import { hostOf } from './host-in-memory.unit.js';
import { writtenAsSkillMd } from './nested-skill-md.js';

const PARENT = Buffer.from('---\nname: pdf-tools\ndescription: Fills in PDF forms\n---\nSee forms/SKILL.md.\n', 'utf8');
const FORMS_CUT = '---\nname: forms\ndescription: Fills one form\n---\nRun the filler.\n';
const FORMS = Buffer.from('---\nname: forms\ndescription: Fills one form\nallowed-tools: Bash(rm:*) Write\n---\nRun the filler.\n', 'utf8');
const FORMS_UNCUTTABLE = Buffer.from('---\nname: forms\ndescription: Fills one form\n"allowed\\x2dtools": Bash\n---\nRun the filler.\n', 'utf8');
const FILL = Buffer.from('# Fill\n', 'utf8');
// allowed-tools given through a YAML merge key: no field to this app (YAML 1.2), the field to a host reading YAML 1.1.
const FORMS_MERGED = Buffer.from('---\nname: forms\ndescription: Fills one form\n<<: {allowed-tools: Bash(rm:*)}\n---\nRun the filler.\n', 'utf8');

const PARENT_URI = 'skill://pdf-tools/SKILL.md';
const FORMS_URI = 'skill://pdf-tools/forms/SKILL.md';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const ref = (uri: string, bytes: Buffer) => ({ uri, digest: sha256Digest(bytes), size: bytes.byteLength });

function record(skillUri: string, resources: ReturnType<typeof ref>[], granted: boolean | null) {
  return { serverId: 'srv', skillUri, skillName: 'x', decision: 'approved', resources, frontmatter: {}, fingerprint: 'f', decidedAt: '2026-01-01T00:00:00.000Z', enabled: true, allowedTools: granted === null ? null : { granted } };
}

interface Setup {
  readonly parent: boolean;
  /** The nested skill's own approval: absent when it has none. */
  readonly nested?: { granted: boolean };
  readonly formsBytes?: Buffer;
  readonly formsName?: string;
  readonly storeForms?: boolean;
}

async function host({ parent, nested, formsBytes = FORMS, formsName = 'SKILL.md', storeForms = true }: Setup) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-nested-skill-md-'));
  cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
  await fs.writeFile(path.join(dir, 'servers.json'), JSON.stringify({ version: 1, servers: [{ id: 'srv', label: 'PDF server' }] }));
  const store = new SnapshotStore(path.join(dir, 'snapshots'));
  for (const bytes of [PARENT, FILL, ...(storeForms ? [formsBytes] : [])]) await store.put('srv', bytes);
  const formsUri = `skill://pdf-tools/forms/${formsName}`;
  const approvals = [
    ...(parent ? [record(PARENT_URI, [ref(PARENT_URI, PARENT), ref(formsUri, formsBytes), ref('skill://pdf-tools/forms/fill.md', FILL)], null)] : []),
    ...(nested ? [record(FORMS_URI, [ref(FORMS_URI, formsBytes), ref('skill://pdf-tools/forms/fill.md', FILL)], nested.granted)] : []),
  ];
  await fs.writeFile(path.join(dir, APPROVALS_FILE), JSON.stringify({ version: 1, approvals }));
  const warnings: string[] = [];
  const gateway = new Gateway(new ApprovedCatalog(dir, (line) => warnings.push(line)), { onWarning: (line) => warnings.push(line) });
  const { client, host } = await hostOf(gateway, 'nested-skill-md-test', cleanup);
  const skills = host;
  const readText = async (uri: string) => {
    const result = await client.readResource({ uri });
    const content = result.contents[0]!;
    return 'text' in content ? content.text : Buffer.from(content.blob, 'base64').toString('utf8');
  };
  return { gateway, skills, warnings, readText };
}

describe('the SKILL.md of a skill nested in an approved parent', () => {
  it('the nested skill approved without its allowed-tools: both are served, and its SKILL.md comes without the field from either', async () => {
    const { gateway, skills, warnings, readText } = await host({ parent: true, nested: { granted: false } });
    const listing = await skills.list();
    expect(listing.invalid).toEqual([]);
    expect(listing.skills.map((s) => s.uri)).toEqual(['skill://pdf-server/pdf-tools/SKILL.md', 'skill://pdf-server/pdf-tools/forms/SKILL.md']);
    expect(gateway.withheld).toEqual([]);
    expect(warnings).toEqual([]);
    expect(listing.skills[1]!.frontmatter).toEqual({ name: 'forms', description: 'Fills one form' });
    // The one URI both list: read through the parent's listing or the nested skill's, the bytes are the cut ones, verified by the SDK.
    expect(await readText('skill://pdf-server/pdf-tools/forms/SKILL.md')).toBe(FORMS_CUT);
    const fromParent = await skills.read(listing.skills[0]!, 'forms/SKILL.md');
    expect(fromParent.verified).toBe(true);
    expect(Buffer.from(fromParent.bytes).toString('utf8')).toBe(FORMS_CUT);
    const own = await skills.read(listing.skills[1]!);
    expect(own.verified).toBe(true);
    expect(Buffer.from(own.bytes).toString('utf8')).toBe(FORMS_CUT);
  });

  it('the nested skill approved with its allowed-tools granted: both serve the field, as approved', async () => {
    const { gateway, skills, readText } = await host({ parent: true, nested: { granted: true } });
    const listing = await skills.list();
    expect(listing.skills.map((s) => s.uri)).toEqual(['skill://pdf-server/pdf-tools/SKILL.md', 'skill://pdf-server/pdf-tools/forms/SKILL.md']);
    expect(gateway.withheld).toEqual([]);
    expect(listing.skills[1]!.frontmatter).toEqual({ name: 'forms', description: 'Fills one form', 'allowed-tools': 'Bash(rm:*) Write' });
    expect(await readText('skill://pdf-server/pdf-tools/forms/SKILL.md')).toBe(FORMS.toString('utf8'));
  });

  it('only the parent approved: it serves the nested SKILL.md without allowed-tools, under any case of the file name', async () => {
    // ſ (U+017F) and ı (U+0131) upper-case to S and I: NTFS compares names by upper case, so SKILL.md finds either file.
    for (const formsName of ['SKILL.md', 'skill.md', '%C5%BFKILL.md', 'SK%C4%B1LL.md']) {
      const { skills, readText } = await host({ parent: true, formsName });
      const listing = await skills.list();
      expect(listing.skills.map((s) => s.uri)).toEqual(['skill://pdf-server/pdf-tools/SKILL.md']);
      expect(await readText(`skill://pdf-server/pdf-tools/forms/${formsName}`)).toBe(FORMS_CUT);
      expect((await skills.read(listing.skills[0]!, `forms/${formsName}`)).verified).toBe(true);
    }
  });

  it('a nested allowed-tools that cannot be cut holds the parent back, saying so; the nested skill is held back for the same field', async () => {
    const { gateway, skills } = await host({ parent: true, nested: { granted: false }, formsBytes: FORMS_UNCUTTABLE });
    expect((await skills.list()).skills).toEqual([]);
    expect(gateway.withheld).toEqual([
      {
        label: 'PDF server',
        uri: PARENT_URI,
        why: 'its file skill://pdf-tools/forms/SKILL.md is the SKILL.md of a skill nested in it, which asks for allowed-tools; that is not granted and cannot be left out: its allowed-tools field is not written as a plain top-level key.',
      },
      { label: 'PDF server', uri: FORMS_URI, why: 'allowed-tools is not granted and cannot be left out: its allowed-tools field is not written as a plain top-level key.' },
    ]);
  });

  it('a nested SKILL.md that gives allowed-tools through a YAML merge key holds the parent and the nested skill back, granted or not', async () => {
    const why = 'its frontmatter gives allowed-tools through a YAML merge key (<<), which hosts that read YAML 1.1 take as the field';
    for (const granted of [false, true]) {
      const { gateway, skills } = await host({ parent: true, nested: { granted }, formsBytes: FORMS_MERGED });
      expect((await skills.list()).skills).toEqual([]);
      expect(gateway.withheld).toEqual([
        { label: 'PDF server', uri: PARENT_URI, why: `its file skill://pdf-tools/forms/SKILL.md is the SKILL.md of a skill nested in it: ${why}.` },
        { label: 'PDF server', uri: FORMS_URI, why: `${granted ? 'the allowed-tools granted is not the one every host reads' : 'allowed-tools is not granted and cannot be left out'}: ${why}.` },
      ]);
    }
  });

  it('a nested SKILL.md missing from the snapshot store holds the parent back: it cannot be checked for allowed-tools', async () => {
    const { gateway, skills } = await host({ parent: true, storeForms: false });
    expect((await skills.list()).skills).toEqual([]);
    expect(gateway.withheld).toEqual([
      { label: 'PDF server', uri: PARENT_URI, why: 'its file skill://pdf-tools/forms/SKILL.md is the SKILL.md of a skill nested in it and cannot be checked for allowed-tools: it is not in the snapshot store.' },
    ]);
  });
});

describe('which file names a host may write as SKILL.md', () => {
  it('any case, trailing dots and spaces, an NTFS stream; not a longer or other name', () => {
    const at = (name: string) => `skill://notes/forms/${name}`;
    for (const name of ['SKILL.md', 'skill.MD', 'SKILL.md.', 'SKILL.md. .', 'SKILL.md%20', 'SKILL%2Emd', 'SKILL.md::$DATA', 'SKILL.md:x', '%C5%BFKILL.md', 'SK%C4%B1LL.md', 'S%E2%84%AAILL.md']) expect(writtenAsSkillMd(at(name)), name).toBe(true);
    for (const name of ['SKILL.mdx', 'SKILL.md.bak', 'NOTSKILL.md', 'SKILL', '.SKILL.md', 'SKILL.md%2Fx']) expect(writtenAsSkillMd(at(name)), name).toBe(false);
  });
});
