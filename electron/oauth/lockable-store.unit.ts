// Test helper shared by the OAuth vault's refusal tests: a keychain whose
// lock the test turns, to see what the vault does when the store refuses,
// and the one signed-in server they drop a sign-in of.
import type { SecretStore } from '../secrets/secret-store.js';
import type { OAuthTarget } from './oauth-sessions.js';
import type { OAuthRecord } from './oauth-vault.js';

export const TARGET: OAuthTarget = { key: 's1', serverId: 's1', url: 'http://127.0.0.1:9/mcp', settings: { type: 'oauth' } };
export const SIGNED_IN: OAuthRecord = {
  client: { client_id: 'client-1' } as never,
  tokens: { access_token: 'access-1', token_type: 'Bearer', refresh_token: 'refresh-1' },
  tokensSavedAt: 1,
  boundTo: `${TARGET.url}\n`,
};
/** Where a locked lockableStore says the sign-in stays. */
export const WHERE = 'the system keychain (Secret Service) (the keychain is locked)';

/** A keychain that can be read but, while locked, neither written nor deleted from. */
export function lockableStore(): SecretStore & { held: Map<string, string>; locked: boolean } {
  const held = new Map<string, string>();
  const store = {
    backend: 'keychain' as const,
    description: 'the system keychain (Secret Service)',
    held,
    locked: false,
    get: async (id: string) => held.get(id),
    set: async (id: string, value: string) => {
      if (store.locked) throw new Error('the keychain is locked');
      held.set(id, value);
    },
    delete: async (id: string) => {
      if (store.locked) throw new Error('the keychain is locked');
      held.delete(id);
    },
  };
  return store;
}
