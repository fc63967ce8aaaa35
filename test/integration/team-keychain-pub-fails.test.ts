// `key new --keychain` when FILE.pub cannot be written (its folder's place is
// a file, which no user, root included, can write through). The key
// used to go into the keychain first and stay there after the .pub failed:
// a private key nobody had the public half of, under a name a second try was
// then refused; and the error said FILE.pub "already exists". Nothing is
// half-done now: the keychain holds no entry, no file
// is left, the error says both, and the same name works once the cause is
// fixed. A real GNOME Keyring read back with secret-tool; the built command.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from '../fixtures/cli/harness.js';
import { useKeyringSession } from '../fixtures/keyring-session.js';
import { tempDir } from '../fixtures/mutable-server/fixture.js';

const keyring = useKeyringSession();
const ACCOUNT = 'signing-key:Pia CI';

describe('key new --keychain when the public key cannot be written', () => {
  test('stores nothing in the keychain, leaves no file, says so; the name is free for the next try', async () => {
    const keys = await tempDir('keychain-pub-fails');
    await fs.writeFile(path.join(keys, 'not-a-folder'), 'a file where a folder is meant\n');
    const pub = path.join(keys, 'not-a-folder', 'pia.key.pub');

    const failed = await runCli(['key', 'new', '--keychain', '--name', 'Pia CI', '--out', path.join(keys, 'not-a-folder', 'pia.key')]);
    expect([failed.code, failed.stdout, failed.stderr]).toEqual([2, '', `skill-inspector: Could not write the key ${pub}: its folder ${path.dirname(pub)} could not be made (EEXIST); nothing was left there. Nothing was stored in the keychain.\n`]);
    const lookup = keyring().secretTool(['lookup', 'service', 'Skill Inspector', 'username', ACCOUNT]);
    expect([lookup.status, lookup.stdout]).toEqual([1, '']);
    expect(await fs.readdir(keys)).toEqual(['not-a-folder']);

    const again = await runCli(['key', 'new', '--keychain', '--name', 'Pia CI', '--out', path.join(keys, 'pia.key')]);
    expect(again.code, again.stderr).toBe(0);
    expect(await fs.readdir(keys)).toEqual(['not-a-folder', 'pia.key.pub'].sort());
    expect(keyring().secretTool(['lookup', 'service', 'Skill Inspector', 'username', ACCOUNT]).status).toBe(0);
    await fs.rm(keys, { recursive: true, force: true });
  }, 120_000);
});
