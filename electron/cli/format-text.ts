// Human-readable check output: grouped by skill, worst first, colour on a TTY.
// Each skill's line says its verification and its verdict in words; the end
// counts the verdicts and the findings.
import { severityRank } from '../../shared/findings.js';
import type { Finding, Severity } from '../../shared/model.js';
import { RULESET } from '../../shared/ruleset.js';
import { VERDICT_LABEL, type Verdict } from '../../shared/verdict.js';
import type { CheckReport } from './check.js';
import { verdictCounts, verdictReason, verdictSummary } from './verdicts.js';
import { forTerminal } from './terminal-text.js';

const COLOURS: Record<Severity, string> = { error: '\x1b[31m', warning: '\x1b[33m', info: '\x1b[34m' };
const RESET = '\x1b[0m';
/** A verdict's colour is its severity's; the word is always printed with it. */
const VERDICT_SEVERITY: Partial<Record<Verdict, Severity>> = { risky: 'error', 'needs-look': 'warning' };

/** The server's own findings' group: a symbol, since a server may list a skill whose URI is any string, "(server)" too. */
const SERVER = Symbol('server');

export function formatText(report: CheckReport, colour: boolean): string {
  const paint = (severity: Severity, text: string) => (colour ? `${COLOURS[severity]}${text}${RESET}` : text);
  const lines: string[] = [];
  const { server } = report;
  // The server wrote most of what follows (serverInfo, URIs, the messages built from its fields): shown, never run (terminal-text.ts).
  lines.push(forTerminal(`Server ${server.label}${server.era ? ` — ${server.era} era${server.protocolVersion ? ` (${server.protocolVersion})` : ''}` : ''}${server.selfReported ? ` — self-reported ${server.selfReported.name} ${server.selfReported.version}` : ''}`));
  const byScope = new Map<string | typeof SERVER, Finding[]>();
  for (const f of report.findings) {
    const key = f.location.skillUri ?? SERVER;
    const list = byScope.get(key) ?? [];
    list.push(f);
    byScope.set(key, list);
  }
  for (const skill of report.skills) {
    const status = skill.status === 'verified' ? 'matches listing' : skill.status;
    const severity = VERDICT_SEVERITY[skill.verdict];
    const label = severity ? paint(severity, VERDICT_LABEL[skill.verdict]) : VERDICT_LABEL[skill.verdict];
    const reason = verdictReason(skill);
    lines.push(`\n${forTerminal(skill.uri)}  [${status}]  ${label}${reason ? ` (${forTerminal(reason)})` : ''}`);
    for (const f of sorted(byScope.get(skill.uri) ?? [])) lines.push(`  ${paint(f.severity, f.severity.padEnd(7))} ${f.id}  ${forTerminal(`${where(f)}${f.message}`)}`);
    byScope.delete(skill.uri);
  }
  for (const [scope, list] of byScope) {
    lines.push(`\n${scope === SERVER ? '(server)' : forTerminal(scope)}`);
    for (const f of sorted(list)) lines.push(`  ${paint(f.severity, f.severity.padEnd(7))} ${f.id}  ${forTerminal(`${where(f)}${f.message}`)}`);
  }
  const count = (s: Severity) => report.findings.filter((f) => f.severity === s).length;
  lines.push(`\nVerdicts: ${verdictSummary(verdictCounts(report.skills))}.`);
  lines.push(`${report.skills.length} skill(s); ${count('error')} error(s), ${count('warning')} warning(s), ${count('info')} info.`);
  lines.push(ruleSetLine());
  return `${lines.join('\n')}\n`;
}

function sorted(list: Finding[]): Finding[] {
  return [...list].sort((a, b) => severityRank(b.severity) - severityRank(a.severity) || a.id.localeCompare(b.id));
}

function where(f: Finding): string {
  const parts = [f.location.fileUri && f.location.fileUri !== f.location.skillUri ? f.location.fileUri : '', f.location.line ? `line ${f.location.line}` : '', f.location.field ?? ''].filter(Boolean);
  return parts.length ? `(${parts.join(', ')}) ` : '';
}

/** The rules the check ran, as the app's Checks tab says them: a finding list means nothing without the rule set it came from. */
export function ruleSetLine(): string {
  return `Rule set ${RULESET.version}: ${RULESET.conformanceRules} conformance rules, ${RULESET.contentRules} content-risk rules.`;
}
