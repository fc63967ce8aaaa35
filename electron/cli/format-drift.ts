// What moved between two skill sets, for people (text) and for programs
// (JSON). `verify` speaks of the lock and the server (added / removed /
// changed); `diff` of sides A and B (only in A / only in B / differs). Digests
// are printed whole: the point is to say exactly which bytes moved. URIs and
// names come from a server or a lockfile: shown, never run (terminal-text.ts).
import { forTerminal } from './terminal-text.js';
import type { FileVersion, LockedFile, LockedSkillAt, SkillChange, SkillSetComparison } from './lockfile.js';

export interface Vocabulary {
  /** What side A and side B are called. */
  readonly a: string;
  readonly b: string;
  readonly onlyInA: string;
  readonly onlyInB: string;
  readonly changed: string;
}

export const VERIFY_WORDS: Vocabulary = { a: 'lock', b: 'server', onlyInA: 'removed', onlyInB: 'added', changed: 'changed' };
export const DIFF_WORDS: Vocabulary = { a: 'A', b: 'B', onlyInA: 'only in A', onlyInB: 'only in B', changed: 'differs' };

const GREEN = '\x1b[32m';
const RED = '\x1b[31m';
const AMBER = '\x1b[33m';
const RESET = '\x1b[0m';

export function formatComparisonText(comparison: SkillSetComparison, words: Vocabulary, colour: boolean): string {
  const paint = (code: string, text: string) => (colour ? `${code}${text}${RESET}` : text);
  const width = Math.max(words.onlyInA.length, words.onlyInB.length, words.changed.length);
  const tag = (word: string, code: string) => paint(code, word.padEnd(width));
  const lines: string[] = [];
  const skillLine = (word: string, code: string, skill: LockedSkillAt) => {
    const files = skill.resources === 'dynamic' ? 'dynamic' : `${skill.resources.length} file(s)`;
    lines.push(`${tag(word, code)}  ${forTerminal(skill.uri)}  (name ${quoted(skill.name)}, ${files})`);
    if (skill.resources !== 'dynamic') for (const f of skill.resources) lines.push(`${' '.repeat(width + 4)}${forTerminal(f.uri)}  ${version(f)}`);
  };
  for (const skill of comparison.onlyInA) skillLine(words.onlyInA, RED, skill);
  for (const skill of comparison.onlyInB) skillLine(words.onlyInB, GREEN, skill);
  for (const change of comparison.changed) {
    lines.push(`${tag(words.changed, AMBER)}  ${forTerminal(change.uri)}`);
    lines.push(...changeLines(change, words, width + 4, tag));
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

function changeLines(change: SkillChange, words: Vocabulary, indent: number, tag: (word: string, code: string) => string): string[] {
  const pad = ' '.repeat(indent);
  const out: string[] = [];
  if (change.a.name !== change.b.name) out.push(`${pad}name: ${words.a} ${quoted(change.a.name)}, ${words.b} ${quoted(change.b.name)}`);
  if (change.a.dynamic !== change.b.dynamic) {
    out.push(`${pad}resources: ${words.a} ${change.a.dynamic ? '"dynamic" (unverifiable)' : 'a pinned file set'}, ${words.b} ${change.b.dynamic ? '"dynamic" (unverifiable)' : 'a pinned file set'}`);
  }
  const labelWidth = Math.max(words.a.length, words.b.length) + 1;
  for (const f of change.filesOnlyInA) out.push(`${pad}${tag(words.onlyInA, RED)}  ${forTerminal(f.uri)}  ${version(f)}`);
  for (const f of change.filesOnlyInB) out.push(`${pad}${tag(words.onlyInB, GREEN)}  ${forTerminal(f.uri)}  ${version(f)}`);
  for (const f of change.filesChanged) {
    out.push(`${pad}${tag(words.changed, AMBER)}  ${forTerminal(f.uri)}`);
    const inner = ' '.repeat(indent + 2);
    out.push(`${inner}${`${words.a}:`.padEnd(labelWidth)} ${version(f.a)}`);
    out.push(`${inner}${`${words.b}:`.padEnd(labelWidth)} ${version(f.b)}`);
  }
  return out;
}

/** A name in quotes: JSON's escapes for C0 controls, marks for what they leave (C1 controls, bidi overrides). */
function quoted(name: string): string {
  return forTerminal(JSON.stringify(name));
}

function version(f: FileVersion | LockedFile): string {
  return `${f.digest}  ${f.size} byte${f.size === 1 ? '' : 's'}`;
}

export function summary(comparison: SkillSetComparison, words: Vocabulary): string {
  const parts = [
    `${comparison.onlyInA.length} ${words.onlyInA}`,
    `${comparison.onlyInB.length} ${words.onlyInB}`,
    `${comparison.changed.length} ${words.changed}`,
  ];
  return parts.join(', ');
}

/** The comparison with verify's words as keys: what the lock pinned (`lock`) against what the server serves (`server`). */
export function verifyJson(comparison: SkillSetComparison): Record<string, unknown> {
  return {
    added: comparison.onlyInB,
    removed: comparison.onlyInA,
    changed: comparison.changed.map((c) => ({
      uri: c.uri,
      lock: c.a,
      server: c.b,
      filesAdded: c.filesOnlyInB,
      filesRemoved: c.filesOnlyInA,
      filesChanged: c.filesChanged.map((f) => ({ uri: f.uri, lock: f.a, server: f.b })),
    })),
  };
}
