// `skill-inspector key new --name NAME --out FILE`: makes an Ed25519 signing
// key for approval receipts (OpenSSH format, mode 600, and FILE.pub) and
// prints its allowed-signers line on stdout. With --keychain the private key
// goes into the OS keychain instead and only FILE.pub is written. `key show --key FILE` prints the
// line of an existing key, ssh-keygen's included.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { KeychainStore } from '../secrets/keychain-store.js';
import { allowedSignersLine } from '../team/allowed-signers.js';
import { keyFileExists, writeNewKeyFile } from '../team/new-key-file.js';
import { KEYCHAIN_KEY_PREFIX, keychainKeyName, keychainPlace, readKeyFromKeychain, storeKeyInKeychain } from '../team/keychain-key.js';
import { KeyFormatError, generateSigningKey, readSigningKey, writeSigningKey } from '../team/signing-key.js';
import { publicKeyLine } from '../team/ssh-wire.js';
import type { Streams } from './streams.js';
import { UsageError } from './usage-error.js';

function labelsOf(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const labels = value.split(',').map((l) => l.trim());
  if (labels.some((l) => l === '')) throw new UsageError(`--labels must be server labels separated by commas, got "${value}".`);
  return labels;
}

export async function keyCommand(args: string[], io: Streams): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { name: { type: 'string' }, out: { type: 'string' }, key: { type: 'string' }, labels: { type: 'string' }, keychain: { type: 'boolean' } },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`key ${sub ?? ''} takes no positional arguments (got "${positionals[0]}").`);
  const labels = labelsOf(values.labels);
  try {
    if (sub === 'new') {
      if (!values.name?.trim()) throw new UsageError('key new needs --name NAME: the reviewer name receipts and allowed-signers show.');
      if (!values.out) throw new UsageError('key new needs --out FILE: where to write the private key (FILE.pub gets the public key).');
      if (values.key !== undefined) throw new UsageError('--key goes with "key show"; "key new" makes a key.');
      const key = generateSigningKey(values.name.trim());
      if (values.keychain) {
        const pub = path.resolve(values.out.endsWith('.pub') ? values.out : `${values.out}.pub`);
        if (await fs.lstat(pub).then(() => true, () => false)) throw keyFileExists(pub);
        const store = new KeychainStore();
        // FILE.pub first, then the keychain: nothing is left half-done. A .pub that cannot be written leaves no key in
        // the keychain (nobody would have its public half, and its name would be taken); a key the keychain refuses
        // takes its .pub away again.
        try {
          // Created exclusively: a file or link that appeared at the path since the look above is never replaced or followed.
          await writeNewKeyFile(pub, `${publicKeyLine(key.publicKey, key.comment)}\n`, 0o644);
        } catch (error) {
          if (error instanceof KeyFormatError) throw new KeyFormatError(`${error.message} Nothing was stored in the keychain.`);
          throw error;
        }
        try {
          await storeKeyInKeychain(key.comment, key, store);
        } catch (error) {
          await fs.rm(pub, { force: true });
          if (error instanceof KeyFormatError) throw new KeyFormatError(`${error.message} The public key ${pub} was removed again.`);
          throw error;
        }
        io.out.write(`${allowedSignersLine(values.name.trim(), key.publicKey, labels)}\n`);
        io.err.write(
          `Stored the private key in ${keychainPlace(key.comment, store)}; wrote only the public key ${pub}; fingerprint ${key.fingerprint}.\n` +
            `Sign with --key ${KEYCHAIN_KEY_PREFIX}${key.comment}. Add the line above to the team's .skills/allowed-signers.\n`,
        );
        return 0;
      }
      await writeSigningKey(path.resolve(values.out), key);
      io.out.write(`${allowedSignersLine(values.name.trim(), key.publicKey, labels)}\n`);
      io.err.write(
        `Wrote the private key ${values.out} (mode 600) and the public key ${values.out}.pub; fingerprint ${key.fingerprint}.\n` +
          'The private key is a plain file, not in a keychain: keep it out of the repository (in CI, a secret). Add the line above to the team\'s .skills/allowed-signers.\n',
      );
      return 0;
    }
    if (sub === 'show') {
      if (!values.key) throw new UsageError('key show needs --key FILE: a private key (OpenSSH ed25519 or PKCS#8 PEM).');
      if (values.out !== undefined) throw new UsageError('--out goes with "key new".');
      if (values.keychain) throw new UsageError('--keychain goes with "key new"; "key show --key keychain:NAME" prints a keychain key\'s line.');
      const inKeychain = keychainKeyName(values.key);
      if (inKeychain !== undefined) {
        const key = await readKeyFromKeychain(inKeychain);
        io.out.write(`${allowedSignersLine(values.name?.trim() || key.comment || inKeychain, key.publicKey, labels)}\n`);
        io.err.write(`Fingerprint ${key.fingerprint}.\n`);
        return 0;
      }
      const { key, warning } = await readSigningKey(values.key);
      const name = values.name?.trim() || key.comment;
      if (!name) throw new UsageError(`${values.key} has no comment to name its owner; give --name NAME.`);
      if (warning) io.err.write(`Warning: ${warning}\n`);
      io.out.write(`${allowedSignersLine(name, key.publicKey, labels)}\n`);
      io.err.write(`Fingerprint ${key.fingerprint}.\n`);
      return 0;
    }
  } catch (error) {
    if (error instanceof KeyFormatError) {
      io.err.write(`skill-inspector: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  throw new UsageError(sub === undefined ? 'key needs a subcommand: "key new --name NAME --out FILE" or "key show --key FILE".' : `Unknown key subcommand "${sub}"; use "key new" or "key show".`);
}
