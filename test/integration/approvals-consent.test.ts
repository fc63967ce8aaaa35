// What an approval does not do, and what it survives: it never activates a
// nested skill, never grants allowed-tools, cannot be given to a dynamic skill,
// survives a restart on the same data directory, goes away with its server,
// and a damaged store is recovered from its backup, loudly.
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { ApprovalRecord, EnabledExport } from '../../shared/approvals-model.js';
import { App, filesOf } from '../fixtures/mutable-server/app.js';
import { SkillFolder, skillMd, tempDir, type ServeOptions } from '../fixtures/mutable-server/fixture.js';

const PARENT = 'skill://pdf-tools/SKILL.md';
const NESTED = 'skill://pdf-tools/forms/SKILL.md';
const GIT = 'skill://git-helper/SKILL.md';
const LIVE = 'skill://live-status/SKILL.md';

async function writeSkills(folder: SkillFolder): Promise<void> {
  await folder.write('pdf-tools/SKILL.md', skillMd('pdf-tools', 'Fill PDF forms. Use when the user has a PDF form.'));
  await folder.write('pdf-tools/references/guide.md', '# Guide\n\nOpen the form.\n');
  await folder.write('pdf-tools/forms/SKILL.md', skillMd('forms', 'Fills tax forms (nested). Use for tax forms.', ['allowed-tools: Bash(curl:*)']));
  await folder.write(
    'git-helper/SKILL.md',
    skillMd('git-helper', 'Helps with git history. Use for commits.', ['allowed-tools: Bash(git:*) Read', 'hooks:', '  PostToolUse: echo done'], '# Git helper\n\nBefore you start: !`git status`\n'),
  );
}

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function start(options: ServeOptions = {}, dataDir?: string) {
  const folder = await SkillFolder.create();
  await writeSkills(folder);
  const dir = dataDir ?? (await tempDir('approvals-data'));
  const app = await App.open(dir);
  cleanup.push(() => app.close());
  const serverId = await app.addServer('Consent fixture', folder.stdio(options));
  return { folder, app, serverId, dataDir: dir };
}

async function approve(app: App, serverId: string, skillUri: string, extra: { enable?: boolean } = {}): Promise<ApprovalRecord> {
  const review = await app.call('approvals.startReview', { serverId, skillUri });
  expect(review.blockers).toEqual([]);
  return app.call('approvals.approve', { serverId, skillUri, fingerprint: review.fingerprint, ...extra });
}

async function entry(app: App, serverId: string, uri: string) {
  const found = (await app.call('skills.list', { serverId })).find((e) => e.uri === uri);
  expect(found, `${uri} is listed`).toBeDefined();
  return found!;
}

async function exported(app: App, serverId: string): Promise<EnabledExport> {
  const result = await app.call('approvals.exportEnabled', { serverId });
  const document = JSON.parse(result.json) as EnabledExport;
  expect(document.skills).toHaveLength(result.count);
  return document;
}

describe('nested skills', () => {
  test('approving a skill never activates a skill nested in it: that one needs its own approval', async () => {
    const { app, serverId } = await start();
    expect((await entry(app, serverId, NESTED)).nestedIn).toBe(PARENT);
    const review = await app.call('approvals.startReview', { serverId, skillUri: PARENT });
    expect(review.requests.nestedSkills).toEqual([{ uri: NESTED, path: 'forms/SKILL.md', known: true, approval: 'none', enabled: false }]);
    expect(review.files.find((f) => f.uri === NESTED)?.nestedSkillMd).toBe(true);
    // The nested skill's allowed-tools is not the parent's request.
    expect(review.requests.allowedTools).toBeNull();

    await app.call('approvals.approve', { serverId, skillUri: PARENT, fingerprint: review.fingerprint, enable: true });
    expect((await entry(app, serverId, PARENT))).toMatchObject({ approval: 'approved', enabled: true });
    expect((await entry(app, serverId, NESTED))).toMatchObject({ approval: 'none', enabled: false });
    expect(await app.call('approvals.get', { serverId, skillUri: NESTED })).toBeNull();
    const refused = await app.fail('approvals.setEnabled', { serverId, skillUri: NESTED, enabled: true });
    expect(refused.code).toBe('conflict');
    expect(refused.message).toContain(`It sits inside ${PARENT}, but approving that skill does not approve this one: it needs its own review.`);
    expect((await exported(app, serverId)).skills.map((s) => s.uri)).toEqual([PARENT]);

    // Its own review and approval, separately; still no grant.
    const own = await approve(app, serverId, NESTED, { enable: true });
    expect(own.allowedTools).toEqual({ requested: ['Bash(curl:*)'], granted: false });
    expect((await exported(app, serverId)).skills.map((s) => s.uri).sort()).toEqual([NESTED, PARENT].sort());
  });
});

