// The approval most team tests sign: Alice's of skill://alpha on "payments",
// one SKILL.md of 10 bytes, made 2026-05-01, no findings. A test changes the
// field its case is about and keeps the rest.
import { RULESET } from '../../shared/ruleset.js';
import type { ApprovalInput } from './receipt.js';

export const ALPHA_URI = 'skill://alpha/SKILL.md';

/** The fields every test receipt shares, whatever skill it approves: Alice's, made 2026-05-01, no findings, nothing acknowledged or granted. */
export function approvalDefaults(): Pick<ApprovalInput, 'reviewerName' | 'approvedAt' | 'ruleset' | 'findings' | 'acknowledged' | 'allowedTools'> {
  return {
    reviewerName: 'Alice',
    approvedAt: '2026-05-01T10:00:00.000Z',
    ruleset: { version: RULESET.version },
    findings: { digest: `sha256:${'0'.repeat(64)}`, errors: 0, warnings: 0, infos: 0 },
    acknowledged: [],
    allowedTools: null,
  };
}

export function alphaApproval(extra: Partial<ApprovalInput> = {}): ApprovalInput {
  return {
    server: 'payments',
    skill: ALPHA_URI,
    skillName: 'alpha',
    files: [{ uri: ALPHA_URI, digest: `sha256:${'a'.repeat(64)}`, size: 10 }],
    ...approvalDefaults(),
    ...extra,
  };
}
