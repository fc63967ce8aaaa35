// What stands between the version the app holds and an approval, in plain
// language: a dynamic or invalid entry, a version other than the one the user
// looked at, a server that has since described another one, and any file not
// read and verified in a review (its exact bytes are not in the snapshot store,
// or those bytes no longer pass a check against the listing held now).
import { pathInSkill } from '../../shared/entry-diff.js';
import type { SnapshotStore } from '../snapshots/snapshot-store.js';
import type { SkillsEngine } from '../skills/engine.js';
import { verifyFile } from '../skills/verify.js';
import { fingerprintOf } from './fingerprint.js';

/** What the app last heard the server say about a skill (a listing or skills/get). */
export interface Observed {
  readonly fingerprint: string;
  readonly via: 'listing' | 'get';
}

export const short = (digest: string) => (digest.startsWith('sha256:') ? `${digest.slice(0, 15)}…` : digest);

export function dynamicMessage(skillUri: string): string {
  return `${skillUri} is dynamic: the server publishes no digests for its files, so an approval could not be bound to its content and would not notice a change. It cannot be approved; you can decline it, or look at it once (nothing you see is kept).`;
}

export async function approvalBlockers(
  context: { readonly engine: SkillsEngine; readonly snapshots: SnapshotStore; readonly latest: Observed | undefined },
  serverId: string,
  skillUri: string,
  expected?: string,
): Promise<string[]> {
  const { engine, snapshots, latest } = context;
  const record = engine.record(serverId, skillUri);
  if (!record) return [`No skill ${skillUri} is known on this server. Refresh the listing or load it by URI.`];
  const entry = record.entry;
  if (entry.resources === 'dynamic') return [dynamicMessage(skillUri)];
  if (entry.resources === null || !entry.loadable) {
    return [`The entry for ${skillUri} is invalid (see its findings), so a host must not load it and it cannot be approved.`];
  }
  const held = fingerprintOf(entry);
  const out: string[] = [];
  if (expected !== undefined && expected !== held) {
    out.push(`The skill changed since the version you looked at (${short(expected)}); the server now describes ${short(held)}. Look at it again before approving.`);
  }
  if (latest && latest.fingerprint !== held) {
    out.push(`The server's latest ${latest.via === 'get' ? 'skills/get' : 'listing'} describes this skill differently from the version the app holds. Refresh the listing and review it again.`);
  }
  const view = engine.entry(serverId, skillUri);
  const missing: string[] = [];
  for (const r of entry.resources) {
    const path = pathInSkill(r.uri, skillUri);
    const check = view.files[r.uri];
    if (check?.state === 'failed') {
      missing.push(`${path} failed verification (${check.message})`);
      continue;
    }
    const bytes = await snapshots.get(serverId, r.digest).catch(() => undefined);
    if (!bytes || bytes.byteLength !== r.size) {
      missing.push(`${path} has not been reviewed`);
      continue;
    }
    // Not read in this session (a restart; a move from a legacy form drops that form's checks): the held bytes
    // carry the digest, but not the listing's frontmatter, which may have changed since. Judge them as a fresh read.
    if (check?.state !== 'verified') {
      const fresh = verifyFile(entry, r.uri, bytes, { serverId }).check;
      if (fresh.state === 'failed') missing.push(`${path} failed verification (${fresh.message})`);
    }
  }
  if (missing.length > 0) out.push(`Approval needs every file read and verified: ${missing.join('; ')}. Start a review to read them.`);
  return out;
}
