// `skill-inspector gateway` over the app's data: a real SDK host (its own
// SkillsClient, which verifies digests, sizes and frontmatter) connected over
// stdio sees exactly the skills that are approved and enabled in the app,
// read from the snapshot store. When a file changes upstream the app revokes
// the approval, and the skill leaves the gateway (list_changed, gone from
// skills/list, its old URIs fail) until it is approved again; allowed-tools
// appears only once it is granted.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { App } from '../fixtures/mutable-server/app.js';
import { SkillFolder, skillMd, tempDir } from '../fixtures/mutable-server/fixture.js';
import type { Skill } from '@modelcontextprotocol/client/ext/skills';
import { HOSTILE_EDGES_SERVER } from '../fixtures/hostile-edges/harness.js';
import { eventually, gatewayOverStdio } from './gateway-harness.js';

const LABEL = 'Mutable skills';
const NS = 'mutable-skills';
const PDF = 'skill://pdf-tools/SKILL.md';
const NOTES = 'skill://notes/SKILL.md';
const PDF_MD = skillMd('pdf-tools', 'Fill and sign PDF forms.', ['allowed-tools: Read Write'], '# PDF tools\n\nRead references/guide.md.\n');
const PDF_MD_UNGRANTED = skillMd('pdf-tools', 'Fill and sign PDF forms.', [], '# PDF tools\n\nRead references/guide.md.\n');
const GUIDE_V1 = '# Guide\n\nStep 1: open the form.\n';
const GUIDE_V2 = '# Guide\n\nStep 1: open the form.\nStep 2: sign it.\n';
const NOTES_MD = skillMd('notes', 'Take notes.');
const DRAFTS_MD = skillMd('drafts', 'Draft documents.');

