// JUnit XML for CI test reports: one test suite per server (check --all puts
// several in one document), one test case per
// skill plus one for the server itself. A case fails when it has findings at
// or above --fail-on; the failure lists them all, and findings below the
// threshold go to the case's <system-out>, so nothing is dropped. Each
// skill's case carries its verdict as a property, and the suite's properties
// count the verdicts.
import { severityRank } from '../../shared/findings.js';
import type { Finding, SkillEntry } from '../../shared/model.js';
import { VERDICT_LABEL } from '../../shared/verdict.js';
import { isFailing, type CheckReport, type FailOn } from './check.js';
import { VERDICT_ORDER, verdictCounts, verdictReason, verdictSummary } from './verdicts.js';

const SERVER_CASE = '(server)';
/** The server's own case in the grouping: a symbol, since a server may list a skill whose URI is any string, "(server)" too. */
const SERVER = Symbol('server');

export function formatJunit(report: CheckReport, failOn: FailOn, extras: JunitExtras = {}): string {
  const suite = junitSuite(report, failOn, extras);
  return junitDocument('skill-inspector check', [suite]);
}

/**
 * A case that passes and says what a CI reader needs to know of the run, its lines in `<system-out>`: what check
 * --receipts' team receipts did (the findings they suppress, those reported again and why, the receipt files that
 * were not read), as its text says it.
 */
export interface JunitNote {
  readonly name: string;
  readonly lines: readonly string[];
}

/** What a run adds to check's report: passing cases that say something (notes), and why a finding is reported again. */
export interface JunitExtras {
  readonly notes?: readonly JunitNote[];
  /** A finding whose team suppression lapsed: its line says "Reported again: why.", as SARIF's message does. */
  readonly reopened?: ReadonlyMap<Finding, string>;
}

/** One server's test suite: its XML lines, and its counts for the document's totals. */
export interface JunitSuite {
  readonly lines: string[];
  readonly tests: number;
  readonly failures: number;
  readonly errors: number;
}

