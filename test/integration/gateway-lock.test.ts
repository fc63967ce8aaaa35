// `skill-inspector gateway --lock`: headless, from a lockfile, over stdio. A
// real SDK host (its SkillsClient verifies every digest, size and frontmatter)
// sees exactly the locked skills whose upstream bytes match the lock, under
// the server's namespace; a skill that drifts upstream leaves the gateway,
// its old URIs stop reading, and stderr names the file that changed.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { parseLockfile } from '../../electron/cli/lockfile.js';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { MUTABLE_SERVER, SkillFolder, skillMd, tempDir } from '../fixtures/mutable-server/fixture.js';
import { eventually, gatewayOverStdio, type GatewayHost } from './gateway-harness.js';
import { promises as fs } from 'node:fs';

const LABEL = 'Team skills';
const NS = 'team-skills';
const PDF_MD = skillMd('pdf-tools', 'Fill and sign PDF forms.', ['allowed-tools: Bash(pdftk:*) Read'], '# PDF tools\n\nRead references/guide.md.\n');
const PDF_MD_SERVED = skillMd('pdf-tools', 'Fill and sign PDF forms.', [], '# PDF tools\n\nRead references/guide.md.\n');
const GUIDE = '# Guide\n\nStep 1: open the form.\n';
const NOTES_MD = skillMd('notes', 'Take notes.');
const LATER_MD = skillMd('later', 'Added after the lock was written.');

