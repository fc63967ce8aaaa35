// Findings for a listed file whose path a Windows host rewrites when it writes
// the skill to disk (windows-names.ts says what Windows makes of each name).
// The app reads and checks the file by its URI; a host on Windows may write it
// elsewhere: out of the skill's folder (a folder named ".. "), over the
// skill's own SKILL.md or as a nested one (SKILL.md., SKILL.md::$DATA,
// ſKILL.md), or not at all (a device name, a refused character). The first two
// are errors: what a host loads is then not what was checked and approved.
import { finding } from '../../shared/findings.js';
import type { Finding, FindingLocation } from '../../shared/model.js';
import { revealIdentifier } from '../../shared/invisible-chars.js';
import { isClimbOnWindows, isSkillMdOnWindows, windowsRewrite, writtenOnWindows } from './windows-names.js';

export interface WindowsPathCheck {
  readonly findings: Finding[];
  /** A host on Windows writes the file where no one checked it: the entry is not loadable. */
  readonly moved: boolean;
}

const NONE: WindowsPathCheck = { findings: [], moved: false };

/** One name as Windows takes it in a path: "..", "." (or nothing), or the name without trailing dots and spaces. */
function windowsSegment(name: string): string {
  if (isClimbOnWindows(name)) return '..';
  if (/^[. ]+$/.test(name)) return '.';
  return writtenOnWindows(name);
}

/** The path a Windows host writes for these names, from the skill's folder ("../notes/guide.md" when it leaves it). */
function windowsPath(names: readonly string[]): { path: string; leaves: boolean } {
  const out: string[] = [];
  let up = 0;
  for (const name of names) {
    const segment = windowsSegment(name);
    if (segment === '..') {
      if (out.length > 0) out.pop();
      else up++;
    } else if (segment !== '.' && segment !== '') out.push(segment);
  }
  return { path: [...Array<string>(up).fill('..'), ...out].join('/'), leaves: up > 0 };
}

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