/** The `<testsuites>` document around one suite per server. */
export function junitDocument(name: string, suites: readonly JunitSuite[]): string {
  const sum = (key: 'tests' | 'failures' | 'errors') => suites.reduce((n, s) => n + s[key], 0);
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="${attr(name)}" tests="${sum('tests')}" failures="${sum('failures')}" errors="${sum('errors')}">`, ...suites.flatMap((s) => s.lines), '</testsuites>', ''].join('\n');
}

/** A server that could not be checked: one case, in error (not failed: nothing was judged), saying why. */
export function junitUncheckedSuite(label: string, why: string): JunitSuite {
  return {
    lines: [
      `  <testsuite name="${attr(label)}" tests="1" failures="0" errors="1" skipped="0">`,
      `    <testcase classname="${attr(label)}" name="${SERVER_CASE}">`,
      `      <error type="cannot-check" message="${attr(why)}"/>`,
      '    </testcase>',
      '  </testsuite>',
    ],
    tests: 1,
    failures: 0,
    errors: 1,
  };
}

export function junitSuite(report: CheckReport, failOn: FailOn, extras: JunitExtras = {}): JunitSuite {
  const { notes = [], reopened = new Map<Finding, string>() } = extras;
  const line = (f: Finding) => findingLine(f, reopened.get(f));
  const label = report.server.label;
  const bySkill = new Map<string | typeof SERVER, Finding[]>([[SERVER, []]]);
  const skills = new Map<string, SkillEntry>();
  for (const skill of report.skills) {
    bySkill.set(skill.uri, []);
    skills.set(skill.uri, skill);
  }
  for (const f of report.findings) {
    const key = f.location.skillUri ?? SERVER;
    const list = bySkill.get(key) ?? [];
    list.push(f);
    bySkill.set(key, list);
  }
  const cases: string[] = [];
  let failures = 0;
  for (const [name, findings] of bySkill) {
    const failing = sorted(findings.filter((f) => isFailing(f, failOn)));
    const rest = sorted(findings.filter((f) => !isFailing(f, failOn)));
    const body: string[] = [];
    const skill = name === SERVER ? undefined : skills.get(name);
    if (skill) {
      const reason = verdictReason(skill);
      const caseProps: Array<[string, string]> = [['verdict', skill.verdict], ['verdictLabel', VERDICT_LABEL[skill.verdict]], ...(reason ? [['verdictReason', reason] as [string, string]] : [])];
      body.push('      <properties>', ...caseProps.map(([n, v]) => `        <property name="${attr(n)}" value="${attr(v)}"/>`), '      </properties>');
    }
    if (failing.length > 0) {
      failures++;
      const worst = failing[0]!;
      const message = failing.length === 1 ? `${worst.id}: ${worst.title}` : `${failing.length} findings at or above ${failOn}, first ${worst.id}: ${worst.title}`;
      body.push(`      <failure type="${attr(worst.id)}" message="${attr(message)}">${text(failing.map(line).join('\n'))}</failure>`);
    }
    if (rest.length > 0) body.push(`      <system-out>${text(rest.map(line).join('\n'))}</system-out>`);
    const open = `    <testcase classname="${attr(label)}" name="${attr(name === SERVER ? SERVER_CASE : name)}"`;
    cases.push(body.length ? `${open}>\n${body.join('\n')}\n    </testcase>` : `${open}/>`);
  }
  for (const note of notes) cases.push(`    <testcase classname="${attr(label)}" name="${attr(note.name)}">\n      <system-out>${text(note.lines.join('\n'))}</system-out>\n    </testcase>`);
  const tests = bySkill.size + notes.length;
  const counts = verdictCounts(report.skills);
  const props = [
    ['failOn', failOn],
    ['verdicts', verdictSummary(counts)],
    ...VERDICT_ORDER.map((v) => [`verdicts.${v}`, String(counts[v])]),
    ['era', report.server.era],
    ['protocolVersion', report.server.protocolVersion],
    ['selfReported', report.server.selfReported ? `${report.server.selfReported.name} ${report.server.selfReported.version}` : undefined],
  ].filter((p): p is [string, string] => p[1] !== undefined);
  const lines = [
    `  <testsuite name="${attr(label)}" tests="${tests}" failures="${failures}" errors="0" skipped="0">`,
    '    <properties>',
    ...props.map(([name, value]) => `      <property name="${attr(name)}" value="${attr(value)}"/>`),
    '    </properties>',
    ...cases,
    '  </testsuite>',
  ];
  return { lines, tests, failures, errors: 0 };
}

function findingLine(f: Finding, reopenedWhy: string | undefined): string {
  const where = [f.location.fileUri && f.location.fileUri !== f.location.skillUri ? f.location.fileUri : '', f.location.line ? `line ${f.location.line}` : '', f.location.field ?? ''].filter(Boolean).join(', ');
  const detail = [f.expected !== undefined ? `expected ${f.expected}` : '', f.actual !== undefined ? `found ${f.actual}` : ''].filter(Boolean).join('; ');
  const again = reopenedWhy !== undefined ? ` Reported again: ${reopenedWhy}.` : '';
  return `${f.severity} ${f.id}${where ? ` (${where})` : ''}: ${f.message}${again}${detail ? ` [${detail}]` : ''}`;
}

function sorted(list: Finding[]): Finding[] {
  return [...list].sort((a, b) => severityRank(b.severity) - severityRank(a.severity) || a.id.localeCompare(b.id));
}

/**
 * XML 1.0 forbids most control characters even when escaped, and a finding about hidden characters may quote them:
 * what XML's Char production leaves out (all but tab, LF, CR and U+0020–U+FFFD) is written as `\uXXXX`, a lone
 * surrogate as U+FFFD.
 */
function clean(value: string): string {
  return value.replace(/[^\t\n\r\u0020-\uFFFD]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function text(value: string): string {
  return clean(value).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function attr(value: string): string {
  return text(value).replaceAll('"', '&quot;').replaceAll('\n', '&#10;').replaceAll('\r', '&#13;').replaceAll('\t', '&#9;');
}
