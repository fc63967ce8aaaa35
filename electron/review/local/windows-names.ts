// What a Windows host makes of a local skill folder's names, judged as for a
// server's skill (electron/skills/windows-path-rules.ts): a team shares such a
// folder, and it may be read on Windows later. The folder's path inside the
// origin stands for the skill path; each file's path inside the folder, for a
// listed file's.
import type { Finding, FindingLocation } from '../../../shared/model.js';
import { append } from '../../../shared/append.js';
import { SameFileOnWindows, windowsPathFindings, windowsSkillPathFindings } from '../../skills/windows-path-rules.js';
import type { LocalSkillFolder } from './scan.js';

export interface LocalWindowsCheck {
  readonly findings: Finding[];
  /** A host on Windows writes the skill, or one of its files, where no one checked it: the skill is not shown verified. */
  readonly moved: boolean;
}

/** The findings for one local skill folder; `uriOf` gives a file's URI from its absolute path. */
export function localWindowsFindings(folder: LocalSkillFolder, skillUri: string, at: Pick<FindingLocation, 'serverId' | 'skillUri'>, uriOf: (absolute: string) => string): LocalWindowsCheck {
  const findings: Finding[] = [];
  const own = windowsSkillPathFindings(skillUri, 'The folder path', folder.relativeDirectory.split('/'), at);
  let moved = own.moved;
  append(findings, own.findings);
  const same = new SameFileOnWindows();
  for (const file of folder.files) {
    if (file.relative === 'SKILL.md') continue;
    const fileUri = uriOf(file.absolute);
    const names = file.relative.split('/');
    const fileAt = { ...at, fileUri };
    const onWindows = windowsPathFindings(fileUri, names, fileAt);
    // A file written elsewhere is said once, as that; one written over another file of the skill, as this.
    const overAnother = onWindows.moved ? undefined : same.check(fileUri, file.relative, names, fileAt);
    if (onWindows.moved || overAnother?.moved) moved = true;
    append(findings, onWindows.findings);
    if (overAnother) append(findings, overAnother.findings);
  }
  return { findings, moved };
}
