// The signing key really goes into the OS keychain: a GNOME Keyring of the
// test's own (test/fixtures/keyring-session.ts). The app makes its key through
// the contract; secret-tool, another process, reads the private key from the
// keyring; no file of the data folder holds it; a restarted app shows the key
// and signs with it, and the team check finds that receipt valid. The command's
// `key new --keychain` writes only FILE.pub, and `approve --key keychain:NAME`
// signs receipts `verify` accepts.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { IDENTITY_FILE, IDENTITY_REF_FILE } from '../../electron/team/identity.js';
import { seedOf, signingKeyFromText } from '../../electron/team/signing-key.js';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { filesHolding, useKeyringSession } from '../fixtures/keyring-session.js';
import { App } from '../fixtures/mutable-server/app.js';
import { SkillFolder, skillMd, tempDir } from '../fixtures/mutable-server/fixture.js';

const SKILL = 'skill://alpha/SKILL.md';
const keyring = useKeyringSession();

async function skillFolder(): Promise<SkillFolder> {
  const skills = await SkillFolder.create();
  await skills.write('alpha/SKILL.md', skillMd('alpha', 'First skill.'));
  await skills.write('alpha/references/GUIDE.md', '# Guide\n');
  return skills;
}

/** Where a private key could hide in a file: its OpenSSH text, its PEM armour, its raw 32-byte seed. */
async function filesWithPrivateKey(dir: string, keyText: string): Promise<string[]> {
  const seed = seedOf(signingKeyFromText(keyText, 'the keyring entry'));
  return [...new Set([...(await filesHolding(dir, keyText)), ...(await filesHolding(dir, 'PRIVATE KEY')), ...(await filesHolding(dir, seed))])];
}

