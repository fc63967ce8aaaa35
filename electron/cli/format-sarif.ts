// SARIF 2.1.0 for code-scanning UIs: one rule per finding ID (its title from
// the catalogue), one result per finding, located at the skill or file URI and
// line. GitHub code scanning accepts only repository paths as locations, so
// `--sarif-root <folder>` maps `scheme://<path>` to `<folder>/<path>` — the
// folder in the repository that the server serves its skills from.
import { createHash } from 'node:crypto';
import { FINDINGS, isFindingId } from '../../shared/findings.js';
import type { Finding, Severity } from '../../shared/model.js';
import { RULESET } from '../../shared/ruleset.js';
import { APP_VERSION } from '../app-version.js';
import type { ReopenedFinding, SuppressedFinding } from '../team/suppressions.js';
import type { CheckReport } from './check.js';
import { repositoryPath, uriReference } from './sarif-uri.js';
import { verdictCounts, verdictReason, verdictSummary } from './verdicts.js';
import { wellFormedJson } from './well-formed-json.js';

export { repositoryPath };

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

interface SarifLocation {
  physicalLocation?: { artifactLocation: { uri: string; uriBaseId?: string }; region?: { startLine: number; startColumn?: number } };
  logicalLocations?: Array<{ name: string; fullyQualifiedName: string; kind: string }>;
}

export interface SarifOptions {
  /** Repository folder the skills are served from; makes locations repository paths. */
  readonly root?: string | undefined;
  /** Findings a team receipt suppresses (check --receipts): written as results with SARIF's own `suppressions`, so code scanning shows them dismissed. */
  readonly suppressed?: readonly SuppressedFinding[];
  /** Reported findings whose suppression lapsed: their message says why. */
  readonly reopened?: readonly ReopenedFinding[];
}

export function formatSarif(report: CheckReport, options: SarifOptions = {}): string {
  return sarifLog([sarifRun(report, options)]);
}

/** A SARIF 2.1.0 log around runs (one per server for `--all`), as the text written on stdout. */
export function sarifLog(runs: readonly object[]): string {
  // A lone surrogate a server wrote is written as U+FFFD (well-formed-json.ts).
  return `${wellFormedJson({ $schema: SARIF_SCHEMA, version: '2.1.0', runs }, 2)}\n`;
}

/**
 * A run for a server the command could not do its work for: its run with no
 * result (`empty`), with an invocation that did not succeed, saying why — so
 * code scanning shows the server, and that it was not checked.
 */
export function failedRun(empty: SarifRun, text: string): SarifRun {
  return { ...empty, invocations: [{ executionSuccessful: false, toolExecutionNotifications: [{ level: 'error', message: { text } }] }] };
}

/** One run of a SARIF log: what `formatSarif` writes for one server. */
export type SarifRun = Record<string, unknown>;

