// The gate an approval cannot skip: a version with error-level findings — the
// content-risk rules' on its exact bytes, and the format and protocol checks'
// — is approved only with every one of them acknowledged by name. The check
// runs here, in the main process, on the findings of exactly the version to
// be approved; the window's checkboxes only carry the keys.
import { acknowledgementsOf, nameOf } from '../../shared/acknowledgements.js';
import type { Acknowledgement } from '../../shared/approvals-model.js';
import type { SkillsEngine } from '../skills/engine.js';
import { ApiFailure } from '../api-failure.js';
import type { RiskVersion, VersionRisk } from './version-risk.js';

/** The acknowledgements approving this version needs: its error-level findings, once each. */
export async function requiredAcknowledgements(
  context: { readonly engine: SkillsEngine; readonly risk: VersionRisk },
  serverId: string,
  skillUri: string,
  version: RiskVersion,
): Promise<Acknowledgement[]> {
  const risk = await context.risk.of(serverId, skillUri, version);
  return acknowledgementsOf([...(risk?.findings ?? []), ...context.engine.findings(serverId, skillUri)], skillUri);
}

/** Refuses an approval that leaves any of them unacknowledged, naming each; returns what was acknowledged. */
export function checkAcknowledged(required: readonly Acknowledgement[], given: readonly string[] | undefined, skillUri: string): Acknowledgement[] {
  const keys = new Set(given ?? []);
  const missing = required.filter((a) => !keys.has(a.key));
  if (missing.length > 0) {
    const count = required.length === 1 ? 'an error-level finding' : `${required.length} error-level findings`;
    const which = missing.length === required.length ? (missing.length === 1 ? 'It was not' : 'None was') : `${missing.length} of them ${missing.length === 1 ? 'was' : 'were'} not`;
    throw new ApiFailure(
      'conflict',
      `${skillUri} was not approved: this version has ${count}, and approving it needs each one acknowledged by name. ${which} acknowledged: ${missing.map(nameOf).join('; ')}. Read each one, tick it to acknowledge it, and approve again — or decline the skill.`,
    );
  }
  return [...required];
}

/** The audit log's reason for an approval, naming what was acknowledged. */
export function approvalReason(again: boolean, acknowledged: readonly Acknowledgement[]): string {
  const base = again ? 'Approved again after reviewing the change' : 'Approved after review';
  if (acknowledged.length === 0) return `${base}.`;
  const count = acknowledged.length === 1 ? '1 error-level finding' : `${acknowledged.length} error-level findings`;
  return `${base}, acknowledging ${count}: ${acknowledged.map(nameOf).join('; ')}.`;
}
