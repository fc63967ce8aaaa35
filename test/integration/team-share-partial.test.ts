// Share approvals (the app) writing several receipts when one of them cannot be
// written: the place of the second receipt holds a folder (another tool's, a
// bad merge). The first receipt is written and stays; the error must say which
// receipts were written and which were not, never leave the folder half-done
// in silence. Through the real composition root, a real skills server, a real
// signing key and a real team folder.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { receiptFileName } from '../../electron/team/team-folder.js';
import type { TeamIdentity } from '../../shared/api-team.js';
import { App } from '../fixtures/mutable-server/app.js';
import { SkillFolder, skillMd, tempDir } from '../fixtures/mutable-server/fixture.js';

const LABEL = 'payments';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** The app with a server of two skills, both approved, and this person's signing key. */
async function appWithApprovals(): Promise<{ app: App; serverId: string; me: TeamIdentity }> {
  const skills = await SkillFolder.create();
  cleanup.push(() => fs.rm(skills.dir, { recursive: true, force: true }));
  await skills.write('alpha/SKILL.md', skillMd('alpha', 'Formats invoices. Use when asked for an invoice.'));
  await skills.write('beta/SKILL.md', skillMd('beta', 'Formats receipts. Use when asked for a receipt.'));
  const dataDir = await tempDir('team-share-partial-data');
  const app = await App.open(dataDir);
  cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  cleanup.push(() => app.close());
  const serverId = await app.addServer(LABEL, skills.stdio());
  for (const skillUri of ['skill://alpha/SKILL.md', 'skill://beta/SKILL.md']) {
    const review = await app.call('approvals.startReview', { serverId, skillUri });
    await app.call('approvals.approve', { serverId, skillUri, fingerprint: review.fingerprint });
  }
  const me = await app.call('team.createKey', { name: 'Alice' });
  return { app, serverId, me };
}

describe('Share approvals when a receipt cannot be written', () => {
  test('names the receipts written and the ones not written', async () => {
    const { app, serverId, me } = await appWithApprovals();

    const root = await tempDir('team-share-partial');
    cleanup.push(() => fs.rm(root, { recursive: true, force: true }));
    const approvals = path.join(root, '.skills', 'approvals');
    await fs.mkdir(approvals, { recursive: true });
    // The receipts are written in the order the approvals are listed: a folder takes the last one's place.
    const order = (await app.call('approvals.list', { serverId })).map((r) => path.join(approvals, receiptFileName(LABEL, r.skillUri, r.skillName, me.fingerprint!)));
    expect(order).toHaveLength(2);
    await fs.mkdir(path.join(order[1]!, 'in-the-way'), { recursive: true });

    const error = await app.fail('team.share', { folder: root });
    expect(error.message).toBe(
      `1 of 2 receipt(s) were written before one could not be: Could not save ${path.basename(order[1]!)} because ${order[1]!} is a folder, where the app keeps its file (EISDIR). ` +
        `The previous version on disk is unchanged; move ${order[1]!} away (the app did not put it there), then try again. ` +
        `Written: ${order[0]!}. Not written: ${order[1]!}. Those written are whole and valid; write the rest again once the cause is fixed.`,
    );
    // The one written is a whole receipt; nothing else is in the folder (no temp file left).
    expect((await fs.readdir(approvals)).sort()).toEqual([path.basename(order[0]!), path.basename(order[1]!)].sort());
    expect((await fs.stat(order[0]!)).isFile()).toBe(true);
    // And it is valid: the team check approves that skill by it, the other by none.
    await fs.writeFile(path.join(root, '.skills', 'allowed-signers'), `${me.allowedSignersLine!}\n`);
    const checked = await app.call('team.check', { folder: root });
    expect(checked.unreadable).toEqual([]);
    const written = (await app.call('approvals.list', { serverId }))[0]!.skillUri;
    expect(checked.skills.map((s) => [s.skillUri, s.status]).sort()).toEqual(
      ['skill://alpha/SKILL.md', 'skill://beta/SKILL.md'].map((uri) => [uri, uri === written ? 'approved' : 'unapproved']),
    );
  });

  test('a receipts folder that is a symbolic link is refused, for sharing and for checking, and nothing lands where it points', async () => {
    const { app } = await appWithApprovals();
    const root = await tempDir('team-share-linked');
    cleanup.push(() => fs.rm(root, { recursive: true, force: true }));
    const elsewhere = path.join(root, 'elsewhere');
    await fs.mkdir(elsewhere);
    await fs.mkdir(path.join(root, 'repo', '.skills'), { recursive: true });
    const link = path.join(root, 'repo', '.skills', 'approvals');
    await fs.symlink(elsewhere, link);
    await fs.writeFile(path.join(root, 'repo', '.skills', 'allowed-signers'), '');
    const refused = `The receipts folder ${link}: it is a symbolic link, not the folder itself; it was not followed (a link in a repository can point anywhere outside it).`;

    const shared = await app.fail('team.share', { folder: path.join(root, 'repo') });
    expect([shared.code, shared.message]).toEqual(['invalid-params', `${refused} Nothing was written.`]);
    expect(await fs.readdir(elsewhere)).toEqual([]);
    const checked = await app.fail('team.check', { folder: path.join(root, 'repo') });
    expect([checked.code, checked.message]).toEqual(['invalid-params', `${refused} A team folder is a .skills folder with approvals/ and allowed-signers (docs/team.md).`]);
  });

  test("a repository whose .skills is a symbolic link is refused, for sharing and for checking, and nothing lands where it points", async () => {
    const { app } = await appWithApprovals();
    const root = await tempDir('team-share-linked');
    cleanup.push(() => fs.rm(root, { recursive: true, force: true }));
    const elsewhere = path.join(root, 'elsewhere');
    await fs.mkdir(path.join(elsewhere, 'approvals'), { recursive: true });
    await fs.writeFile(path.join(elsewhere, 'allowed-signers'), '');
    await fs.mkdir(path.join(root, 'repo'));
    const link = path.join(root, 'repo', '.skills');
    await fs.symlink(elsewhere, link);
    const refused = `The team folder ${link}: it is a symbolic link, not the folder itself; it was not followed (a link in a repository can point anywhere outside it).`;

    const shared = await app.fail('team.share', { folder: path.join(root, 'repo') });
    expect([shared.code, shared.message]).toEqual(['invalid-params', `${refused} Nothing was written.`]);
    expect(await fs.readdir(path.join(elsewhere, 'approvals'))).toEqual([]);
    const checked = await app.fail('team.check', { folder: path.join(root, 'repo') });
    expect([checked.code, checked.message]).toEqual(['invalid-params', `${refused} A team folder is a .skills folder with approvals/ and allowed-signers (docs/team.md).`]);
  });
});
