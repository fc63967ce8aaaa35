// A lockfile's server for the gateway's lockfile-mode tests: skills of one
// SKILL.md each, named by their folder, locked at the digest and size of the
// text the test serves.
import { createHash } from 'node:crypto';
import type { LockedServer } from '../cli/lockfile.js';

export const digestOf = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

/** `{ notes: text }` locks skill://notes/SKILL.md to that text. */
export function lockOf(skills: Record<string, string>): LockedServer {
  return {
    skills: Object.fromEntries(
      Object.entries(skills).map(([name, text]) => [`skill://${name}/SKILL.md`, { name, resources: [{ uri: `skill://${name}/SKILL.md`, digest: digestOf(text), size: Buffer.byteLength(text) }] }]),
    ),
  };
}
