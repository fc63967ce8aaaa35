// The fallback where no keychain answers (headless Linux without a Secret
// Service): AES-256-GCM in secrets.enc.json, under a random key kept in
// secrets.key (mode 600) beside it. This is obfuscation at rest, not
// protection from the same user: anyone who can read the data folder can read
// the key too. It keeps tokens out of plain files, backups that copy one file,
// and screenshots of servers.json; the app says so in an alert.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SealedEntriesFile, readOptional } from './sealed-entries-file.js';
import { SealedFileStore } from './sealed-file-store.js';

export const SECRETS_FILE = 'secrets.enc.json';
export const SECRETS_KEY_FILE = 'secrets.key';

const entrySchema = z.object({ iv: z.string(), tag: z.string(), data: z.string() });
type SealedEntry = z.infer<typeof entrySchema>;

export class EncryptedFileStore extends SealedFileStore<SealedEntry> {
  readonly backend = 'encrypted-file' as const;
  readonly description: string;
  private readonly file: string;
  private readonly keyFile: string;
  private key: Buffer | undefined;
  /** Read once, written once per batch of changes (sealed-entries-file.ts). */
  protected readonly entries: SealedEntriesFile<SealedEntry>;

  constructor(dataDir: string) {
    super();
    this.file = path.join(dataDir, SECRETS_FILE);
    this.keyFile = path.join(dataDir, SECRETS_KEY_FILE);
    this.description = `an encrypted file in the data folder (${SECRETS_FILE})`;
    this.entries = new SealedEntriesFile(this.file, entrySchema, { seal: (id, value) => this.seal(id, value), open: (id, entry) => this.open(id, entry) });
  }

  private async seal(id: string, value: string): Promise<SealedEntry> {
    const key = (await this.loadKey(true))!;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    // The id is bound in: an entry copied under another id does not decrypt.
    cipher.setAAD(Buffer.from(id));
    const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
    return { iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
  }

  private async open(id: string, entry: SealedEntry): Promise<string> {
    const key = await this.loadKey(false);
    if (!key) throw new Error(`${this.file} holds secrets but its key ${this.keyFile} is missing; set the secrets again.`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(entry.iv, 'base64'));
      decipher.setAAD(Buffer.from(id));
      decipher.setAuthTag(Buffer.from(entry.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(entry.data, 'base64')), decipher.final()]).toString('utf8');
    } catch (error) {
      // The cipher only says "unable to authenticate data": say which file and entry, and what to do.
      throw new Error(`The secret ${id} in ${this.file} does not decrypt with ${this.keyFile} (${error instanceof Error ? error.message : String(error)}): it was changed or its key replaced; set it again.`, { cause: error });
    }
  }

  private async loadKey(create: boolean): Promise<Buffer | undefined> {
    if (this.key) return this.key;
    const text = await readOptional(this.keyFile);
    if (text !== undefined) {
      const key = Buffer.from(text.trim(), 'base64');
      if (key.length !== 32) throw new Error(`${this.keyFile} is not a 32-byte key; move it away and set the secrets again.`);
      this.key = key;
      return key;
    }
    if (!create) return undefined;
    const key = randomBytes(32);
    await fs.mkdir(path.dirname(this.keyFile), { recursive: true, mode: 0o700 });
    // 'wx': two processes never both create a key; the loser reads the winner's.
    try {
      await fs.writeFile(this.keyFile, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return this.loadKey(false);
      throw error;
    }
    this.key = key;
    return key;
  }
}
