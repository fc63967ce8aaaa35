// The vault as a sign-in or a connection's renewal sees it: once its server is
// removed, what it still writes is dropped. The removal cancels a sign-in and
// deletes the record, but a sign-in ends with a write of its own (its PKCE
// verifier cleared) and a renewal in flight saves its tokens: either put an
// entry back in the secret store for a server that no longer exists, with its
// registration or its tokens, which nothing in the app would ever delete.
import type { NotRemembered, OAuthRecord, OAuthVault } from './oauth-record.js';

export class UntilRemoved implements OAuthVault {
  constructor(
    private readonly vault: OAuthVault,
    /** Whether the server was removed since this view was made. */
    private readonly removed: () => boolean,
  ) {}

  read(key: string): Promise<OAuthRecord> {
    return this.vault.read(key);
  }

  peek(key: string): OAuthRecord | undefined {
    return this.vault.peek(key);
  }

  write(key: string, record: OAuthRecord): Promise<void> {
    return this.removed() ? Promise.resolve() : this.vault.write(key, record);
  }

  drop(key: string, record: OAuthRecord): Promise<string | undefined> {
    return this.removed() ? Promise.resolve(undefined) : this.vault.drop(key, record);
  }

  forget(key: string): Promise<void> {
    return this.vault.forget(key);
  }

  known(): string[] {
    return this.vault.known();
  }

  get remembersDropped(): boolean | undefined {
    return this.vault.remembersDropped;
  }

  unremembered(key: string): NotRemembered | undefined {
    return this.vault.unremembered?.(key);
  }
}
