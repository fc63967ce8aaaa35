// Where a Windows host writes a skill's file when it copies the skill to disk.
// Win32 drops the trailing dots and spaces of every name in a path, so a
// folder named ".. " (or "...", ". ." after two dots) is ".." there: a file
// listed as `pdf-tools/.. /notes/guide.md`, inside pdf-tools to the app and to
// the SDK (which compare ".. " with ".." as written), lands in notes/ beside
// it — over another skill's file, perhaps another server's.
import { decodeSegment } from '../../shared/skill-uri.js';

/** Two dots, then only dots and spaces: ".." once Windows drops the trailing ones. (".." itself is resolved by canonicalUri.) */
const CLIMBS_ON_WINDOWS = /^\.\.[. ]+$/;

/** The name in the URI's path (decoded) that a Windows host reads as "..", or undefined when there is none. */
export function climbsOnWindows(uri: string): string | undefined {
  const at = uri.indexOf('://');
  const path = at < 0 ? uri : uri.slice(uri.indexOf('/', at + 3) + 1 || uri.length);
  return path
    .split('/')
    .map(decodeSegment)
    .find((name) => CLIMBS_ON_WINDOWS.test(name));
}