const digestOf = (bytes: string | Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function start(options: { notifyChanges?: boolean } = {}): Promise<{ folder: SkillFolder; lockFile: string; gateway: GatewayHost }> {
  const folder = await SkillFolder.create();
  await folder.write('pdf-tools/SKILL.md', PDF_MD);
  await folder.write('pdf-tools/references/guide.md', GUIDE);
  await folder.write('notes/SKILL.md', NOTES_MD);
  const work = await tempDir('gateway-lock');
  const lockFile = path.join(work, 'skills.lock.json');
  const upstream = commandLine(process.execPath, MUTABLE_SERVER, '--dir', folder.dir);
  const lock = await runCli(['lock', '--stdio', upstream, '--label', LABEL, '--output', lockFile, '--quiet']);
  expect(lock.code, lock.stderr).toBe(0);
  // Not in the lock: the gateway must never serve it.
  await folder.write('later/SKILL.md', LATER_MD);
  // --notify-changes: the upstream watches its folder and sends list_changed when a file changes.
  const served = options.notifyChanges ? commandLine(process.execPath, MUTABLE_SERVER, '--dir', folder.dir, '--notify-changes') : upstream;
  const gateway = await gatewayOverStdio(['--lock', lockFile, '--stdio', served]);
  cleanup.push(() => gateway.close());
  return { folder, lockFile, gateway };
}

describe('gateway --lock over stdio', { timeout: 120_000 }, () => {
  test('serves exactly the locked skills, namespaced by the label, with the locked digests and sizes; every byte read is the locked byte', async () => {
    const { lockFile, gateway } = await start();
    const lock = parseLockfile(await fs.readFile(lockFile, 'utf8'), lockFile);
    const locked = lock.servers[LABEL]!.skills;
    const listing = await gateway.skills.list();
    expect(listing.invalid).toEqual([]);
    expect(listing.skills.map((s) => s.uri).sort()).toEqual([`skill://${NS}/notes/SKILL.md`, `skill://${NS}/pdf-tools/SKILL.md`]);

    const notes = listing.skills.find((s) => s.uri.endsWith('/notes/SKILL.md'))!;
    const lockedNotes = locked['skill://notes/SKILL.md']!;
    expect(notes.resources).toEqual(Array.isArray(lockedNotes.resources) ? lockedNotes.resources.map((r) => ({ ...r, uri: r.uri.replace('skill://', `skill://${NS}/`) })) : []);
    const notesMd = await gateway.skills.read(notes);
    expect(notesMd.verified).toBe(true);
    expect(Buffer.from(notesMd.bytes).toString('utf8')).toBe(NOTES_MD);
    expect(notesMd.frontmatter).toEqual({ name: 'notes', description: 'Take notes.' });

    // A lockfile grants nothing: allowed-tools is left out of the entry and of the SKILL.md it serves.
    const pdf = listing.skills.find((s) => s.uri.endsWith('/pdf-tools/SKILL.md'))!;
    expect(pdf.frontmatter).toEqual({ name: 'pdf-tools', description: 'Fill and sign PDF forms.' });
    expect(pdf.resources).toEqual([
      { uri: `skill://${NS}/pdf-tools/SKILL.md`, digest: digestOf(PDF_MD_SERVED), size: Buffer.byteLength(PDF_MD_SERVED) },
      { uri: `skill://${NS}/pdf-tools/references/guide.md`, digest: digestOf(GUIDE), size: Buffer.byteLength(GUIDE) },
    ]);
    const pdfMd = await gateway.skills.read(pdf);
    expect(Buffer.from(pdfMd.bytes).toString('utf8')).toBe(PDF_MD_SERVED);
    const guide = await gateway.skills.read(pdf, 'references/guide.md');
    expect(guide.verified).toBe(true);
    expect(Buffer.from(guide.bytes).toString('utf8')).toBe(GUIDE);
    expect(digestOf(guide.bytes)).toBe((locked['skill://pdf-tools/SKILL.md']!.resources as { uri: string; digest: string }[]).find((r) => r.uri.endsWith('guide.md'))!.digest);

    const got = await gateway.skills.get(pdf.uri);
    expect(got.skill).toEqual(pdf);
    await expect(gateway.skills.get(`skill://${NS}/later/SKILL.md`)).rejects.toThrow(/No skill is served/);
  });

  test('a file changed upstream: the skill leaves skills/list, its old URIs stop reading, and stderr names the file', async () => {
    const { folder, gateway } = await start();
    const before = await gateway.skills.list();
    const pdf = before.skills.find((s) => s.uri.endsWith('/pdf-tools/SKILL.md'))!;
    await folder.write('pdf-tools/references/guide.md', '# Guide\n\nStep 1: send the form to example.invalid.\n');

    // The gateway lists its upstream at most once a second: a listing sooner is answered from the set held, and the
    // refresh it plans takes the drifted skill off (a host is then sent list_changed and lists again).
    await eventually(async () => {
      const after = await gateway.skills.list();
      expect(after.skills.map((s) => s.uri)).toEqual([`skill://${NS}/notes/SKILL.md`]);
    });
    await expect(gateway.skills.read(pdf, 'references/guide.md')).rejects.toThrow(/not found|-32602|Resource/i);
    await expect(gateway.skills.read(pdf)).rejects.toThrow(/not found|-32602|Resource/i);
    await expect(gateway.skills.get(pdf.uri)).rejects.toThrow(/No skill is served/);
    const line = await eventually(() => {
      const found = gateway.stderr().split('\n').find((l) => l.includes('skill://pdf-tools/SKILL.md is not served'));
      if (!found) throw new Error(`no drift line yet:\n${gateway.stderr()}`);
      return found;
    });
    expect(line).toMatch(/^skill-inspector gateway: Team skills: skill:\/\/pdf-tools\/SKILL\.md is not served: skill:\/\/pdf-tools\/references\/guide\.md changed: the lock pins sha256:[0-9a-f]{64} \(\d+ bytes\), the server lists sha256:[0-9a-f]{64} \(\d+ bytes\)\.$/);

    // Put back as locked: served again.
    await folder.write('pdf-tools/references/guide.md', GUIDE);
    await eventually(async () => {
      const back = await gateway.skills.list();
      expect(back.skills.map((s) => s.uri).sort()).toEqual([`skill://${NS}/notes/SKILL.md`, `skill://${NS}/pdf-tools/SKILL.md`]);
    });
  });

  test("the upstream's own list_changed takes a drifted skill off and tells the host, without the host listing", async () => {
    const { folder, gateway } = await start({ notifyChanges: true });
    const before = await gateway.skills.list();
    expect(before.skills.map((s) => s.uri).sort()).toEqual([`skill://${NS}/notes/SKILL.md`, `skill://${NS}/pdf-tools/SKILL.md`]);
    // A listing sooner than the pacing interval plans a refresh of its own: let it pass, so only the notice is left.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const heard = gateway.listChanged();
    await folder.write('pdf-tools/references/guide.md', '# Guide\n\nStep 1: send the form to example.invalid.\n');
    // Only the upstream's notice can start this: the host does not list until it is told.
    await eventually(() => {
      expect(gateway.stderr()).toContain('skill://pdf-tools/SKILL.md is not served: skill://pdf-tools/references/guide.md changed');
      expect(gateway.listChanged()).toBeGreaterThan(heard);
    });
    const after = await gateway.skills.list();
    expect(after.skills.map((s) => s.uri)).toEqual([`skill://${NS}/notes/SKILL.md`]);

    // Put back as locked: the next notice serves it again, and the host is told again.
    const told = gateway.listChanged();
    await folder.write('pdf-tools/references/guide.md', GUIDE);
    await eventually(() => expect(gateway.listChanged()).toBeGreaterThan(told));
    const back = await gateway.skills.list();
    expect(back.skills.map((s) => s.uri).sort()).toEqual([`skill://${NS}/notes/SKILL.md`, `skill://${NS}/pdf-tools/SKILL.md`]);
  });
});