describe('the signing key in the Secret Service (GNOME Keyring)', () => {
  test('the app keeps its signing key in the keyring: another process reads it there, no file holds it, a restarted app signs with it and the receipt verifies', async () => {
    const dataDir = await tempDir('team-keychain-data');
    const skills = await skillFolder();
    let app = await App.open(dataDir);
    try {
      const before = await app.call('team.identity', {});
      expect(before).toMatchObject({ exists: false, protection: 'keychain', where: 'in the OS keychain (the system keychain (Secret Service))' });
      expect(before.warning).toBeUndefined();

      const made = await app.call('team.createKey', { name: 'Kim Keychain' });
      expect(made).toMatchObject({ exists: true, name: 'Kim Keychain', protection: 'keychain', where: 'in the OS keychain (the system keychain (Secret Service))' });
      expect(made.warning).toBeUndefined();
      expect(made.publicKey).toMatch(/^ssh-ed25519 AAAA[A-Za-z0-9+/=]+ Kim Keychain$/);

      const ref = JSON.parse(await fs.readFile(path.join(dataDir, IDENTITY_REF_FILE), 'utf8')) as { store: string; id: string; fingerprint: string };
      expect([ref.store, ref.fingerprint]).toEqual(['keychain', made.fingerprint]);
      // secret-tool is libsecret's own client, in its own process: the private key is in the keyring under the app's service.
      const lookup = keyring().secretTool(['lookup', 'service', 'Skill Inspector', 'username', ref.id]);
      expect(lookup.status, lookup.stderr).toBe(0);
      expect(lookup.stdout).toMatch(/^-----BEGIN OPENSSH PRIVATE KEY-----\n/);
      const inKeyring = signingKeyFromText(lookup.stdout, 'the keyring entry');
      expect(inKeyring.fingerprint).toBe(made.fingerprint);
      expect(await filesWithPrivateKey(dataDir, lookup.stdout)).toEqual([]);
      await expect(fs.stat(path.join(dataDir, IDENTITY_FILE))).rejects.toThrow('ENOENT');
      await expect(fs.stat(path.join(dataDir, 'secrets.enc.json'))).rejects.toThrow('ENOENT');
      expect((await app.call('team.identity', {})).fingerprint).toBe(made.fingerprint);

      const serverId = await app.addServer('Keyring skills', skills.stdio());
      const review = await app.call('approvals.startReview', { serverId, skillUri: SKILL });
      expect(review.canApprove).toBe(true);
      await app.call('approvals.approve', { serverId, skillUri: SKILL, fingerprint: review.fingerprint, note: 'read it' });
      await app.close();

      // A new start: the public key without touching the keychain's entry, then a signature made with the key read from it.
      app = await App.open(dataDir);
      const again = await app.call('team.identity', {});
      expect([again.fingerprint, again.protection, again.warning]).toEqual([made.fingerprint, 'keychain', undefined]);
      await app.call('servers.connect', { serverId });
      await app.call('skills.refresh', { serverId });
      const team = path.join(await tempDir('team-keychain-repo'), '.skills');
      await fs.mkdir(path.join(team, 'approvals'), { recursive: true });
      await fs.writeFile(path.join(team, 'allowed-signers'), `${again.allowedSignersLine}\n`);
      const shared = await app.call('team.share', { folder: team });
      expect(shared.written).toHaveLength(1);
      const checked = await app.call('team.check', { folder: team });
      const verdict = checked.skills.find((s) => s.skillUri === SKILL)!;
      expect([verdict.status, verdict.reviewer]).toEqual(['approved', { name: 'Kim Keychain', fingerprint: made.fingerprint }]);
      expect(await filesWithPrivateKey(dataDir, lookup.stdout)).toEqual([]);
    } finally {
      await app.close();
    }
  }, 120_000);

  test('key new --keychain writes only FILE.pub and the key is in the keyring; approve --key keychain:NAME signs a receipt verify accepts', async () => {
    const keys = await tempDir('team-keychain-keys');
    const made = await runCli(['key', 'new', '--keychain', '--name', 'Kai CI', '--out', path.join(keys, 'kai.key')]);
    expect(made.code, made.stderr).toBe(0);
    expect(await fs.readdir(keys)).toEqual(['kai.key.pub']);
    const pub = (await fs.readFile(path.join(keys, 'kai.key.pub'), 'utf8')).trim();
    expect(made.stdout).toBe(`"Kai CI" ${pub.split(' ').slice(0, 2).join(' ')}\n`);
    expect(made.stderr).toContain('Stored the private key in the system keychain (Secret Service), service "Skill Inspector", account "signing-key:Kai CI"; wrote only the public key');
    expect(made.stderr).toContain('Sign with --key keychain:Kai CI.');
    const lookup = keyring().secretTool(['lookup', 'service', 'Skill Inspector', 'username', 'signing-key:Kai CI']);
    expect(lookup.status, lookup.stderr).toBe(0);
    const fingerprint = /fingerprint (SHA256:[A-Za-z0-9+/]+)\./.exec(made.stderr)![1]!;
    expect(signingKeyFromText(lookup.stdout, 'the keyring entry').fingerprint).toBe(fingerprint);

    // The same name again is refused: a key is never replaced.
    const twice = await runCli(['key', 'new', '--keychain', '--name', 'Kai CI', '--out', path.join(keys, 'other.key')]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('already holds a key; skill-inspector never replaces a key');

    const skills = await skillFolder();
    const stdio = skills.stdio();
    if (stdio.kind !== 'stdio') throw new Error('the mutable server is started over stdio here');
    const server = ['--stdio', commandLine(stdio.command, ...(stdio.args ?? [])), '--label', 'mut', '--quiet'];
    const team = path.join(await tempDir('team-keychain-cli'), '.skills');
    const approvals = path.join(team, 'approvals');
    await fs.mkdir(approvals, { recursive: true });
    await fs.writeFile(path.join(team, 'allowed-signers'), made.stdout);
    const approved = await runCli(['approve', ...server, '--skill', 'alpha', '--key', 'keychain:Kai CI', '--out', approvals]);
    expect(approved.code, approved.stdout + approved.stderr).toBe(0);
    expect(approved.stdout).toContain(`Approved ${SKILL} as Kai CI (${fingerprint}): 2 file(s), rule set `);
    const verified = await runCli(['verify', ...server, '--receipts', approvals]);
    expect(verified.stdout).toContain(`  ${SKILL}: approved by Kai CI (${fingerprint}) on `);
    expect(verified.code).toBe(0);

    const missing = await runCli(['approve', ...server, '--skill', 'alpha', '--key', 'keychain:Nobody', '--out', approvals]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('No key named "Nobody" in the system keychain (Secret Service)');
  }, 120_000);
});
