// One server compared with its section of a lockfile, and how `verify`
// reports it: text for people, JSON for programs. `verify` and `verify --all`
// (each server's block) print the same.
import { VERIFY_WORDS, formatComparisonText, summary, verifyJson } from './format-drift.js';
import { compareServers, isIdentical, type LockedServer, type SkillSetComparison } from './lockfile.js';
import type { ServerSkillSet } from './skill-set.js';
import { forTerminal } from './terminal-text.js';

/** One server against its section of a lockfile. */
export interface VerifyReport {
  readonly lockfile: string;
  readonly pinned: { readonly label: string; readonly server: LockedServer };
  readonly set: ServerSkillSet;
  readonly comparison: SkillSetComparison;
  readonly identical: boolean;
  /** No drift, and the server's answers agree with themselves. */
  readonly passed: boolean;
}

export function compareWithLock(lockfile: string, pinned: { label: string; server: LockedServer }, set: ServerSkillSet): VerifyReport {
  const comparison = compareServers(pinned.server, set.server);
  const identical = isIdentical(comparison);
  return { lockfile, pinned, set, comparison, identical, passed: identical && set.problems.length === 0 };
}

export function verifyReportJson(r: VerifyReport): Record<string, unknown> {
  return { identical: r.identical, lockfile: r.lockfile, label: r.pinned.label, server: r.set.label, ...verifyJson(r.comparison), dynamic: dynamicSkills(r.pinned.server), problems: r.set.problems };
}

/** The skills the lock pins by presence and name only ("dynamic"): no comparison says anything of their content. */
export function dynamicSkills(server: LockedServer): string[] {
  return Object.entries(server.skills)
    .filter(([, s]) => s.resources === 'dynamic')
    .map(([uri]) => uri);
}

/** What "no drift" does not cover: a lock of a dynamic skill pins no content, so its content was not compared. */
function dynamicNote(server: LockedServer): string {
  const dynamic = dynamicSkills(server).length;
  return dynamic ? ` ${dynamic} of them ${dynamic === 1 ? 'is' : 'are'} dynamic: pinned by presence and name only, so ${dynamic === 1 ? 'its' : 'their'} content was not compared.` : '';
}

export function verifyReportText(r: VerifyReport, colour: boolean): string {
  const { set, pinned, lockfile, comparison } = r;
  const skills = Object.keys(pinned.server.skills).length;
  // The labels come from a host config, a lockfile or the command line: shown, never run (terminal-text.ts).
  const [server, file, label] = [set.label, lockfile, pinned.label].map(forTerminal);
  const text = r.identical
    ? `No drift: ${server} serves exactly the ${skills} skill(s) that ${file} pins for "${label}".${dynamicNote(pinned.server)}\n`
    : `Drift: ${server} differs from what ${file} pins for "${label}" (${summary(comparison, VERIFY_WORDS)}).\n\n${formatComparisonText(comparison, VERIFY_WORDS, colour)}`;
  return set.problems.length > 0 ? `${text}\nThe server's answers are not consistent:\n${set.problems.map((p) => `  - ${p}\n`).join('')}` : text;
}
