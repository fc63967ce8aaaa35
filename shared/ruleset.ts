// The rule set a check ran with: how many rules it holds and a version that
// changes whenever one is added, removed or changes severity. Derived from
// the catalogue of finding IDs (shared/findings.ts), so it cannot drift from
// the rules that exist: the app's Checks tab and the command (its text summary, `ruleset` in
// --json, the SARIF driver's properties) say the same.
import { FINDINGS } from './findings.js';
import type { Severity } from './model.js';
import { RISK_FINDINGS } from './risk-findings.js';

export interface RuleSet {
  /** Eight hex digits over the sorted `id severity` lines of the catalogue. */
  readonly version: string;
  /** Protocol, format and reading rules (`sep-2640-`, `agentskills-`, `legacy-`, `inspector-`): run on Verify. */
  readonly conformanceRules: number;
  /** Content-risk rules (`risk-`): run on a content review. */
  readonly contentRules: number;
}

/** FNV-1a, 32 bits: no Node or DOM API in shared/, and a version needs no more than a fingerprint. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The rule set of a catalogue of finding kinds; the order the catalogue is written in does not matter. */
export function ruleSetOf(catalogue: Readonly<Record<string, { readonly severity: Severity }>>, isContentRule: (id: string) => boolean): RuleSet {
  const ids = Object.keys(catalogue).sort();
  const fingerprint = ids.map((id) => `${id} ${catalogue[id]!.severity}`).join('\n');
  const content = ids.filter(isContentRule).length;
  return { version: fnv1a(fingerprint).toString(16).padStart(8, '0'), conformanceRules: ids.length - content, contentRules: content };
}

export const RULESET: RuleSet = ruleSetOf(FINDINGS, (id) => Object.hasOwn(RISK_FINDINGS, id));

export const RULESET_VERSION: string = RULESET.version;
