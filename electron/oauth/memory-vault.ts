// The vault that writes nothing anywhere: the command's `--oauth-memory`, and
// a machine with no keychain. A sign-in lasts as long as the process.
import { secretsOf, type OAuthRecord, type OAuthVault } from './oauth-record.js';

/** Nothing written anywhere: the command's `--oauth-memory`, and a machine with no keychain. */
export class MemoryOAuthVault implements OAuthVault {
  private readonly records = new Map<string, OAuthRecord>();

  async read(key: string): Promise<OAuthRecord> {
    return this.records.get(key) ?? {};
  }

  peek(key: string): OAuthRecord | undefined {
    return this.records.get(key);
  }

  async write(key: string, record: OAuthRecord): Promise<void> {
    this.records.set(key, record);
  }

  async drop(key: string, record: OAuthRecord): Promise<string | undefined> {
    this.records.set(key, record);
    return undefined;
  }

  async forget(key: string): Promise<void> {
    this.records.delete(key);
  }

  known(): string[] {
    return [...this.records.values()].flatMap(secretsOf);
  }
}