describe('allowed-tools', () => {
  test('is shown as a requested elevation, never granted by approval, granted only by its own choice, and withdrawn by a change', async () => {
    const { folder, app, serverId } = await start();
    const review = await app.call('approvals.startReview', { serverId, skillUri: GIT });
    expect(review.requests.allowedTools).toEqual({ requested: ['Bash(git:*)', 'Read'], wellFormed: true, granted: false });
    expect(review.requests.executableFields.map((f) => f.field)).toEqual(['hooks']);
    expect(review.requests.executableFields[0]?.value).toBe('{"PostToolUse":"echo done"}');
    expect(review.requests.commandExpansions).toEqual([{ uri: GIT, line: 11, text: '!`git status`' }]);

    expect(await app.fail('approvals.setGrant', { serverId, skillUri: GIT, allowedTools: true })).toMatchObject({ code: 'conflict' });
    // Its two error-level findings must each be acknowledged by name first (issue 15: the gate an approval cannot skip).
    expect(review.acknowledgements.map((a) => `${a.id} ${a.path} ${a.line}${a.field ? ` ${a.field}` : ''}`)).toEqual(['risk-exec-frontmatter SKILL.md 5 hooks', 'risk-command-expansion SKILL.md 11']);
    const unacknowledged = await app.fail('approvals.approve', { serverId, skillUri: GIT, fingerprint: review.fingerprint, enable: true, acknowledge: [review.acknowledgements[0]!.key] });
    expect(unacknowledged).toMatchObject({ code: 'conflict' });
    expect(unacknowledged.message).toContain('1 of them was not acknowledged: Command a host runs before the prompt (risk-command-expansion, SKILL.md line 11)');
    const record = await app.call('approvals.approve', { serverId, skillUri: GIT, fingerprint: review.fingerprint, enable: true, acknowledge: review.acknowledgements.map((a) => a.key) });
    expect(record.acknowledged?.map((a) => a.id)).toEqual(['risk-exec-frontmatter', 'risk-command-expansion']);
    expect(record.allowedTools).toEqual({ requested: ['Bash(git:*)', 'Read'], granted: false });
    expect((await exported(app, serverId)).skills[0]?.allowedTools).toEqual({ requested: ['Bash(git:*)', 'Read'], granted: false });

    const granted = await app.call('approvals.setGrant', { serverId, skillUri: GIT, allowedTools: true });
    expect(granted.allowedTools).toMatchObject({ requested: ['Bash(git:*)', 'Read'], granted: true });
    expect((await exported(app, serverId)).skills[0]?.allowedTools?.granted).toBe(true);
    const audit = await app.call('approvals.audit', { serverId, skillUri: GIT });
    expect(audit.entries.map((e) => e.action)).toEqual(['grant', 'enable', 'approve']);
    expect(audit.entries[0]?.reason).toBe('allowed-tools granted by the user: Bash(git:*) Read');

    // A skill asking for nothing has nothing to grant.
    await approve(app, serverId, PARENT);
    expect((await app.fail('approvals.setGrant', { serverId, skillUri: PARENT, allowedTools: true })).message).toContain('requests no allowed-tools');

    // Any change revokes the approval and the grant with it.
    await folder.write('git-helper/SKILL.md', skillMd('git-helper', 'Helps with git history. Use for commits.', ['allowed-tools: Bash(*)'], '# Git helper\n'));
    await app.call('skills.refresh', { serverId });
    const after = await app.call('approvals.get', { serverId, skillUri: GIT });
    expect(after).toMatchObject({ decision: 'changed', enabled: false, allowedTools: { requested: ['Bash(git:*)', 'Read'], granted: false } });
    expect(after?.revoked?.reason).toContain('frontmatter "allowed-tools" changed, "hooks" removed');
    expect((await exported(app, serverId)).skills.map((s) => s.uri)).toEqual([]);
  });
});

