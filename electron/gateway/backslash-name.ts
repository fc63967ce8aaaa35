// A file name holding a backslash (`a\b.md`, listed `…/a%5Cb.md`): a legal
// name on Linux and macOS, which the SDK lists and its hosts accept. Windows
// reads the backslash as a folder separator, and so does the canonical form
// the gateway builds its URIs from: served, `a%5Cb.md` became `a/b.md`, the
// approved bytes under another file's name (and on Windows, written into a
// folder `a` the skill never listed). Serving it under the exact URI instead
// would still have a Windows host write it as `a/b.md`, so it is not served at
// all, as the app refuses such an entry (inspector-backslash-file-name).
import { decodeSegment, parseUri } from '../../shared/skill-uri.js';

/** The first name in the URI's authority or path that holds a backslash, decoded; undefined when none does. */
export function backslashName(uri: string): string | undefined {
  const parsed = parseUri(uri);
  if (!parsed) return undefined;
  return [parsed.authority, ...parsed.segments].map(decodeSegment).find((name) => name.includes('\\'));
}

/** Why a skill listing this file is not served, or undefined when no name in it holds a backslash. */
export function backslashRefusal(fileUri: string): string | undefined {
  const name = backslashName(fileUri);
  if (name === undefined) return undefined;
  return `its file ${fileUri} names the file ${name}, whose backslash Windows hosts read as a folder separator: served, it would be ${name.replaceAll('\\', '/')}, another file than the one approved, so it is not served`;
}

/**
 * Whether a URI a host asks for holds a backslash, raw or encoded (%5C). No served URI does (a skill listing one is
 * not served), and the canonical form reads it as "/", so `…/a%5Cb.md` was answered with the bytes of `…/a/b.md`.
 */
export const asksWithBackslash = (uri: string): boolean => /\\|%5c/i.test(uri);
