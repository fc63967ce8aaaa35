// Adopting a team receipt approves a skill for this person only when the
// receipt covers every error-level finding of the app's own review: one it
// acknowledges, or a risk finding it suppresses. A suppression whose
// fingerprint names a conformance error (which no one may suppress) must not
// count as covering it. The handler runs over stand-ins for the catalog, the
// engine and the approvals, with a real team folder and real signatures.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Acknowledgement } from '../../shared/approvals-model.js';
import type { ApprovalHandlers } from '../approvals/handlers.js';
import type { FeatureDeps } from '../feature-deps.js';
import { approvalDefaults } from './alpha-approval.unit.js';
import { allowedSignersLine } from './allowed-signers.js';
import { serializeReceipt, signReceipt } from './receipt.js';
import { generateSigningKey } from './signing-key.js';
import { suppressionFingerprint } from './suppressions.js';
import { createTeamHandlers } from './team-handlers.js';

const alice = generateSigningKey('alice');
const SKILL = 'skill://alpha/SKILL.md';
const DIGEST = `sha256:${'a'.repeat(64)}`;
const files = [{ uri: SKILL, digest: DIGEST, size: 10 }];

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('adopting a team receipt', () => {
  it('does not count a suppression aimed at a conformance error as covering it', async () => {
    // The review's error-level finding: a conformance error, which no suppression may hide.
    const conformance: Acknowledgement = { key: 'k-conformance', id: 'sep-2640-skillmd-frontmatter', title: 'SKILL.md frontmatter', message: 'SKILL.md has no frontmatter.', fileUri: SKILL };
    const fingerprint = suppressionFingerprint({ id: conformance.id, severity: 'error', title: conformance.title, message: conformance.message, location: { skillUri: SKILL, fileUri: SKILL } });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-adopt-'));
    const team = path.join(dir, '.skills');
    await fs.mkdir(path.join(team, 'approvals'), { recursive: true });
    await fs.writeFile(path.join(team, 'allowed-signers'), `${allowedSignersLine('Alice', alice.publicKey)}\n`);
    const envelope = signReceipt(
      {
        server: 'payments',
        skill: SKILL,
        skillName: 'alpha',
        files,
        ...approvalDefaults(),
        suppressions: [{ fingerprint, id: 'risk-fetch-and-run', title: 'Downloads code and runs it', fileUri: SKILL, fileDigest: DIGEST, reason: 'r', owner: 'o', expires: '2099-01-01T00:00:00.000Z' }],
      },
      alice,
    );
    await fs.writeFile(path.join(team, 'approvals', 'alpha.json'), serializeReceipt(envelope));

    const approved: unknown[] = [];
    const deps = {
      dataDir: dir,
      catalog: { list: () => [{ id: 's1', label: 'payments' }], get: () => ({ id: 's1', label: 'payments' }) },
      engine: { list: () => [{ uri: SKILL, name: 'alpha', resources: files, files: {} }], server: () => ({ listing: {} }), record: () => undefined },
    } as unknown as FeatureDeps;
    const approvals = {
      'approvals.get': async () => null,
      'approvals.startReview': async () => ({ canApprove: true, blockers: [], fingerprint: 'fp', resources: files, acknowledgements: [conformance] }),
      'approvals.approve': async (params: unknown) => {
        approved.push(params);
        return params;
      },
    } as unknown as ApprovalHandlers;
    const handlers = createTeamHandlers(deps, approvals);
    const outcome = await handlers['team.adopt']({ folder: dir, serverId: 's1', skillUri: SKILL }).then(
      () => 'adopted',
      (error: unknown) => (error as Error).message,
    );
    expect(approved).toEqual([]);
    expect(outcome).toContain('sep-2640-skillmd-frontmatter');
  });
});
