// The command notes its OAuth sign-ins as the app does: which key holds a
// sign-in, in which store, in the data folder's oauth-sign-ins.json (no token,
// no address; the tokens only in the secret store). So a sign-in the store no
// longer gives (its entry deleted by another program, or one that does not
// read) is said to be lost before the command asks for a new one, as the app
// says it, not taken for never having signed in. Before, the command kept no
// such note, and signed in again without a word.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cliOAuthKey } from '../../electron/cli/cli-oauth.js';
import { KEPT_SIGN_INS_FILE } from '../../electron/oauth/kept-sign-ins.js';
import { vaultId } from '../../electron/oauth/oauth-vault.js';
import { openSecretStores } from '../../electron/secrets/open-secret-stores.js';
import { tempDir } from '../fixtures/servers/harness.js';
import { runSigningIn } from '../fixtures/oauth/cli-sign-in.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';

let dataDir: string;

const oauth = useOAuthFixture();

beforeAll(async () => {
  dataDir = await tempDir('cli-oauth-kept');
}, 60_000);

afterAll(async () => {
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const notes = async () => fs.readFile(path.join(dataDir, KEPT_SIGN_INS_FILE), 'utf8');

describe('check --oauth, the sign-in noted as the app notes its own', () => {
  test('noted by key and store; its entry deleted, or garbled, is said to be lost, and a new sign-in replaces it', async () => {
    const key = cliOAuthKey(oauth.fixture.url, undefined);
    const first = await runSigningIn(['check', '--url', oauth.fixture.url, '--oauth', '--json'], dataDir);
    expect(first.code, first.stderr).toBe(0);
    expect(first.pages).toHaveLength(1);
    // The note holds the key and the store's kind only: no token, no address.
    expect(await notes()).toBe(`${JSON.stringify({ [key]: 'encrypted-file' })}\n`);

    const stores = await openSecretStores({ dataDir, choice: 'file' });
    const file = stores.primary;
    await file.delete(vaultId(key));
    const deleted = await runSigningIn(['check', '--url', oauth.fixture.url, '--oauth', '--json'], dataDir);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.pages).toHaveLength(1);
    expect(deleted.stderr).toContain(`skill-inspector: ${oauth.fixture.url}: You signed in before, but that sign-in is no longer in ${file.description} (it has no entry for it): another program may have deleted it. Sign in again.`);
    expect(await notes()).toBe(`${JSON.stringify({ [key]: 'encrypted-file' })}\n`);

    await file.set(vaultId(key), 'null');
    const garbled = await runSigningIn(['check', '--url', oauth.fixture.url, '--oauth', '--json'], dataDir);
    expect(garbled.code, garbled.stderr).toBe(0);
    expect(garbled.pages).toHaveLength(1);
    expect(garbled.stderr).toContain(`skill-inspector: ${oauth.fixture.url}: You signed in before, but ${file.description} would not give that sign-in (its entry ${vaultId(key)} does not read as a sign-in: it is not a JSON object).`);

    // Signed in again, the next run asks nobody and says nothing of a loss.
    const again = await runSigningIn(['check', '--url', oauth.fixture.url, '--oauth', '--json'], dataDir);
    expect(again.code, again.stderr).toBe(0);
    expect(again.pages).toHaveLength(0);
    expect(again.stderr).not.toContain('You signed in before');
  }, 240_000);
});
