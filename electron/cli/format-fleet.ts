// One combined report for `check --all`, in each of check's formats: the text
// of every server one after the other and a summary line per server; JSON with
// one entry per server; SARIF with one run per server (each its own
// automationDetails id, so code scanning keeps them apart); JUnit with one
// suite per server. A server that could not be checked is in every format:
// a failed invocation in SARIF, a suite in error in JUnit.
import { RULESET } from '../../shared/ruleset.js';
import { isFailing, type CheckReport, type FailOn } from './check.js';
import type { ServerResult } from './check-all.js';
import { fleetText } from './fleet.js';
import { junitDocument, junitSuite, junitUncheckedSuite } from './format-junit.js';
import { sarifLog, sarifRun, uncheckedSarifRun, type SarifOptions } from './format-sarif.js';
import { formatText } from './format-text.js';
import { verdictCounts } from './verdicts.js';
import { wellFormedJson } from './well-formed-json.js';

const failingCount = (report: CheckReport, failOn: FailOn) => report.findings.filter((f) => isFailing(f, failOn)).length;

export function formatFleetText(results: readonly ServerResult[], failOn: FailOn, colour: boolean): string {
  return fleetText(
    results,
    { passed: 'passed', failed: 'failed', unchecked: 'could not be checked' },
    (report) => formatText(report, colour),
    (report) => {
      const failing = failingCount(report, failOn);
      return `${failing > 0 ? `failed, ${failing} finding(s) at or above ${failOn}` : 'passed'} (${report.skills.length} skill(s))`;
    },
  );
}

export function formatFleetJson(results: readonly ServerResult[], failOn: FailOn, exitCode: number): string {
  const servers = results.map((r) =>
    r.report
      ? { name: r.name, exitCode: r.exitCode, ...r.report, verdicts: verdictCounts(r.report.skills), failing: failingCount(r.report, failOn) }
      : { name: r.name, exitCode: r.exitCode, error: r.unchecked },
  );
  return `${wellFormedJson({ servers, ruleset: RULESET, failOn, exitCode }, 2)}\n`;
}

export function formatFleetSarif(results: readonly ServerResult[], options: SarifOptions): string {
  return sarifLog(results.map((r) => (r.report ? sarifRun(r.report, options) : uncheckedSarifRun(r.name, r.unchecked, options))));
}

export function formatFleetJunit(results: readonly ServerResult[], failOn: FailOn): string {
  return junitDocument('skill-inspector check --all', results.map((r) => (r.report ? junitSuite(r.report, failOn) : junitUncheckedSuite(r.name, r.unchecked))));
}
