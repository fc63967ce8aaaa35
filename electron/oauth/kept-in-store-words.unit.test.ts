// What the person is told when the secret store keeps a sign-in that was
// dropped: the app's words name the app and its Sign out; the command's
// (`--oauth`, which has no Sign out) name the command and what it can do.
import { describe, expect, it } from 'vitest';
import { keptInStoreWords } from './oauth-sessions.js';
import { COMMAND_READS } from './unread-note.js';

const WHERE = 'the keychain';

describe('keptInStoreWords', () => {
  it("the app's words, unchanged", () => {
    expect(keptInStoreWords('tokens', WHERE, 's1', true)).toBe(
      'The authorization server refused its tokens, so the app no longer uses them, but they could not be deleted from the keychain; the old sign-in is still stored there under the id oauth:s1. The app will not use it again, and deletes it at a later start or change to this sign-in once the store lets it. To delete it now, unlock the store and sign out, or remove the entry "oauth:s1" from it by hand.',
    );
  });

  it("the command's words name the command and offer no Sign out it does not have", () => {
    for (const remembered of [true, false, { file: 'oauth-dropped.json', error: 'EACCES.' }]) {
      const words = keptInStoreWords('tokens', WHERE, 'cli:abc', remembered, COMMAND_READS);
      expect(words).toContain('so the command no longer uses them');
      expect(words).not.toMatch(/the app|sign out/i);
    }
    expect(keptInStoreWords('tokens', WHERE, 'cli:abc', true, COMMAND_READS)).toContain(
      'The command will not use it again, and deletes it at a later start or change to this sign-in once the store lets it. To delete it now, unlock the store and remove the entry "oauth:cli:abc" from it by hand.',
    );
    expect(keptInStoreWords('tokens', WHERE, 'cli:abc', false, COMMAND_READS)).toContain('Unlock the store, then run the command again.');
  });
});
