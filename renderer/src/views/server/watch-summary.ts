// One Watch run in the user's words, grouped by skill: which skills came, went
// or changed, each changed skill's files (digest changed, added, removed) and
// its findings new, fixed and changed. Pure, so the panel only draws it.
import type { WatchRun } from '../../../../shared/api-watch.js';
import type { Finding } from '../../../../shared/model.js';
import { containment } from '../../../../shared/skill-uri.js';

export interface FileChange {
  /** The file's path inside its skill (`SKILL.md`, `references/guide.md`), else its URI. */
  readonly path: string;
  readonly change: 'digest changed' | 'added' | 'removed';
}

export interface SkillChange {
  readonly uri: string;
  /** The skill's name as its URI says it: `alpha` for skill://alpha/SKILL.md. */
  readonly name: string;
  readonly kind: 'added' | 'removed' | 'changed' | 'findings';
  readonly files: readonly FileChange[];
  readonly findingsNew: readonly Finding[];
  readonly findingsFixed: readonly Finding[];
  readonly findingsChanged: readonly Finding[];
}

export interface RunSummary {
  /** "1 skill changed, 1 removed; 1 finding new, 1 fixed" — or that nothing changed. */
  readonly headline: string;
  readonly skills: readonly SkillChange[];
  /** Findings about the server as a whole (no skill of their own). */
  readonly serverFindings: { readonly findingsNew: readonly Finding[]; readonly findingsFixed: readonly Finding[]; readonly findingsChanged: readonly Finding[] };
}

export function skillName(uri: string): string {
  const withoutFile = uri.endsWith('/SKILL.md') ? uri.slice(0, -'/SKILL.md'.length) : uri;
  return withoutFile.startsWith('skill://') ? withoutFile.slice('skill://'.length) : withoutFile;
}

/** The path of a file inside the skill it belongs to, else its URI. */
export function pathIn(fileUri: string, skillUri: string): string {
  const where = containment(fileUri, skillUri);
  return where.inside ? where.relativePath : fileUri;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function summariseRun(run: WatchRun): RunSummary {
  const { diff } = run;
  const bySkill = new Map<string, { kind: SkillChange['kind']; files: FileChange[]; findingsNew: Finding[]; findingsFixed: Finding[]; findingsChanged: Finding[] }>();
  const entry = (uri: string, kind: SkillChange['kind']) => {
    let e = bySkill.get(uri);
    if (!e) bySkill.set(uri, (e = { kind, files: [], findingsNew: [], findingsFixed: [], findingsChanged: [] }));
    return e;
  };
  for (const uri of diff.skillsAdded) entry(uri, 'added');
  for (const uri of diff.skillsRemoved) entry(uri, 'removed');
  for (const uri of diff.skillsChanged) entry(uri, 'changed');
  // A file is the changed skill's it lies inside (the deepest, for a skill nested in another).
  const owner = (fileUri: string): string | undefined =>
    diff.skillsChanged.filter((s) => containment(fileUri, s).inside).sort((a, b) => b.length - a.length)[0];
  const addFile = (fileUri: string, change: FileChange['change']) => {
    const skill = owner(fileUri);
    if (skill) entry(skill, 'changed').files.push({ path: pathIn(fileUri, skill), change });
  };
  for (const c of diff.digestsChanged) addFile(c.uri, 'digest changed');
  for (const f of diff.filesAdded) addFile(f.uri, 'added');
  for (const f of diff.filesRemoved) addFile(f.uri, 'removed');
  const server = { findingsNew: [] as Finding[], findingsFixed: [] as Finding[], findingsChanged: [] as Finding[] };
  const place = (f: Finding, list: 'findingsNew' | 'findingsFixed' | 'findingsChanged') => {
    const skill = f.location.skillUri;
    (skill ? entry(skill, 'findings')[list] : server[list]).push(f);
  };
  for (const f of diff.findingsNew) place(f, 'findingsNew');
  for (const f of diff.findingsFixed) place(f, 'findingsFixed');
  for (const c of diff.findingsChanged) place(c.after, 'findingsChanged');

  // "1 skill changed, 1 added": the noun once, on the first count.
  const counts = (items: readonly (readonly [number, string])[], noun: string) =>
    items
      .filter(([n]) => n > 0)
      .map(([n, word], i) => (i === 0 ? `${plural(n, noun)} ${word}` : `${n} ${word}`))
      .join(', ');
  const skillsPart = counts([[diff.skillsChanged.length, 'changed'], [diff.skillsAdded.length, 'added'], [diff.skillsRemoved.length, 'removed']], 'skill');
  const findingsPart = counts([[diff.findingsNew.length, 'new'], [diff.findingsFixed.length, 'fixed'], [diff.findingsChanged.length, 'changed']], 'finding');
  const headline = [skillsPart, findingsPart].filter(Boolean).join('; ') || 'No change since the last run';
  const order: Record<SkillChange['kind'], number> = { changed: 0, added: 1, removed: 2, findings: 3 };
  const skills = [...bySkill].map(([uri, e]) => ({ uri, name: skillName(uri), ...e })).sort((a, b) => order[a.kind] - order[b.kind] || (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
  return { headline, skills, serverFindings: server };
}

/** "after edits to alpha/SKILL.md, alpha/references/guide.md" (five at most, then how many more). */
export function changedText(changed: readonly string[]): string {
  if (changed.length === 0) return 'the first run';
  const shown = changed.length > 5 ? [...changed.slice(0, 5), `${changed.length - 5} more`] : changed;
  return `after edits to ${shown.join(', ')}`;
}
