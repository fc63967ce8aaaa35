// A version's identity: the SHA-256 of its canonical file set and frontmatter.
// The review hands it to the user, the user hands it back with "approve", and
// the approval binds exactly that version.
import { createHash } from 'node:crypto';
import { entryFingerprintText, type EntryContent } from '../../shared/entry-diff.js';

export function fingerprintOf(entry: EntryContent): string {
  return `sha256:${createHash('sha256').update(entryFingerprintText(entry)).digest('hex')}`;
}
