// Test helper shared by the OAuth vault's refusal tests: a keychain whose
// lock the test turns, to see what the vault does when the store refuses.
import type { SecretStore } from '../secrets/secret-store.js';

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
