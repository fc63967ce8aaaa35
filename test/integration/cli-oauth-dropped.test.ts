// `--oauth` with a sign-in the secret store kept after it was dropped (the
// authorization server refused its tokens while the store would not rewrite
// the record): the data folder's oauth-dropped.json says so, as the app keeps
// it. The command did not read that file, so the next run sent the refused
// tokens again; now it leaves them unused, rewrites the record without them
// (this store lets it) and asks the person to sign in, saying nothing more of
// the drop, which was said when it happened.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cliOAuthKey } from '../../electron/cli/cli-oauth.js';
import { vaultId } from '../../electron/oauth/oauth-vault.js';
import { STALE_SIGN_INS_FILE, StaleSignIns } from '../../electron/oauth/stale-sign-ins.js';
import { EncryptedFileStore } from '../../electron/secrets/encrypted-file-store.js';
import { tempDir } from '../fixtures/servers/harness.js';
import { runSigningIn } from '../fixtures/oauth/cli-sign-in.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';

let dataDir: string;

const oauth = useOAuthFixture();

beforeAll(async () => {
  dataDir = await tempDir('cli-oauth-dropped');
}, 60_000);

afterAll(async () => {
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('--oauth and a sign-in remembered as dropped in the data folder', () => {
  test('the next run does not send its tokens: the server sees no token, the person signs in again', async () => {
    const first = await runSigningIn(['list', '--url', oauth.fixture.url, '--oauth'], dataDir);
    expect(first.code, first.stderr).toBe(0);
    expect(first.pages).toHaveLength(1);

    // What a run records when the authorization server refused the tokens and the store kept them.
    const id = vaultId(cliOAuthKey(oauth.fixture.url, undefined));
    const stored = await new EncryptedFileStore(dataDir).get(id);
    expect(JSON.parse(stored!).tokens.access_token).toEqual(expect.any(String));
    await new StaleSignIns(dataDir).remember(cliOAuthKey(oauth.fixture.url, undefined), [stored!], { without: ['tokens', 'tokensSavedAt'], refreshRefused: true });
    const before = (await oauth.fixture.events()).length;

    const second = await runSigningIn(['list', '--url', oauth.fixture.url, '--oauth'], dataDir);
    expect(second.code, second.stderr).toBe(0);
    const events = (await oauth.fixture.events()).slice(before);
    // The first request went without a token (401), and a new authorization replaced the dropped tokens.
    expect(events.find((e) => e.event === 'mcp')).toMatchObject({ event: 'mcp', status: 401 });
    expect(events.filter((e) => e.event === 'token').map((e) => e.grant_type)).toEqual(['authorization_code']);
    expect(second.pages).toHaveLength(1);
    expect(second.stderr).toContain(`To sign in to ${oauth.fixture.url}, open this address in a browser`);
    expect(second.stderr).not.toContain('still stored');
    // The store took the correction, so the drop is forgotten; the new sign-in is kept.
    expect(JSON.parse(await fs.readFile(path.join(dataDir, STALE_SIGN_INS_FILE), 'utf8'))).toEqual({});
    expect(JSON.parse((await new EncryptedFileStore(dataDir).get(id))!).tokens.access_token).not.toBe(JSON.parse(stored!).tokens.access_token);
  }, 120_000);
});
