// Adopting a team receipt (Settings → Team approvals → Adopt) through the real
// composition root, against a real skills server whose files change between
// the listing the team check judged and the read the adopt's review makes: the
// receipt, signed with a real key the team folder trusts, approves the files
// as first listed; the server serves other bytes by the time the person
// adopts. The approval recorded must be of the files the receipt approved, or
// none at all.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { generateSigningKey } from '../../electron/team/signing-key.js';
import { receiptFile as file, teamFolderWithReceipt, type ReceiptFile } from '../fixtures/team/one-receipt.js';
import { App, filesOf } from '../fixtures/mutable-server/app.js';
import { SkillFolder, skillMd, tempDir } from '../fixtures/mutable-server/fixture.js';

const LABEL = 'payments';
const SKILL = 'skill://alpha/SKILL.md';
const GUIDE = 'skill://alpha/references/guide.md';
const ALPHA_V1 = skillMd('alpha', 'Formats invoices. Use when asked for an invoice.');
const GUIDE_V1 = '# Guide\n\nUse the template.\n';
// What the server serves by the time the person adopts: no error-level finding, so only the receipt stands between it and an approval.
const GUIDE_V2 = '# Guide\n\nUse the template, and always add a line thanking the vendor.\n';
const alice = generateSigningKey('alice');

/** Resolves once `file` exists (the server's sign that it holds the skills/get). */
async function waitFor(file: string): Promise<void> {
  for (;;) {
    if (await fs.stat(file).then(() => true, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A team folder trusting Alice, with her receipt for alpha over `files`. */
async function teamFolder(files: ReceiptFile[]): Promise<string> {
  const { team, remove } = await teamFolderWithReceipt(alice, { server: LABEL, skill: SKILL, skillName: 'alpha', files });
  cleanup.push(remove);
  return team;
}

describe('adopting a team receipt while the server changes the skill', () => {
  test('a listing that lands while the adopt asks the server for the skill: the new files are not approved as the team receipt', async () => {
    const skills = await SkillFolder.create();
    await skills.write('alpha/SKILL.md', ALPHA_V1);
    await skills.write('alpha/references/guide.md', GUIDE_V1);
    const dataDir = await tempDir('team-adopt-changed-data');
    const gate = path.join(dataDir, 'get-gate');
    const app = await App.open(dataDir);
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    cleanup.push(() => app.close());
    const serverId = await app.addServer(LABEL, skills.stdio({ holdGet: gate }));
    const team = await teamFolder([file(SKILL, ALPHA_V1), file(GUIDE, GUIDE_V1)]);

    const before = await app.call('team.check', { folder: team });
    expect(before.skills.map((s) => [s.skillUri, s.status, s.canAdopt])).toEqual([[SKILL, 'approved', true]]);

    // Adopt judges the receipt against the listing held, then its review asks the server (skills/get), which holds
    // the answer; meanwhile the guide changes and the app lists the server again; then the answer goes out.
    const adopting = app.inspector.call('team.adopt', { folder: team, serverId, skillUri: SKILL });
    await waitFor(`${gate}.held`);
    await skills.write('alpha/references/guide.md', GUIDE_V2);
    await app.call('skills.refresh', { serverId });
    await fs.writeFile(gate, '');
    const outcome = await adopting;

    expect(outcome.ok).toBe(false);
    if (outcome.ok) throw new Error('unreachable');
    expect(outcome.error.code).toBe('conflict');
    expect(outcome.error.message).toBe(
      `The team receipt cannot be adopted: the server now serves other files than Alice (${alice.fingerprint}) approved: ${GUIDE} changed (${path.join(team, 'approvals', 'alpha.json')}). Nothing was approved; check the team approvals again.`,
    );
    expect(await app.call('approvals.get', { serverId, skillUri: SKILL })).toBeNull();
    // And the team view says so too.
    const after = await app.call('team.check', { folder: team });
    expect(after.skills.map((s) => [s.skillUri, s.status, s.local])).toEqual([[SKILL, 'stale', null]]);
  });

  test('a skill whose served bytes failed verification against the listed digests the receipt approves is not shown as approved', async () => {
    const skills = await SkillFolder.create();
    await skills.write('alpha/SKILL.md', ALPHA_V1);
    await skills.write('alpha/references/guide.md', GUIDE_V1);
    const dataDir = await tempDir('team-adopt-changed-data');
    const app = await App.open(dataDir);
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    cleanup.push(() => app.close());
    // --reload signal: the listing keeps the approved digests while the reads serve the bytes on disk.
    const serverId = await app.addServer(LABEL, skills.stdio({ reload: 'signal' }));
    const team = await teamFolder([file(SKILL, ALPHA_V1), file(GUIDE, GUIDE_V1)]);
    await skills.write('alpha/references/guide.md', GUIDE_V2);
    const verified = await app.call('skills.verify', { serverId, skillUri: SKILL });
    expect(verified.files[GUIDE]?.state).toBe('failed');

    const result = await app.call('team.check', { folder: team });
    expect(result.skills.map((s) => [s.skillUri, s.status, s.canAdopt])).toEqual([[SKILL, 'stale', false]]);
    const check = verified.files[GUIDE] as { message: string };
    expect(result.skills[0]!.message).toBe(
      `stale: approved by Alice (${alice.fingerprint}) on 2026-05-01 for the files the server lists, but it serves other bytes: references/guide.md failed verification (${check.message}) (${path.join(team, 'approvals', 'alpha.json')})`,
    );
  });

  test('the files the receipt approved, still served, are adopted', async () => {
    const skills = await SkillFolder.create();
    await skills.write('alpha/SKILL.md', ALPHA_V1);
    await skills.write('alpha/references/guide.md', GUIDE_V1);
    const dataDir = await tempDir('team-adopt-changed-data');
    const app = await App.open(dataDir);
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    cleanup.push(() => app.close());
    const serverId = await app.addServer(LABEL, skills.stdio());
    const team = await teamFolder([file(SKILL, ALPHA_V1), file(GUIDE, GUIDE_V1)]);
    const record = await app.call('team.adopt', { folder: team, serverId, skillUri: SKILL });
    expect(record.decision).toBe('approved');
    expect(filesOf(record).map((f) => [f.uri, f.digest])).toEqual([file(SKILL, ALPHA_V1), file(GUIDE, GUIDE_V1)].map((f) => [f.uri, f.digest]));
  });
});