/** The run for one server's check: the tool and its rules, one result per finding, the verdicts. */
export function sarifRun(report: CheckReport, options: SarifOptions = {}): SarifRun {
  const suppressed = options.suppressed ?? [];
  const reopenedWhy = new Map((options.reopened ?? []).map((r) => [r.finding, r.why]));
  const all = [...report.findings, ...suppressed.map((s) => s.finding)];
  const ruleIds: string[] = [];
  for (const f of all) if (!ruleIds.includes(f.id)) ruleIds.push(f.id);
  ruleIds.sort();
  const rules = ruleIds.map((id) => {
    const sample = all.find((f) => f.id === id)!;
    const kind = isFindingId(id) ? FINDINGS[id] : { title: sample.title, severity: sample.severity };
    return {
      id,
      name: pascalCase(id),
      shortDescription: { text: kind.title },
      defaultConfiguration: { level: LEVEL[kind.severity] },
      properties: { tags: ['skills', family(id)] },
    };
  });
  const verdictOf = new Map(report.skills.map((s) => [s.uri, s.verdict]));
  const suppressionOf = new Map(suppressed.map((s) => [s.finding, s]));
  const results = all.map((f) => ({
    ruleId: f.id,
    ruleIndex: ruleIds.indexOf(f.id),
    level: LEVEL[f.severity],
    message: { text: reopenedWhy.has(f) ? `${messageOf(f)} Reported again: ${reopenedWhy.get(f)!}.` : messageOf(f) },
    locations: [locationOf(f, report.server.label, options.root)],
    partialFingerprints: { 'skillInspectorFinding/v1': fingerprint(f) },
    ...(suppressionOf.has(f) ? { suppressions: [sarifSuppression(suppressionOf.get(f)!)] } : {}),
    properties: {
      server: report.server.label,
      ...(f.location.skillUri ? { skillUri: f.location.skillUri } : {}),
      // The verdict of the skill the finding is about (shared/verdict.ts).
      ...(f.location.skillUri && verdictOf.has(f.location.skillUri) ? { verdict: verdictOf.get(f.location.skillUri) } : {}),
      ...(f.location.fileUri ? { fileUri: f.location.fileUri } : {}),
      ...(f.location.field ? { field: f.location.field } : {}),
      ...(f.expected !== undefined ? { expected: f.expected } : {}),
      ...(f.actual !== undefined ? { actual: f.actual } : {}),
    },
  }));
  return {
    tool: { driver: { name: 'skill-inspector', version: APP_VERSION, semanticVersion: APP_VERSION, rules, properties: { ruleset: RULESET } } },
    automationDetails: { id: `skill-inspector/${report.server.label}/` },
    ...(options.root !== undefined ? { originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The repository root.' } } } } : {}),
    invocations: [{ executionSuccessful: true }],
    results,
    properties: {
      server: report.server,
      skills: report.skills.length,
      verdicts: verdictCounts(report.skills),
      verdictSummary: verdictSummary(verdictCounts(report.skills)),
      // Every skill's verdict, a skill with no finding included (it has no result to carry it).
      skillVerdicts: report.skills.map((s) => ({ skillUri: s.uri, verdict: s.verdict, ...(verdictReason(s) ? { reason: verdictReason(s) } : {}), ...(s.review ? { review: { errors: s.review.errors, warnings: s.review.warnings, complete: s.review.complete } } : {}) })),
    },
  };
}

/** A server that could not be checked, as a run: check's tool, no rule and no result, and the invocation failed saying why. */
export function uncheckedSarifRun(label: string, why: string, options: SarifOptions = {}): SarifRun {
  return failedRun(sarifRun({ server: { label }, skills: [], findings: [] }, { root: options.root }), `${label} could not be checked: ${why}`);
}

function messageOf(f: Finding): string {
  const parts = [f.message];
  if (f.expected !== undefined) parts.push(`Expected: ${f.expected}.`);
  if (f.actual !== undefined) parts.push(`Found: ${f.actual}.`);
  return parts.join(' ');
}

function locationOf(f: Finding, label: string, root: string | undefined): SarifLocation {
  const uri = f.location.fileUri ?? f.location.skillUri;
  const logical: SarifLocation['logicalLocations'] = [];
  if (f.location.skillUri) logical.push({ name: f.location.skillUri, fullyQualifiedName: f.location.skillUri, kind: 'module' });
  else logical.push({ name: label, fullyQualifiedName: label, kind: 'module' });
  if (f.location.field) logical.push({ name: f.location.field, fullyQualifiedName: `${f.location.skillUri ?? label}#${f.location.field}`, kind: 'member' });
  if (!uri && root === undefined) return { logicalLocations: logical };
  const artifactLocation = root === undefined ? { uri: uriReference(uri!) } : { uri: repositoryPath(root, uri), uriBaseId: '%SRCROOT%' };
  const region = f.location.line ? { startLine: f.location.line, ...(f.location.column ? { startColumn: f.location.column } : {}) } : undefined;
  return { physicalLocation: { artifactLocation, ...(region ? { region } : {}) }, logicalLocations: logical };
}

/**
 * Stable across runs, so code scanning deduplicates them: the rule, the skill,
 * the file, the field and the evidence (the excerpt the finding points at, and
 * its message). The line is left out on purpose: an edit above a finding moves
 * it without making it another finding.
 */
function fingerprint(f: Finding): string {
  const key = [f.id, f.location.skillUri ?? '', f.location.fileUri ?? '', f.location.field ?? '', f.message, f.excerpt ?? ''].join('\0');
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

function sarifSuppression(s: SuppressedFinding): { kind: 'external'; status: 'accepted'; justification: string; properties: object } {
  const { suppression, reviewer, receipt, until } = s.by;
  return { kind: 'external', status: 'accepted', justification: `${suppression.reason} (owner ${suppression.owner}, until ${until.slice(0, 10)})`, properties: { owner: suppression.owner, until, reviewer, receipt, fingerprint: suppression.fingerprint } };
}

function family(id: string): string {
  return id.startsWith('sep-2640-') ? 'conformance' : id.startsWith('agentskills-') ? 'format' : id.startsWith('risk-') ? 'risk' : id.startsWith('legacy-') ? 'legacy' : 'inspector';
}

/** SARIF wants a rule name that reads as an identifier: `sep-2640-host-verify-digest` is `Sep2640HostVerifyDigest`. */
function pascalCase(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}
