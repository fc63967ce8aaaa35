// Team approvals in the real app (browser mode, Chromium) against the mutable
// skills server: a team folder made by the test with real keys and receipts
// (the built command's `key new` and `approve`); Settings makes this person's
// key and shows it; "Team approvals" shows each served skill's verdict in
// words; adopting a team receipt asks first — cancelling records nothing —
// and then records this person's approval; "Share approvals" writes their
// receipt into the folder.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect, callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { commandLine, runCli } from '../test/fixtures/cli/harness.js';
import { SkillFolder, skillMd, tempDir } from '../test/fixtures/mutable-server/fixture.js';
import { openAppInBrowser, pollWithin, type AppInBrowser, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);
const LABEL = 'Team skills';
const ALPHA = 'skill://alpha/SKILL.md';
const BETA = 'skill://beta/SKILL.md';

describe('team approvals in the app', { timeout: 180_000 }, () => {
  let ui: AppInBrowser;
  let app: RunningApp;
  let page: Page;
  let serverId: string;
  let team: string;
  let approvals: string;
  let alice: { fingerprint: string; on: string };
  let mallory: string;

  beforeAll(async () => {
    const skills = await SkillFolder.create();
    await skills.write('alpha/SKILL.md', skillMd('alpha', 'First skill.'));
    await skills.write('alpha/references/GUIDE.md', '# Guide\n');
    await skills.write('beta/SKILL.md', skillMd('beta', 'Second skill.'));
    const transport = skills.stdio();
    if (transport.kind !== 'stdio') throw new Error('the mutable server is started over stdio here');
    const server = ['--stdio', commandLine(transport.command, ...(transport.args ?? [])), '--label', LABEL, '--quiet'];

    // The team folder: Alice is trusted and approves alpha; Mallory is not on the team and approves beta.
    const keys = await tempDir('team-e2e-keys');
    team = path.join(await tempDir('team-e2e-repo'), '.skills');
    approvals = path.join(team, 'approvals');
    await fs.mkdir(approvals, { recursive: true });
    const made = await runCli(['key', 'new', '--name', 'Alice', '--out', path.join(keys, 'alice.key')]);
    expect(made.code, made.stderr).toBe(0);
    const madeMallory = await runCli(['key', 'new', '--name', 'Mallory', '--out', path.join(keys, 'mallory.key')]);
    mallory = /fingerprint (SHA256:[A-Za-z0-9+/]+)\./.exec(madeMallory.stderr)![1]!;
    await fs.writeFile(path.join(team, 'allowed-signers'), `${made.stdout.trim()}\n`);
    const byAlice = await runCli(['approve', ...server, '--key', path.join(keys, 'alice.key'), '--out', approvals, '--skill', 'alpha']);
    expect(byAlice.code, byAlice.stdout + byAlice.stderr).toBe(0);
    expect((await runCli(['approve', ...server, '--key', path.join(keys, 'mallory.key'), '--out', approvals, '--skill', 'beta'])).code).toBe(0);
    const [alphaReceipt] = (await fs.readdir(approvals)).filter((f) => f.startsWith('alpha.'));
    const payload = JSON.parse(await fs.readFile(path.join(approvals, alphaReceipt!), 'utf8')) as { payload: string };
    const on = (JSON.parse(Buffer.from(payload.payload, 'base64').toString('utf8')) as { predicate: { approvedAt: string } }).predicate.approvedAt.slice(0, 10);
    alice = { fingerprint: /fingerprint (SHA256:[A-Za-z0-9+/]+)\./.exec(made.stderr)![1]!, on };

    ui = await openAppInBrowser();
    ({ app, page } = ui);
    serverId = await addAndConnect(page, app.token, { label: LABEL, transport });
    await page.locator(`[data-server-label="${LABEL}"] [data-connection="connected"]`).waitFor({ timeout: 30_000 });
    await page.locator(`[data-server-label="${LABEL}"]`).click();
    await page.locator(`[data-skill-uri="${ALPHA}"]`).waitFor({ timeout: 30_000 });
    await page.locator(`[data-skill-uri="${BETA}"]`).waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(() => ui?.close());

  it('Settings makes this person a signing key and shows its public key and fingerprint', async () => {
    await page.locator('[data-action="settings"]').click();
    const settings = page.locator('[data-dialog="settings"]');
    await settings.locator('[data-no-signing-key]').waitFor({ timeout: 20_000 });
    // No Secret Service in this session, so the key will be a file, and Settings says so before and after.
    expect(await settings.locator('[data-key-where]').textContent()).toBe('The private key will be kept in a file (mode 600): no keychain here.');
    await settings.locator('[data-field="key-name"] input, input[data-field="key-name"]').first().fill('Tess Tester');
    await settings.locator('[data-action="create-signing-key"]').click();
    await settings.locator('[data-signing-key]').waitFor({ timeout: 20_000 });
    const identity = await callContract(page, app.token, 'team.identity', {});
    expect(identity.exists).toBe(true);
    expect(await settings.locator('[data-key-name]').textContent()).toBe('Tess Tester');
    expect(await settings.locator('[data-key-fingerprint]').textContent()).toBe(identity.fingerprint);
    expect(identity.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(await settings.locator('[data-public-key]').textContent()).toBe(identity.publicKey);
    expect(identity.publicKey).toMatch(/^ssh-ed25519 AAAA[A-Za-z0-9+/=]+ Tess Tester$/);
    expect(await settings.locator('[data-key-where="file"]').textContent()).toBe('The private key is kept in a file (mode 600): no keychain here.');
    expect(await settings.locator('[data-key-warning]').textContent()).toContain('mode 600');
  });

  it('Team approvals shows each served skill: approved by NAME (fingerprint) on DATE, or why not', async () => {
    const settings = page.locator('[data-dialog="settings"]');
    await settings.locator('[data-field="team-folder"] input, input[data-field="team-folder"]').first().fill(path.dirname(team));
    await settings.locator('[data-action="team-approvals"]').click();
    await settings.locator('[data-team-verdicts]').waitFor({ timeout: 20_000 });
    const alpha = settings.locator(`[data-team-skill="${ALPHA}"]`);
    const beta = settings.locator(`[data-team-skill="${BETA}"]`);
    expect(await alpha.getAttribute('data-team-status')).toBe('approved');
    expect(await alpha.locator('[data-team-message]').textContent()).toBe(`alpha (${LABEL}): approved by Alice (${alice.fingerprint}) on ${alice.on}`);
    expect(await beta.getAttribute('data-team-status')).toBe('untrusted');
    expect(await beta.locator('[data-team-message]').textContent()).toMatch(new RegExp(`^beta \\(${LABEL}\\): untrusted signer: signed by Mallory \\(${mallory.replace(/[+/]/g, '\\$&')}\\), whose key is not in allowed-signers \\(.+beta\\.[0-9a-f]{12}\\.json\\)$`));
    // Only a valid receipt can be adopted.
    expect(await alpha.locator('[data-action="adopt-team-receipt"]').count()).toBe(1);
    expect(await beta.locator('[data-action="adopt-team-receipt"]').count()).toBe(0);
  });

  it('adopting asks first: cancelled, nothing is approved; confirmed, the skill is this person\'s approval', async () => {
    const settings = page.locator('[data-dialog="settings"]');
    const alpha = settings.locator(`[data-team-skill="${ALPHA}"]`);
    await alpha.locator('[data-action="adopt-team-receipt"]').click();
    const confirm = page.locator('[data-dialog="adopt-team-receipt"]');
    await confirm.locator('[data-action="confirm-adopt"]').waitFor({ timeout: 10_000 });
    expect(await confirm.textContent()).toContain(`approved by Alice (${alice.fingerprint}) on ${alice.on}`);
    await confirm.locator('[data-action="cancel-adopt"]').click();
    await poll(() => page.locator('[data-action="confirm-adopt"]').count()).toBe(0);
    expect(await callContract(page, app.token, 'approvals.get', { serverId, skillUri: ALPHA })).toBeNull();

    await alpha.locator('[data-action="adopt-team-receipt"]').click();
    await confirm.locator('[data-action="confirm-adopt"]').click();
    await settings.locator('[data-adopted]').waitFor({ timeout: 30_000 });
    const record = await callContract(page, app.token, 'approvals.get', { serverId, skillUri: ALPHA });
    expect(record?.decision).toBe('approved');
    expect(record?.note).toMatch(new RegExp(`^Adopted the team receipt of Alice \\(${alice.fingerprint.replace(/[+/]/g, '\\$&')}\\), approved on ${alice.on} \\(alpha\\.[0-9a-f]{12}\\.json\\)\\.$`));
    // Beta stays unapproved here: its receipt was never offered.
    expect(await callContract(page, app.token, 'approvals.get', { serverId, skillUri: BETA })).toBeNull();
    await poll(() => alpha.locator('[data-team-message]').textContent()).toContain('— approved by you too.');
    expect(await alpha.locator('[data-action="adopt-team-receipt"]').count()).toBe(0);
  });

  it('Share approvals writes this person\'s receipt into the folder, and it verifies once they are trusted', async () => {
    const settings = page.locator('[data-dialog="settings"]');
    const before = await fs.readdir(approvals);
    await settings.locator('[data-action="share-approvals"]').click();
    await settings.locator('[data-shared="1"]').waitFor({ timeout: 20_000 });
    const added = (await fs.readdir(approvals)).filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^alpha\.[0-9a-f]{12}\.json$/);
    // Trusted only once the team adds the line Settings shows; then both receipts of alpha verify.
    const identity = await callContract(page, app.token, 'team.identity', {});
    await fs.writeFile(path.join(team, 'allowed-signers'), `${identity.allowedSignersLine}\n`);
    const result = await callContract(page, app.token, 'team.check', { folder: team });
    const verdict = result.skills.find((s) => s.skillUri === ALPHA)!;
    expect(verdict.status).toBe('approved');
    expect(verdict.reviewer).toEqual({ name: 'Tess Tester', fingerprint: identity.fingerprint });
  });
});