describe('dynamic skills', () => {
  test('cannot be approved: the app says why and offers a decline or a one-time look', async () => {
    const { app, serverId } = await start({ dynamic: ['live-status'] });
    const look = await app.call('approvals.startReview', { serverId, skillUri: LIVE });
    expect(look.dynamic).toBe(true);
    expect(look.canApprove).toBe(false);
    expect(look.blockers).toHaveLength(1);
    expect(look.blockers[0]).toContain(`${LIVE} is dynamic: the server publishes no digests`);
    expect(look.blockers[0]).toContain('you can decline it, or look at it once');
    expect(look.files).toHaveLength(1);
    expect(look.files[0]).toMatchObject({ uri: LIVE, path: 'SKILL.md', snapshotted: false, check: { state: 'unverifiable' } });
    expect(look.files[0]?.text).toMatch(/Read number \d+ at /);

    const refused = await app.fail('approvals.approve', { serverId, skillUri: LIVE, fingerprint: look.fingerprint });
    expect(refused.code).toBe('conflict');
    expect(refused.message).toContain('is dynamic');
    expect(refused.message).toContain('It cannot be approved');
    expect(await app.call('approvals.get', { serverId, skillUri: LIVE })).toBeNull();

    const declined = await app.call('approvals.decline', { serverId, skillUri: LIVE, note: 'no integrity' });
    expect(declined).toMatchObject({ decision: 'declined', resources: 'dynamic', enabled: false, note: 'no integrity' });
    expect((await entry(app, serverId, LIVE))).toMatchObject({ approval: 'declined', enabled: false });
    expect((await app.fail('approvals.setEnabled', { serverId, skillUri: LIVE, enabled: true })).message).toContain('was declined');
    await app.call('approvals.revoke', { serverId, skillUri: LIVE, reason: 'changed my mind' });
    expect((await entry(app, serverId, LIVE)).approval).toBe('none');
    const audit = await app.call('approvals.audit', { serverId, skillUri: LIVE });
    expect(audit.entries.map((e) => [e.action, e.reason])).toEqual([
      ['revoke', 'The decline was withdrawn by the user: changed my mind'],
      ['decline', 'Declined: no integrity'],
    ]);
  });
});

describe('a change seen by skills/get', () => {
  test('revokes the approval; the diff and a re-approval use what the server serves now', async () => {
    const { folder, app, serverId } = await start();
    await approve(app, serverId, PARENT);
    await folder.write('pdf-tools/references/guide.md', '# Guide\n\nOpen the form, then upload it.\n');
    // Verify runs skills/get first; the listing the app holds is still the old one.
    await app.call('skills.verify', { serverId, skillUri: PARENT });
    const record = await app.call('approvals.get', { serverId, skillUri: PARENT });
    expect(record?.revoked).toMatchObject({ cause: 'entry-changed', via: 'get' });
    expect(record?.revoked?.reason).toMatch(/^skills\/get now describes a different version of this skill: references\/guide\.md changed/);
    const diff = await app.call('approvals.diff', { serverId, skillUri: PARENT });
    const changed = diff.files.find((f) => f.change === 'changed');
    expect(changed?.text?.hunks[0]?.lines).toEqual([' # Guide', ' ', '-Open the form.', '+Open the form, then upload it.']);
    expect(diff.canApprove).toBe(true);
    // What skills/get and skills/list disagree on is an error of this version: approving it names that disagreement.
    expect(diff.acknowledgements.map((a) => a.id)).toEqual(['inspector-get-mismatch']);
    await app.call('approvals.approve', { serverId, skillUri: PARENT, fingerprint: diff.to.fingerprint, acknowledge: diff.acknowledgements.map((a) => a.key) });
    expect((await entry(app, serverId, PARENT)).approval).toBe('approved');
  });
});

