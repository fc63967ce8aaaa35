// The skills a local folder holds, as a server would serve them: built by the
// SDK's own server-side helper (loadSkills, the same code a server calls), so
// digests, sizes and frontmatter come out exactly as a server computes them —
// never by a second implementation here that could disagree with it. The
// folder is read within the limits a server's files are read within
// (bounded-source-files.ts): a skill holding a file past them is set aside and
// said, the others compared; a folder of too many names is refused whole.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { SkillsExtension, type SkillWarning } from '@modelcontextprotocol/server/ext/skills';
import { finding } from '../../shared/findings.js';
import { appLimitNamer, type LimitNamer } from '../../shared/limits.js';
import { DEFAULT_SETTINGS, type Finding, type Settings } from '../../shared/model.js';
import { canonicalUri } from '../../shared/skill-uri.js';
import { boundedSkillFiles, type SourceReadLimits, type UnreadFile } from './bounded-source-files.js';
import type { ComparableEntry } from './served-vs-source.js';

export class SourceFolderError extends Error {
  override readonly name = 'SourceFolderError';
}

export interface SourceFolder {
  readonly entries: readonly ComparableEntry[];
  /** A skill of the folder the SDK skipped (no frontmatter, a symlink, a name that is not its folder's): it would not be served. A skill not read (past a limit). */
  readonly findings: readonly Finding[];
  /** The SKILL.md URIs of the folder's skills not read (a file past a limit): not compared, so not called missing either. */
  readonly notCompared: readonly string[];
}

export interface SourceLimits extends SourceReadLimits {
  /** How a message names the setting or flag that raises a limit. */
  readonly name: LimitNamer;
}

/** The limits of a source folder: the ones a server's files are read within. */
export function sourceLimitsOf(settings: Settings, name: LimitNamer): SourceLimits {
  return { maxFileBytes: settings.maxFileBytes, maxBytes: settings.serverByteBudget, maxEntries: settings.maxListEntries, name };
}

const DEFAULT_LIMITS = sourceLimitsOf(DEFAULT_SETTINGS, appLimitNamer);

/** `skill://a/b/SKILL.md` for the folder a/b, as the SDK names it (no prefix). */
const skillUriOf = (dir: string) => `skill://${dir.split('/').map(encodeURIComponent).join('/')}/SKILL.md`;

/** Every skill folder (one with a SKILL.md) that holds `relative`, innermost first: a nested skill's parent lists its files too. */
async function skillsHolding(root: string, relative: string): Promise<string[]> {
  const parts = relative.split('/');
  const out: string[] = [];
  for (let n = parts.length - 1; n > 0; n--) {
    const dir = parts.slice(0, n);
    const stat = await fs.stat(path.join(root, ...dir, 'SKILL.md')).catch(() => undefined);
    if (stat?.isFile()) out.push(dir.join('/'));
  }
  return out;
}

function unreadFinding(serverId: string, shownAs: string, file: string, unread: UnreadFile, dirs: readonly string[], limits: SourceLimits): Finding {
  const past =
    unread.limit === 'maxFileBytes'
      ? { what: `the largest file read (${limits.maxFileBytes} bytes)`, key: 'maxFileBytes' as const }
      : { what: `the ${limits.maxBytes} bytes read of the folder in all`, key: 'serverByteBudget' as const };
  const skills = dirs.map(skillUriOf);
  const which = skills.length === 1 ? `${skills[0]} was` : `${skills.join(' and ')} were`;
  return finding(
    'inspector-source-unread',
    `${shownAs.replace(/\/+$/, '')}/${file} is ${unread.size} bytes, past ${past.what}, so it was not read: ${which} not compared; the folder's other skills were. Raise ${limits.name(past.key)} to compare it.`,
    { serverId, ...(skills[0] ? { skillUri: skills[0] } : {}) },
    { expected: `at most ${past.key === 'maxFileBytes' ? limits.maxFileBytes : limits.maxBytes} bytes`, actual: `${unread.size} bytes` },
  );
}

/** The SKILL.md URI of the skill that holds `relative` (a `/`-separated path in the folder): the nearest folder above it with a SKILL.md. */
async function skillHolding(root: string, relative: string): Promise<string | undefined> {
  const parts = relative.split('/').filter((p) => p !== '' && p !== '.');
  if (parts[parts.length - 1] === 'SKILL.md') parts.pop();
  for (let n = parts.length; n > 0; n--) {
    const dir = parts.slice(0, n);
    const stat = await fs.stat(path.join(root, ...dir, 'SKILL.md')).catch(() => undefined);
    if (stat) return `skill://${dir.join('/')}/SKILL.md`;
  }
  return undefined;
}

/** `folder` is a folder of skill folders, as a server passes it to loadSkills. `shownAs` is how messages name it. */
export async function loadSourceFolder(folder: string, serverId: string, shownAs = folder, limits: SourceLimits = DEFAULT_LIMITS): Promise<SourceFolder> {
  const warnings: SkillWarning[] = [];
  const bounded = boundedSkillFiles(folder, limits);
  let built: readonly ComparableEntry[];
  try {
    // What loadSkills does (SkillsExtension.load over the folder), through the bounded adapter.
    built = (await SkillsExtension.load(bounded.files, { onWarning: (w) => warnings.push(w) })).entries;
  } catch (error) {
    const tooLarge = bounded.tooLarge();
    if (tooLarge) {
      throw new SourceFolderError(
        `${shownAs} holds ${tooLarge.message}, past what is read of a source folder, so nothing of it was compared. Name the folder that holds the skill folders, or raise ${limits.name('maxListEntries')}.`,
      );
    }
    throw new SourceFolderError(`The skills in ${shownAs} could not be built: ${error instanceof Error ? error.message : String(error)}`);
  }
  const findings: Finding[] = [];
  // Skills holding a file not read: their entries were built without its bytes, so they are set aside, each said.
  const setAside = new Set<string>();
  for (const [file, unread] of [...bounded.unread].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const dirs = await skillsHolding(folder, file);
    for (const dir of dirs) setAside.add(dir);
    findings.push(unreadFinding(serverId, shownAs, file, unread, dirs, limits));
  }
  const notCompared = [...setAside].sort().map(skillUriOf);
  const asideUris = new Set(notCompared.map(canonicalUri));
  const entries = built.filter((e) => !asideUris.has(canonicalUri(e.uri)));
  const inSetAside = (p: string) => [...setAside].some((dir) => p === dir || p.startsWith(`${dir}/`));
  for (const w of warnings) {
    // Other warnings (no skills at all, a publication limit) show up as the differences or entry findings they cause.
    if (!w.message.includes('skill skipped')) continue;
    // A skill set aside is said once, by the file not read (its SKILL.md not read reads as one with no frontmatter).
    if (inSetAside(w.path)) continue;
    const skillUri = await skillHolding(folder, w.path);
    findings.push(
      finding('inspector-source-skipped', `${shownAs.replace(/\/+$/, '')}/${w.path}: ${w.message}. A server built on this folder would not serve that skill.`, { serverId, ...(skillUri ? { skillUri } : {}) }, { actual: w.path }),
    );
  }
  return { entries, findings, notCompared };
}
