// One combined report for `check --all`, in each of check's formats: the text
// of every server one after the other and a summary line per server; JSON with
// one entry per server; SARIF with one run per server (each its own
// automationDetails id, so code scanning keeps them apart); JUnit with one
// suite per server. A server that could not be checked is in every format:
// a failed invocation in SARIF, a suite in error in JUnit.
import { RULESET } from '../../shared/ruleset.js';
import { isFailing, type CheckReport, type FailOn } from './check.js';
import type { ServerResult } from './check-all.js';
import { junitDocument, junitSuite, junitUncheckedSuite } from './format-junit.js';
import { formatSarif, type SarifOptions } from './format-sarif.js';
import { formatText } from './format-text.js';
import { verdictCounts } from './verdicts.js';

const failingCount = (report: CheckReport, failOn: FailOn) => report.findings.filter((f) => isFailing(f, failOn)).length;

export function formatFleetText(results: readonly ServerResult[], failOn: FailOn, colour: boolean): string {
  const blocks = results.map((r) => (r.report ? formatText(r.report, colour) : `Server ${r.name} — could not be checked: ${r.unchecked}\n`));
  const summary = results.map((r) => {
    if (!r.report) return `  ${r.name}: could not be checked`;
    const failing = failingCount(r.report, failOn);
    return `  ${r.name}: ${failing > 0 ? `failed, ${failing} finding(s) at or above ${failOn}` : 'passed'} (${r.report.skills.length} skill(s))`;
  });
  const count = (code: number) => results.filter((r) => r.exitCode === code).length;
  const head = `${results.length} server(s): ${count(0)} passed, ${count(1)} failed, ${count(2)} could not be checked.`;
  return `${blocks.join('\n')}\n${head}\n${summary.join('\n')}\n`;
}

export function formatFleetJson(results: readonly ServerResult[], failOn: FailOn, exitCode: number): string {
  const servers = results.map((r) =>
    r.report
      ? { name: r.name, exitCode: r.exitCode, ...r.report, verdicts: verdictCounts(r.report.skills), failing: failingCount(r.report, failOn) }
      : { name: r.name, exitCode: r.exitCode, error: r.unchecked },
  );
  return `${JSON.stringify({ servers, ruleset: RULESET, failOn, exitCode }, null, 2)}\n`;
}

interface SarifLog {
  runs: Array<Record<string, unknown>>;
  [key: string]: unknown;
}

export function formatFleetSarif(results: readonly ServerResult[], options: SarifOptions): string {
  const runs = results.flatMap((r) => {
    if (r.report) return (JSON.parse(formatSarif(r.report, options)) as SarifLog).runs;
    // The tool and rules as every run has them, no result, and an invocation that did not succeed, saying why.
    const [run] = (JSON.parse(formatSarif({ server: { label: r.name }, skills: [], findings: [] }, options)) as SarifLog).runs;
    return [{ ...run, invocations: [{ executionSuccessful: false, toolExecutionNotifications: [{ level: 'error', message: { text: `${r.name} could not be checked: ${r.unchecked}` } }] }] }];
  });
  const log = JSON.parse(formatSarif({ server: { label: '' }, skills: [], findings: [] }, options)) as SarifLog;
  return `${JSON.stringify({ ...log, runs }, null, 2)}\n`;
}

export function formatFleetJunit(results: readonly ServerResult[], failOn: FailOn): string {
  return junitDocument('skill-inspector check --all', results.map((r) => (r.report ? junitSuite(r.report, failOn) : junitUncheckedSuite(r.name, r.unchecked))));
}
