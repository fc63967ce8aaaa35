// canonicalUri and containment, remembered. Both are pure but not cheap (a
// full parse and re-encode, ~4–10 µs), and the listing and Verify all ask
// about the same few URIs of each skill several times per file. Bounded and
// small (each is cleared when full): reads of one skill come close together.
// Nearly every URI a server lists is already canonical, and that is told by
// its characters alone, without parsing; the property test in
// uri-memo.property.test.ts holds this to the full computation.
import { canonicalUri as computeCanonicalUri, containment as computeContainment, type Containment } from '../../shared/skill-uri.js';

const MAX_ENTRIES = 4_096;
/**
 * Longer URIs are computed each time, never held: the cap on entries alone
 * let a server's listings, or a host's reads through the gateway, keep 4,096
 * URIs of megabytes each (gigabytes). A real skill's URI is far shorter.
 */
export const MAX_REMEMBERED_URI_LENGTH = 2_048;
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
  if (uri.length > MAX_REMEMBERED_URI_LENGTH) return isPlainCanonical(uri) ? uri : computeCanonicalUri(uri);
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
  if (fileUri.length + skillUri.length > MAX_REMEMBERED_URI_LENGTH) return computeContainment(fileUri, skillUri);
  const key = `${skillUri.length}:${skillUri}${fileUri}`;
  let where = containments.get(key);
  if (where === undefined) {
    if (containments.size >= MAX_ENTRIES) containments.clear();
    where = computeContainment(fileUri, skillUri);
    containments.set(key, where);
  }
  return where;
}

/** How many URIs and pairs are held now (for the tests of the bounds above). */
export function rememberedCount(): number {
  return canonicals.size + containments.size;
}
