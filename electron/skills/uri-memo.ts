// canonicalUri and containment, remembered. Both are pure but not cheap (a
// full parse and re-encode, ~4–10 µs), and Verify all asks them about the
// same few URIs of each skill several times per file. Bounded: each is
// cleared when full, which costs only a few recomputations because reads of
// one skill come close together, and small (a few thousand entries) so a
// 10,000-skill catalog does not keep every URI twice.
import { canonicalUri as computeCanonicalUri, containment as computeContainment, type Containment } from '../../shared/skill-uri.js';

const MAX_ENTRIES = 4_096;
const canonicals = new Map<string, string>();
const containments = new Map<string, Containment>();

export function canonicalUri(uri: string): string {
  let canonical = canonicals.get(uri);
  if (canonical === undefined) {
    if (canonicals.size >= MAX_ENTRIES) canonicals.clear();
    canonical = computeCanonicalUri(uri);
    canonicals.set(uri, canonical);
  }
  return canonical;
}

/** Where `fileUri` lies relative to the skill whose SKILL.md is `skillUri`. */
export function containment(fileUri: string, skillUri: string): Containment {
  const key = `${skillUri}\n${fileUri}`;
  let where = containments.get(key);
  if (where === undefined) {
    if (containments.size >= MAX_ENTRIES) containments.clear();
    where = computeContainment(fileUri, skillUri);
    containments.set(key, where);
  }
  return where;
}
