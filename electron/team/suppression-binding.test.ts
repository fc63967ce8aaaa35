// A suppression in a teammate's signed receipt silences the one finding it
// describes and nothing else: a risk finding, of its ID, in its file, in the
// skill the receipt approves. A receipt whose fingerprint names another
// finding (a conformance error such as a digest mismatch, or a finding in
// another skill of the server) must not hide it. Run the way `check
// --receipts` runs it: checkReceipts gathers the granted suppressions of every
// skill, applySuppressions applies them to all of the server's findings.
import { describe, expect, it } from 'vitest';
import { finding } from '../../shared/findings.js';
import type { Finding } from '../../shared/model.js';
import { RULESET } from '../../shared/ruleset.js';
import { parseAllowedSigners } from './allowed-signers.js';
import { readReceipt, serializeReceipt, signReceipt } from './receipt.js';
import { checkReceipts, type ServedSkill } from './receipt-check.js';
import { generateSigningKey } from './signing-key.js';
import { publicKeyLine } from './ssh-wire.js';
import { applySuppressions, suppressionFingerprint, type Suppression } from './suppressions.js';

const alice = generateSigningKey('alice');
const SIGNERS = parseAllowedSigners(`Alice ${publicKeyLine(alice.publicKey)}`, 'allowed-signers');
const NOW = new Date('2026-06-01T00:00:00Z');
const d = (c: string) => `sha256:${c.repeat(64)}`;
const ALPHA: ServedSkill = { uri: 'skill://alpha/SKILL.md', name: 'alpha', resources: [{ uri: 'skill://alpha/SKILL.md', digest: d('a'), size: 10 }, { uri: 'skill://alpha/run.sh', digest: d('b'), size: 5 }] };
const BETA: ServedSkill = { uri: 'skill://beta/SKILL.md', name: 'beta', resources: [{ uri: 'skill://beta/SKILL.md', digest: d('c'), size: 3 }] };

/** A suppression with the fingerprint of `target`, claiming to be a risk finding in `fileUri`. */
function aimedAt(target: Finding, fileUri: string, fileDigest: string): Suppression {
  return { fingerprint: suppressionFingerprint(target), id: 'risk-fetch-and-run', title: 'Downloads code and runs it', fileUri, fileDigest, reason: 'Reviewed', owner: 'platform', expires: '2026-12-01T00:00:00.000Z' };
}

/** What `check --receipts` reports for these findings, given Alice's signed receipt approving alpha with these suppressions. */
function applied(findings: Finding[], suppressions: Suppression[]) {
  const envelope = signReceipt(
    {
      server: 'payments',
      skill: ALPHA.uri,
      skillName: 'alpha',
      files: ALPHA.resources === 'dynamic' ? [] : [...ALPHA.resources],
      reviewerName: 'Alice',
      approvedAt: '2026-05-01T10:00:00.000Z',
      ruleset: { version: RULESET.version },
      findings: { digest: d('0'), errors: 0, warnings: 0, infos: 0 },
      acknowledged: [],
      allowedTools: null,
      suppressions,
    },
    alice,
  );
  const check = checkReceipts('payments', [ALPHA, BETA], [{ file: 'approvals/alpha.json', read: readReceipt(serializeReceipt(envelope)) }], SIGNERS, NOW);
  const digests = new Map([ALPHA, BETA].flatMap((s) => (s.resources === 'dynamic' ? [] : s.resources.map((r) => [r.uri, r.digest] as const))));
  return applySuppressions(findings, check.skills.flatMap((s) => s.suppressions ?? []), (uri) => digests.get(uri), NOW);
}

describe('a suppression binds only to the finding it describes', () => {
  it('a conformance error (a digest mismatch) is never suppressed, whatever the fingerprint says', () => {
    const mismatch = finding('sep-2640-host-verify-digest', 'run.sh hashes to other bytes than listed.', { skillUri: ALPHA.uri, fileUri: 'skill://alpha/run.sh' });
    const out = applied([mismatch], [aimedAt(mismatch, 'skill://alpha/run.sh', d('b'))]);
    expect(out.reported).toEqual([mismatch]);
    expect(out.suppressed).toEqual([]);
  });

  it('a receipt for alpha does not suppress a finding in beta', () => {
    const inBeta = finding('risk-fetch-and-run', 'Pipes a download into a shell.', { skillUri: BETA.uri, fileUri: BETA.uri, line: 3 });
    const out = applied([inBeta], [aimedAt(inBeta, BETA.uri, d('c'))]);
    expect(out.reported).toEqual([inBeta]);
    expect(out.suppressed).toEqual([]);
  });

  it('a suppression naming another file than the finding is in does not hold for it', () => {
    const inScript = finding('risk-fetch-and-run', 'Pipes a download into a shell.', { skillUri: ALPHA.uri, fileUri: 'skill://alpha/run.sh', line: 2 });
    // Bound to SKILL.md's digest: a change to run.sh would never void it.
    const out = applied([inScript], [aimedAt(inScript, ALPHA.uri, d('a'))]);
    expect(out.reported).toEqual([inScript]);
    expect(out.suppressed).toEqual([]);
  });

  it('the suppression a reviewer grants still holds', () => {
    const inScript = finding('risk-fetch-and-run', 'Pipes a download into a shell.', { skillUri: ALPHA.uri, fileUri: 'skill://alpha/run.sh', line: 2 });
    const out = applied([inScript], [aimedAt(inScript, 'skill://alpha/run.sh', d('b'))]);
    expect(out.reported).toEqual([]);
    expect(out.suppressed.map((s) => s.finding)).toEqual([inScript]);
  });
});