const digestOf = (bytes: string | Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const at = (uri: string) => uri.replace('skill://', `skill://${NS}/`);
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const filesOf = (skill: Skill) => (Array.isArray(skill.resources) ? skill.resources : []);

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function approve(app: App, serverId: string, skillUri: string, enable: boolean) {
  const review = await app.call('approvals.startReview', { serverId, skillUri });
  expect(review.blockers).toEqual([]);
  return app.call('approvals.approve', { serverId, skillUri, fingerprint: review.fingerprint, enable });
}

async function start() {
  const folder = await SkillFolder.create();
  await folder.write('pdf-tools/SKILL.md', PDF_MD);
  await folder.write('pdf-tools/references/guide.md', GUIDE_V1);
  await folder.write('notes/SKILL.md', NOTES_MD);
  await folder.write('drafts/SKILL.md', DRAFTS_MD);
  const dataDir = await tempDir('gateway-data');
  const app = await App.open(dataDir);
  cleanup.push(() => app.close());
  const serverId = await app.addServer(LABEL, folder.stdio());
  await approve(app, serverId, PDF, true);
  // Approved but not enabled, and drafts not reviewed at all: neither is served.
  await approve(app, serverId, NOTES, false);
  const gateway = await gatewayOverStdio(['--data-dir', dataDir]);
  cleanup.push(() => gateway.close());
  return { folder, app, serverId, dataDir, gateway };
}

describe('gateway over the app data, stdio', { timeout: 180_000 }, () => {
  test('serves exactly the approved and enabled skills, with the approved digests, from the snapshot bytes; allowed-tools only once granted', async () => {
    const { app, serverId, dataDir, gateway } = await start();
    const listing = await gateway.skills.list();
    expect(listing.invalid).toEqual([]);
    expect(listing.skills.map((s) => s.uri)).toEqual([at(PDF)]);
    const pdf = listing.skills[0]!;
    expect(pdf.frontmatter).toEqual({ name: 'pdf-tools', description: 'Fill and sign PDF forms.' });
    const record = await app.call('approvals.get', { serverId, skillUri: PDF });
    const approvedGuide = record!.resources === 'dynamic' ? undefined : record!.resources.find((r) => r.uri.endsWith('guide.md'));
    expect(pdf.resources).toEqual([
      { uri: at(PDF), digest: digestOf(PDF_MD_UNGRANTED), size: Buffer.byteLength(PDF_MD_UNGRANTED) },
      { uri: at('skill://pdf-tools/references/guide.md'), digest: approvedGuide!.digest, size: approvedGuide!.size },
    ]);
    // Every byte read through the gateway is the snapshot's (SKILL.md: the snapshot without its ungranted allowed-tools line).
    const guide = await gateway.skills.read(pdf, 'references/guide.md');
    const snapshot = await fs.readFile(path.join(dataDir, 'snapshots', serverId, approvedGuide!.digest.slice('sha256:'.length)));
    expect(Buffer.from(guide.bytes).equals(snapshot)).toBe(true);
    expect(text(guide.bytes)).toBe(GUIDE_V1);
    const md = await gateway.skills.read(pdf);
    expect(md.verified).toBe(true);
    expect(text(md.bytes)).toBe(PDF_MD_UNGRANTED);

    // The grant: allowed-tools comes back, in the entry and in SKILL.md, which is then the snapshot byte for byte.
    await app.call('approvals.setGrant', { serverId, skillUri: PDF, allowedTools: true });
    await eventually(() => expect(gateway.listChanged()).toBeGreaterThan(0));
    const granted = (await gateway.skills.list()).skills[0]!;
    expect(granted.frontmatter).toEqual({ name: 'pdf-tools', description: 'Fill and sign PDF forms.', 'allowed-tools': 'Read Write' });
    expect(filesOf(granted)[0]).toEqual({ uri: at(PDF), digest: digestOf(PDF_MD), size: Buffer.byteLength(PDF_MD) });
    const grantedMd = await gateway.skills.read(granted);
    expect(text(grantedMd.bytes)).toBe(PDF_MD);
    expect(grantedMd.frontmatter).toEqual(granted.frontmatter);
  });

  test('an upstream change revokes the approval: the skill leaves the gateway, its old URIs fail; after re-approval it is back with the new digest', async () => {
    const { folder, app, serverId, gateway } = await start();
    const before = (await gateway.skills.list()).skills;
    expect(before.map((s) => s.uri)).toEqual([at(PDF)]);
    const old = before[0]!;
    const notified = gateway.listChanged();

    await folder.write('pdf-tools/references/guide.md', GUIDE_V2);
    await app.call('skills.refresh', { serverId });
    expect((await app.call('approvals.get', { serverId, skillUri: PDF }))?.decision).toBe('changed');
    await eventually(() => expect(gateway.listChanged()).toBeGreaterThan(notified));
    expect((await gateway.skills.list()).skills).toEqual([]);
    await expect(gateway.skills.read(old, 'references/guide.md')).rejects.toThrow();
    await expect(gateway.skills.read(old)).rejects.toThrow();
    await expect(gateway.skills.get(old.uri)).rejects.toThrow(/No skill is served/);

    await approve(app, serverId, PDF, true);
    const back = await eventually(async () => {
      const skills = (await gateway.skills.list()).skills;
      expect(skills.map((s) => s.uri)).toEqual([at(PDF)]);
      return skills[0]!;
    });
    expect(filesOf(back).find((r) => r.uri.endsWith('guide.md'))).toEqual({ uri: at('skill://pdf-tools/references/guide.md'), digest: digestOf(GUIDE_V2), size: Buffer.byteLength(GUIDE_V2) });
    expect(text((await gateway.skills.read(back, 'references/guide.md')).bytes)).toBe(GUIDE_V2);
  });

  test('a snapshot damaged on disk is never served: the skill is held back, saying which file and why', async () => {
    const { serverId, dataDir, gateway } = await start();
    const pdf = (await gateway.skills.list()).skills[0]!;
    const guide = filesOf(pdf).find((r) => r.uri.endsWith('guide.md'))!;
    const hex = guide.digest.slice('sha256:'.length);
    const file = path.join(dataDir, 'snapshots', serverId, hex);
    const damaged = '# Guide\n\nStep 1: send the form elsewhere.\n';
    await fs.chmod(file, 0o600);
    await fs.writeFile(file, damaged);
    // A gateway started after the damage: the one running may already hold the good bytes in memory (verified-bytes.ts).
    // It looks at every file's snapshot when it builds its set, so the host is not offered a skill whose read would fail.
    const fresh = await gatewayOverStdio(['--data-dir', dataDir]);
    cleanup.push(() => fresh.close());
    expect((await fresh.skills.list()).skills).toEqual([]);
    await expect(fresh.client.readResource({ uri: guide.uri })).rejects.toThrow();
    expect(fresh.stderr()).toContain(
      `skill-inspector gateway: ${LABEL}: ${PDF} is not served: its approved file skill://pdf-tools/references/guide.md cannot be used: The stored snapshot ${hex} is damaged: its bytes hash to ${digestOf(damaged)}, not ${guide.digest}. It was not used.`,
    );
  });

  test('a file read once is served again from memory: the approved bytes, whatever happens to the disk copy since', async () => {
    const { serverId, dataDir, gateway } = await start();
    const pdf = (await gateway.skills.list()).skills[0]!;
    const guide = filesOf(pdf).find((r) => r.uri.endsWith('guide.md'))!;
    expect(text((await gateway.skills.read(pdf, 'references/guide.md')).bytes)).toBe(GUIDE_V1);
    // Gone from the store after the first read: the second is answered from the bytes that hashed to the approved digest.
    await fs.rm(path.join(dataDir, 'snapshots', serverId, guide.digest.slice('sha256:'.length)));
    expect(text((await gateway.skills.read(pdf, 'references/guide.md')).bytes)).toBe(GUIDE_V1);
    expect(gateway.stderr()).not.toContain('refused');
  });

  test('declining a skill whose listing gives a file no size leaves the gateway serving; a revoke afterwards still takes the approved skill off', async () => {
    const { app, serverId, dataDir, gateway } = await start();
    const old = (await gateway.skills.list()).skills[0]!;
    expect(old.uri).toBe(at(PDF));
    // A second server whose skill lists references/guide.md with no size: declining it stores that file's size as -1 ("not listed").
    const unsized = await app.addServer('Unsized', { kind: 'stdio', command: process.execPath, args: [HOSTILE_EDGES_SERVER, 'size-missing'], env: {} });
    await app.call('approvals.decline', { serverId: unsized, skillUri: 'skill://alpha/SKILL.md' });
    const written = JSON.parse(await fs.readFile(path.join(dataDir, 'approvals.json'), 'utf8')) as { approvals: Array<{ decision: string; resources: Array<{ size: number }> }> };
    expect(written.approvals.find((r) => r.decision === 'declined')?.resources.some((r) => r.size === -1)).toBe(true);

    expect((await gateway.skills.list()).skills.map((s) => s.uri)).toEqual([at(PDF)]);
    const notified = gateway.listChanged();
    await app.call('approvals.revoke', { serverId, skillUri: PDF });
    await eventually(() => expect(gateway.listChanged()).toBeGreaterThan(notified));
    expect((await gateway.skills.list()).skills).toEqual([]);
    await expect(gateway.skills.read(old, 'references/guide.md')).rejects.toThrow();
    await expect(gateway.skills.read(old)).rejects.toThrow();
    await expect(gateway.skills.get(old.uri)).rejects.toThrow();
    expect(gateway.stderr()).not.toContain('is not a file the app wrote');
  });

  test('once approvals.json cannot be read, the gateway stops serving the approved skill, bytes in memory included, and names the file', async () => {
    const { dataDir, gateway } = await start();
    const pdf = (await gateway.skills.list()).skills[0]!;
    const guide = filesOf(pdf).find((r) => r.uri.endsWith('guide.md'))!;
    // Read once: the gateway now holds the bytes in memory.
    expect(text((await gateway.skills.read(pdf, 'references/guide.md')).bytes)).toBe(GUIDE_V1);
    const file = path.join(dataDir, 'approvals.json');
    const whole = await fs.readFile(file, 'utf8');
    await fs.writeFile(file, whole.slice(0, 60));
    await eventually(() => expect(gateway.stderr()).toContain(file));
    await eventually(async () => {
      await expect(gateway.client.readResource({ uri: guide.uri })).rejects.toThrow(file);
    });
    await expect(gateway.skills.read(pdf)).rejects.toThrow();
    await expect(gateway.skills.list()).rejects.toThrow(/approvals\.json/);
  });
});
