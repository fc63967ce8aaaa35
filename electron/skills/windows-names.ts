// What a Windows host makes of a skill's file path when it writes the skill to
// disk. One decision for the app's findings (windows-path-rules.ts) and the
// gateway (which withholds or cuts what it would serve), so the two never
// disagree about a name.
//
// Win32 drops the trailing dots and spaces of every name in a path, so a
// folder named ".. " (or "...", ".. .") is ".." there: a file listed as
// `pdf-tools/.. /notes/guide.md`, inside pdf-tools to the app and to the SDK
// (which compare ".. " with ".." as written), lands in notes/ beside it — over
// another skill's file, perhaps another server's. NTFS reads `name:stream` as
// a stream of the file `name` (`SKILL.md::$DATA` is SKILL.md's own content),
// and compares names upper-cased (ſKILL.md is SKILL.md there), so two names
// that differ only so are one file there: a host writes one over the other.
import { decodeSegment } from '../../shared/skill-uri.js';

/** Two dots, then only dots and spaces: ".." once Windows drops the trailing ones. (".." itself is resolved by canonicalUri.) */
const CLIMBS_ON_WINDOWS = /^\.\.[. ]+$/;

/** The names in a URI's path (after the authority), decoded. */
function pathNames(uri: string): string[] {
  const at = uri.indexOf('://');
  const path = at < 0 ? uri : uri.slice(uri.indexOf('/', at + 3) + 1 || uri.length);
  return path.split('/').map(decodeSegment);
}

/** Whether Windows reads this one decoded name as "..". */
export function isClimbOnWindows(name: string): boolean {
  return CLIMBS_ON_WINDOWS.test(name);
}

/** The name in the URI's path (decoded) that a Windows host reads as "..", or undefined when there is none. */
export function climbsOnWindows(uri: string): string | undefined {
  return pathNames(uri).find(isClimbOnWindows);
}

/** The file a Windows host writes for this decoded name: without trailing dots and spaces, and without an NTFS stream after a colon. */
export function writtenOnWindows(name: string): string {
  const colon = name.indexOf(':');
  return (colon < 0 ? name : name.slice(0, colon)).replace(/[. ]+$/, '');
}

/**
 * Whether a host that writes the file to disk may write it as a SKILL.md: its last segment decoded, in any case (a
 * case-insensitive disk finds skill.md, ſKILL.md or SKıLL.md for SKILL.md), without what Windows drops or reads past — trailing dots and
 * spaces (`SKILL.md.`, `SKILL.md%20`) and an NTFS stream after a colon (`SKILL.md::$DATA` is SKILL.md's own content).
 */
export function writtenAsSkillMd(uri: string): boolean {
  return isSkillMdOnWindows(decodeSegment(uri.slice(uri.lastIndexOf('/') + 1)));
}

/** Whether Windows takes this decoded name for SKILL.md. */
export function isSkillMdOnWindows(name: string): boolean {
  // Upper case first: NTFS compares names by it, where ſ is S and ı is I; then lower, where the Kelvin sign is k.
  return writtenOnWindows(name).normalize('NFC').toUpperCase().toLowerCase() === 'skill.md';
}

/** DOS device names: Win32 opens the device, not a file, for such a name with any extension (nul.txt is NUL). */
const DEVICE = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/** Characters Win32 refuses in a name (the colon is said apart: NTFS reads it as a stream). */
const REFUSED = /[<>"|?*]/;

/** What Windows makes of one name that it does not take as written; undefined when it keeps it. Climbing and SKILL.md are judged apart. */
export function windowsRewrite(name: string): string | undefined {
  const refused = REFUSED.exec(name);
  if (refused) return `Windows refuses the character ${JSON.stringify(refused[0])} in a name, so a host cannot write the file`;
  const colon = name.indexOf(':');
  if (colon >= 0) return `NTFS reads what follows ":" as a stream of the file ${JSON.stringify(name.slice(0, colon))}, so a host writes that file, not this one`;
  if (/[. ]$/.test(name)) {
    const written = writtenOnWindows(name);
    return written === '' || written === '.' ? 'Windows drops its trailing dots and spaces, which leaves no name: the file lands in the folder above it' : `Windows drops its trailing dots and spaces, so a host writes it as ${JSON.stringify(written)}`;
  }
  const stem = name.split('.')[0]!.replace(/ +$/, '');
  if (DEVICE.test(stem)) return `${stem.toUpperCase()} is a device name on Windows, so a host opens the device instead of writing the file`;
  return undefined;
}

/** One name as Windows takes it in a path: "..", "." (nothing), or the name without trailing dots and spaces. */
function windowsSegment(name: string): string {
  if (isClimbOnWindows(name)) return '..';
  if (/^[. ]+$/.test(name)) return '.';
  return writtenOnWindows(name);
}

/** Names resolved as a path: ".." takes the one before it away, "." and nothing are dropped; what climbs above the first is counted. */
function resolved(segments: readonly string[]): { names: string[]; up: number } {
  const names: string[] = [];
  let up = 0;
  for (const segment of segments) {
    if (segment === '..') {
      if (names.length > 0) names.pop();
      else up++;
    } else if (segment !== '.' && segment !== '') names.push(segment);
  }
  return { names, up };
}

/** The path a Windows host writes for these decoded names, from the folder they start in ("../notes/guide.md" when it leaves it). */
export function windowsPath(names: readonly string[]): { path: string; leaves: boolean } {
  const { names: kept, up } = resolved(names.map(windowsSegment));
  return { path: [...Array<string>(up).fill('..'), ...kept].join('/'), leaves: up > 0 };
}

/** Upper case as NTFS compares names: one character for one (its table maps ß to itself, not to "SS"). */
function upperAsNtfs(name: string): string {
  let out = '';
  for (const char of name) {
    const upper = char.toUpperCase();
    out += [...upper].length === 1 ? upper : char;
  }
  return out;
}

/**
 * The file a Windows host writes for these decoded names, as NTFS tells files apart: two paths with the same key are
 * one file there (guide.md and GUIDE.md, draft.md and draft.md::$DATA or draft.md.), so a host writes one over the
 * other. A stream other than $DATA is a file of its own and keeps its name.
 */
export function sameFileOnWindows(names: readonly string[]): string {
  const segments = names.map((name) => {
    const data = name.replace(/::\$DATA$/i, '');
    if (data.includes(':')) return upperAsNtfs(data);
    const segment = windowsSegment(data);
    return segment === '..' || segment === '.' ? segment : upperAsNtfs(segment);
  });
  const { names: kept, up } = resolved(segments);
  return [...Array<string>(up).fill('..'), ...kept].join('/');
}

/** sameFileOnWindows for the path of a URI (after the authority, decoded): two files of one skill with the same key are one file on Windows. */
export function sameFileOnWindowsAt(uri: string): string {
  return sameFileOnWindows(pathNames(uri));
}