describe('persistence', () => {
  test('approvals, enable state and snapshots survive a restart on the same data directory, and still catch a change', async () => {
    const first = await start();
    const record = await approve(first.app, first.serverId, PARENT, { enable: true });
    await first.app.close();
    cleanup.splice(0, cleanup.length);

    const app = await App.open(first.dataDir);
    cleanup.push(() => app.close());
    expect(await app.call('approvals.storeStatus', {})).toEqual({ problems: [], auditUnreadableLines: [] });
    expect(record.enabled).toBe(true);
    expect(await app.call('approvals.get', { serverId: first.serverId, skillUri: PARENT })).toEqual(record);
    expect((await app.call('approvals.list', {})).map((r) => r.skillUri)).toEqual([PARENT]);

    // Snapshots sit in the private data directory, keyed by the host's server id, outside the skill folder.
    const stored = path.join(first.dataDir, 'snapshots', first.serverId);
    const names = await fs.readdir(stored);
    expect(names.sort()).toEqual(filesOf(record).map((r) => r.digest.slice('sha256:'.length)).sort());
    expect(stored.startsWith(first.folder.dir)).toBe(false);

    await app.call('servers.connect', { serverId: first.serverId });
    await app.call('skills.refresh', { serverId: first.serverId });
    expect(await entry(app, first.serverId, PARENT)).toMatchObject({ approval: 'approved', enabled: true });

    await first.folder.write('pdf-tools/references/guide.md', '# Guide\n\nOpen the form. Then mail it.\n');
    await app.call('skills.refresh', { serverId: first.serverId });
    expect(await entry(app, first.serverId, PARENT)).toMatchObject({ approval: 'changed', enabled: false });
    const diff = await app.call('approvals.diff', { serverId: first.serverId, skillUri: PARENT });
    expect(diff.files.find((f) => f.change === 'changed')?.text?.hunks[0]?.lines).toContain('-Open the form.');
  });

  test('a snapshot whose bytes were altered on disk is refused, not used', async () => {
    const { app, serverId, dataDir } = await start();
    const record = await approve(app, serverId, PARENT);
    const guide = filesOf(record).find((r) => r.uri.endsWith('guide.md'))!;
    await fs.writeFile(path.join(dataDir, 'snapshots', serverId, guide.digest.slice('sha256:'.length)), '# Guide\n\nOpen the fork.\n');
    const error = await app.fail('approvals.snapshotFile', { serverId, digest: guide.digest });
    expect(error.code).toBe('failed');
    expect(error.message).toContain('is damaged: its bytes hash to sha256:');
    // Without good reviewed bytes the skill cannot be approved again until it is reviewed again.
    await app.call('approvals.revoke', { serverId, skillUri: PARENT });
    const blocked = await app.fail('approvals.approve', { serverId, skillUri: PARENT, fingerprint: record.fingerprint });
    expect(blocked.message).toContain('references/guide.md has not been reviewed');
    await approve(app, serverId, PARENT);
    expect((await app.call('approvals.snapshotFile', { serverId, digest: guide.digest })).text).toBe('# Guide\n\nOpen the form.\n');
  });

  test('removing a server removes its snapshots, decisions and history, and audits it', async () => {
    const { app, serverId, dataDir } = await start();
    await approve(app, serverId, PARENT);
    await app.call('approvals.decline', { serverId, skillUri: GIT });
    expect(existsSync(path.join(dataDir, 'snapshots', serverId))).toBe(true);
    expect(existsSync(path.join(dataDir, 'history', `${serverId}.json`))).toBe(true);
    await app.call('servers.remove', { serverId });
    expect(existsSync(path.join(dataDir, 'snapshots', serverId))).toBe(false);
    expect(existsSync(path.join(dataDir, 'history', `${serverId}.json`))).toBe(false);
    expect(await app.call('approvals.list', {})).toEqual([]);
    const saved = JSON.parse(await fs.readFile(path.join(dataDir, 'approvals.json'), 'utf8')) as { approvals: unknown[] };
    expect(saved.approvals).toEqual([]);
    const audit = await app.call('approvals.audit', { serverId });
    expect(audit.entries[0]).toMatchObject({ action: 'forget', serverLabel: 'Consent fixture' });
    expect(audit.entries[0]?.reason).toBe('The server "Consent fixture" was removed: 2 decision(s), its stored snapshots and its history were deleted.');
    expect(app.eventsOf('approvals.changed').filter((e) => e.action === 'forget').map((e) => e.skillUri).sort()).toEqual([GIT, PARENT].sort());
  });

  test('a damaged approvals.json is recovered from its backup and reported loudly', async () => {
    const first = await start();
    await approve(first.app, first.serverId, PARENT);
    await first.app.call('approvals.decline', { serverId: first.serverId, skillUri: GIT });
    await first.app.close();
    cleanup.splice(0, cleanup.length);
    const file = path.join(first.dataDir, 'approvals.json');
    await fs.writeFile(file, '{"version": 1, "approvals": [ {"serverId": "torn');

    const app = await App.open(first.dataDir);
    cleanup.push(() => app.close());
    const status = await app.call('approvals.storeStatus', {});
    expect(status.problems).toHaveLength(1);
    expect(status.problems[0]).toMatchObject({ file, recoveredFrom: 'backup' });
    expect(status.problems[0]?.message).toContain('it is not valid JSON');
    expect(status.problems[0]?.keptAs && existsSync(status.problems[0].keptAs)).toBe(true);
    expect(await fs.readFile(status.problems[0]!.keptAs!, 'utf8')).toBe('{"version": 1, "approvals": [ {"serverId": "torn');
    // The backup holds the state before the last save: the approval, not yet the decline.
    expect((await app.call('approvals.list', {})).map((r) => [r.skillUri, r.decision])).toEqual([[PARENT, 'approved']]);
    const alerts = app.eventsOf('app.alert');
    expect(alerts).toEqual([{ level: 'error', title: 'Approvals recovered from backup', message: expect.stringContaining('The last good version was restored from its backup.') }]);
  });
});

describe('contract', () => {
  test('arguments are validated and unknown things are named', async () => {
    const { app, serverId } = await start();
    expect((await app.fail('approvals.startReview', { serverId, skillUri: 'skill://nope/SKILL.md' })).code).toBe('not-found');
    expect((await app.fail('approvals.list', { serverId: 'missing' })).code).toBe('not-found');
    expect((await app.fail('approvals.decline', { serverId, skillUri: GIT, extra: true })).code).toBe('invalid-params');
    expect((await app.fail('approvals.diff', { serverId, skillUri: GIT, from: 'yesterday' })).code).toBe('invalid-params');
    expect((await app.fail('approvals.diff', { serverId, skillUri: GIT })).message).toContain('has no approval to compare with');
    expect((await app.fail('approvals.snapshotFile', { serverId, digest: `sha256:${'a'.repeat(64)}` })).code).toBe('not-found');
    expect(await app.call('approvals.cancelReview', { serverId, skillUri: GIT })).toEqual({ cancelled: false });
    expect((await app.fail('approvals.setEnabled', { serverId, skillUri: GIT, enabled: true })).message).toContain('is not approved');
  });
});
