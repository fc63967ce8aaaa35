// Findings for a listed file whose path a Windows host rewrites when it writes
// the skill to disk (windows-names.ts says what Windows makes of each name).
// The app reads and checks the file by its URI; a host on Windows may write it
// elsewhere: out of the skill's folder (a folder named ".. "), over the
// skill's own SKILL.md or as a nested one (SKILL.md., SKILL.md::$DATA,
// ſKILL.md), over another of its files (guide.md and GUIDE.md), or not at all
// (a device name, a refused character). So may the skill's own folder, by its
// skill path (skill://acme/..%20/shared/SKILL.md is "shared" there). All but
// the last are errors: what a host loads is then not what was checked and
// approved.
import { finding } from '../../shared/findings.js';
import type { Finding, FindingLocation } from '../../shared/model.js';
import { revealIdentifier } from '../../shared/invisible-chars.js';
import { isClimbOnWindows, isSkillMdOnWindows, sameFileOnWindows, windowsPath, windowsRewrite } from './windows-names.js';

export interface WindowsPathCheck {
  readonly findings: Finding[];
  /** A host on Windows writes the file where no one checked it: the entry is not loadable. */
  readonly moved: boolean;
}

const NONE: WindowsPathCheck = { findings: [], moved: false };

/**
 * The findings for one listed file, given its path inside the skill as decoded names (containment's relativePath).
 * Not asked for the skill's own SKILL.md.
 */
export function windowsPathFindings(fileUri: string, names: readonly string[], at: FindingLocation): WindowsPathCheck {
  const shown = revealIdentifier(fileUri);
  const climb = names.find(isClimbOnWindows);
  if (climb !== undefined) {
    const { path, leaves } = windowsPath(names);
    const where = leaves ? `which leaves the skill's folder: a host writes the file as ${JSON.stringify(path)} from it, beside the skill, over whatever is there` : `so a host writes the file as ${JSON.stringify(path)}, another file of the skill than the one listed`;
    return {
      moved: true,
      findings: [
        finding(
          'inspector-windows-climb',
          `${shown} has a folder named ${JSON.stringify(climb)} in its path, a plain name on Linux and macOS, but ".." on Windows (Win32 drops a name's trailing dots and spaces), ${where}. The entry is not loadable and its files are never shown verified.`,
          at,
          { expected: 'no name that is ".." on Windows', actual: climb },
        ),
      ],
    };
  }
  const last = names[names.length - 1] ?? '';
  if (isSkillMdOnWindows(last) && last.toLowerCase() !== 'skill.md') {
    const folder = names.slice(0, -1).join('/');
    const what = folder === '' ? "over the skill's own SKILL.md, which is not the file checked here" : `as the SKILL.md of a skill in ${JSON.stringify(folder)}, a nested skill no one checked or approved as such`;
    return {
      moved: true,
      findings: [
        finding(
          'inspector-windows-skill-md',
          `${shown} is named ${JSON.stringify(last)}, which Windows takes for SKILL.md (it drops trailing dots and spaces, reads "::$DATA" as the file itself and compares names upper-cased), so a host writes it ${what}. The entry is not loadable and its files are never shown verified.`,
          at,
          { expected: 'no name Windows takes for SKILL.md', actual: last },
        ),
      ],
    };
  }
  for (const name of names) {
    const rewrite = windowsRewrite(name);
    if (rewrite === undefined) continue;
    return { moved: false, findings: [finding('inspector-windows-name', `${shown} has the name ${JSON.stringify(name)} in its path: ${rewrite}. Hosts on Linux and macOS write it as listed.`, at, { actual: name })] };
  }
  return NONE;
}

/**
 * The findings for a skill's own path: its skill path (authority and folders, for a server's skill) or its folder
 * inside the origin (for a local one), as decoded names. `what` names it in the message ("The skill path of …").
 * Names before `judgedFrom` are judged for climbing only: a server's authority ("acme:8080") names the server, but
 * one that is ".." on Windows (skill://..%20/x) still moves the skill's folder.
 */
export function windowsSkillPathFindings(skillUri: string, what: string, names: readonly string[], at: FindingLocation, judgedFrom = 0): WindowsPathCheck {
  const shown = revealIdentifier(skillUri);
  const judged = names.slice(judgedFrom);
  const climb = names.find(isClimbOnWindows);
  if (climb !== undefined) {
    const { path, leaves } = windowsPath(names);
    const where = leaves ? `${JSON.stringify(path)}, outside the folder it writes skills in` : JSON.stringify(path);
    return {
      moved: true,
      findings: [
        finding(
          'inspector-windows-climb',
          `${what} of ${shown} has a folder named ${JSON.stringify(climb)}, a plain name on Linux and macOS, but ".." on Windows (Win32 drops a name's trailing dots and spaces), so a host that writes a skill to its skill path writes this one as ${where}, not ${JSON.stringify(names.join('/'))}: another skill's folder, over whatever is there. The entry is not loadable and its files are never shown verified.`,
          at,
          { expected: 'no name that is ".." on Windows', actual: climb },
        ),
      ],
    };
  }
  for (const name of judged) {
    const rewrite = windowsRewrite(name);
    if (rewrite === undefined) continue;
    return { moved: false, findings: [finding('inspector-windows-name', `${what} of ${shown} has the name ${JSON.stringify(name)} in it: ${rewrite}. Hosts on Linux and macOS write it as listed.`, at, { actual: name })] };
  }
  return NONE;
}

/**
 * Files of one skill that a Windows host writes to one file: NTFS compares names upper-cased and drops trailing dots
 * and spaces and a "::$DATA" stream, so guide.md and GUIDE.md (or draft.md and draft.md::$DATA) are one file there,
 * written one over the other. Which bytes it keeps is up to the order it writes them in, so they need not be the ones
 * checked and approved: an error. Told the files one by one, each with its path in the skill as decoded names.
 */
export class SameFileOnWindows {
  private readonly first = new Map<string, { uri: string; file: string; names: readonly string[] }>();

  /**
   * The finding for this file when an earlier, other file (`file` tells files apart as the app does) is the same file
   * on Windows; none for the first of them, nor for one file listed again.
   */
  check(fileUri: string, file: string, names: readonly string[], at: FindingLocation): WindowsPathCheck {
    const key = sameFileOnWindows(names);
    const earlier = this.first.get(key);
    if (earlier === undefined) {
      this.first.set(key, { uri: fileUri, file, names });
      return NONE;
    }
    if (earlier.file === file) return NONE;
    const written = windowsPath(earlier.names).path;
    const last = names[names.length - 1] ?? '';
    return {
      moved: true,
      findings: [
        finding(
          'inspector-windows-same-file',
          `${revealIdentifier(earlier.uri)} and ${revealIdentifier(fileUri)} are one file on Windows, which compares names upper-cased and drops trailing dots and spaces and a "::$DATA" stream: a host there writes both as ${JSON.stringify(written)}, one over the other, so the bytes it keeps need not be the ones checked and approved. The entry is not loadable and its files are never shown verified.`,
          at,
          { expected: 'names that stay apart on Windows', actual: last },
        ),
      ],
    };
  }
}
