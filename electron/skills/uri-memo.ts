// canonicalUri and containment, remembered. Both are pure but not cheap (a
// full parse and re-encode, ~4–10 µs), and the listing and Verify all ask
// about the same few URIs of each skill several times per file. Bounded and
// small (each is cleared when full): reads of one skill come close together.
// Nearly every URI a server lists is already canonical, and that is told by
// its characters alone, without parsing; the property test in
// uri-memo.property.test.ts holds this to the full computation.
import { canonicalUri as computeCanonicalUri, containment as computeContainment, type Containment } from '../../shared/skill-uri.js';

const MAX_ENTRIES = 4_096;
const canonicals = new Map<string, string>();
const containments = new Map<string, Containment>();

/**
 * A lower-case scheme, `//`, then non-empty segments of only the characters
 * encodeURIComponent leaves alone: decoding, re-encoding and dropping a
 * trailing "/" change nothing.
 */
const PLAIN_URI = /^[a-z][a-z0-9+.-]*:\/\/[A-Za-z0-9\-_.!~*'()]+(?:\/[A-Za-z0-9\-_.!~*'()]+)*$/;
/** …unless a segment (the authority too) is "." or "..", which resolving removes. */
const DOT_SEGMENT = /\/\.{1,2}(?:\/|$)/;

export function isPlainCanonical(uri: string): boolean {
  return PLAIN_URI.test(uri) && !DOT_SEGMENT.test(uri);
}

export function canonicalUri(uri: string): string {
  let canonical = canonicals.get(uri);
  if (canonical === undefined) {
    if (canonicals.size >= MAX_ENTRIES) canonicals.clear();
    canonical = isPlainCanonical(uri) ? uri : computeCanonicalUri(uri);
    canonicals.set(uri, canonical);
  }
  return canonical;
}

/** Where `fileUri` lies relative to the skill whose SKILL.md is `skillUri`. */
export function containment(fileUri: string, skillUri: string): Containment {
  // Length-prefixed, so no pair of URIs (a line feed in one is data too) shares a key with another pair.
  const key = `${skillUri.length}:${skillUri}${fileUri}`;
  let where = containments.get(key);
  if (where === undefined) {
    if (containments.size >= MAX_ENTRIES) containments.clear();
    where = computeContainment(fileUri, skillUri);
    containments.set(key, where);
  }
  return where;
}
