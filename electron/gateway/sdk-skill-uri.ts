// How the official SDK's skills extension reads a skill entry's URIs when it
// checks the entry (its validateSkillEntry, which its client runs on every
// skills/list and skills/get entry and its server on every entry it sends):
// WHATWG URL parsing, not RFC 3986 normalisation as the app does elsewhere.
// The SDK does not export these; they are written out here as it has them so
// the gateway refuses exactly what a host's SDK refuses, and host-rules.test.ts
// holds the two equal by running the same entries through the SDK itself.

/** The WHATWG-serialised URI (fragment kept), or undefined when it does not parse. */
export function sdkCanonical(uri: string): string | undefined {
  try {
    return new URL(uri).href;
  } catch {
    return undefined;
  }
}

/** The skill's folder URI (no trailing "/"), or undefined when the URI is not …/SKILL.md inside a named folder. */
export function sdkSkillRoot(skillMdUri: string): string | undefined {
  const canonical = sdkCanonical(skillMdUri);
  if (canonical === undefined || !canonical.endsWith('/SKILL.md')) return undefined;
  const root = canonical.slice(0, -'/SKILL.md'.length);
  return root.endsWith('/') ? undefined : root;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The decoded last segment of a folder URI: the skill's name as the SDK reads it (the authority when the path is empty). */
export function sdkLastSegment(rootUri: string): string {
  const url = new URL(rootUri);
  const path = url.pathname;
  return safeDecode(path === '' || path === '/' ? url.host : path.slice(path.lastIndexOf('/') + 1));
}

/** Strictly inside the folder, with no segment below it that decodes to nothing, ".", "..", or a name holding "/" or NUL. */
export function sdkIsWithin(rootUri: string, uri: string): boolean {
  const canonical = sdkCanonical(uri);
  if (canonical === undefined || !canonical.startsWith(`${rootUri}/`)) return false;
  return canonical
    .slice(rootUri.length + 1)
    .split('/')
    .every((segment) => {
      const decoded = safeDecode(segment);
      return decoded !== '' && decoded !== '.' && decoded !== '..' && !decoded.includes('/') && !decoded.includes('\0');
    });
}

const ENCODED_IN_SEGMENT = /[^\w!$&'()*+,.:;=@[\]|~-]/gu;
const encodePathText = (text: string) => text.replaceAll(ENCODED_IN_SEGMENT, (char) => encodeURIComponent(char));
const ESCAPE_RUN = /((?:%[\dA-Fa-f]{2})+)/;

function utf8Width(lead: number): number {
  if (lead >= 240) return 4;
  if (lead >= 224) return 3;
  if (lead >= 192) return 2;
  return 1;
}

/** A run of escapes respelled: each whole UTF-8 character decoded and encoded again, a stray byte kept as "%25XX". */
function keyOfEscapes(run: string): string {
  let key = '';
  for (let at = 0; at < run.length; ) {
    const width = 3 * utf8Width(Number.parseInt(run.slice(at + 1, at + 3), 16));
    let decoded: string | undefined;
    try {
      decoded = decodeURIComponent(run.slice(at, at + width));
    } catch {
      decoded = undefined;
    }
    if (decoded === undefined) {
      key += `%25${run.slice(at + 1, at + 3)}`;
      at += 3;
    } else {
      key += encodePathText(decoded);
      at += width;
    }
  }
  return key;
}

const keyOfSegment = (segment: string) =>
  segment
    .split(ESCAPE_RUN)
    .map((part, index) => (index % 2 === 0 ? encodePathText(part) : keyOfEscapes(part)))
    .join('');

/** The one spelling the SDK gives every way of writing one file below the folder (Q&A.md, Q%26A.md): two files with one key are one file listed twice. */
export function sdkFileKey(rootUri: string, uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  url.hash = '';
  const canonical = url.href;
  if (canonical.includes('?') || !canonical.startsWith(`${rootUri}/`)) return canonical;
  return `${rootUri}/${canonical
    .slice(rootUri.length + 1)
    .split('/')
    .map((segment) => keyOfSegment(segment))
    .join('/')}`;
}
