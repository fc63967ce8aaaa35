// A team folder on disk for the receipts-budget tests: `.skills/` with an
// allowed-signers file trusting Alice and one receipt per served skill
// (alpha.json, beta.json, …, in name order), each signed by Alice and padded
// by its note to about `receiptBytes`, so a few of them pass a small budget.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RULESET } from '../../shared/ruleset.js';
import { allowedSignersLine } from './allowed-signers.js';
import { serializeReceipt, signReceipt } from './receipt.js';
import type { ServedSkill } from './receipt-check.js';
import { generateSigningKey } from './signing-key.js';

export const LABEL = 'payments';
export const alice = generateSigningKey('alice');

export interface BigTeamFolder {
  readonly root: string;
  /** The `.skills` folder. */
  readonly team: string;
  readonly approvals: string;
  readonly signers: string;
  readonly served: ServedSkill[];
  /** Each receipt's path, in name order (the order the folder is read in). */
  readonly files: string[];
  /** Each receipt's size in bytes, as on disk. */
  readonly sizes: number[];
}

export async function writeBigTeamFolder(skillNames: readonly string[], receiptBytes: number): Promise<BigTeamFolder> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'si-team-budget-'));
  const team = path.join(root, '.skills');
  const approvals = path.join(team, 'approvals');
  await fs.mkdir(approvals, { recursive: true });
  const signers = path.join(team, 'allowed-signers');
  await fs.writeFile(signers, `${allowedSignersLine('Alice', alice.publicKey)}\n`);
  const served: ServedSkill[] = [];
  const files: string[] = [];
  const sizes: number[] = [];
  for (const name of skillNames) {
    const uri = `skill://${name}/SKILL.md`;
    const skill: ServedSkill = { uri, name, resources: [{ uri, digest: `sha256:${'a'.repeat(64)}`, size: 10 }] };
    const envelope = signReceipt(
      {
        server: LABEL,
        skill: uri,
        skillName: name,
        files: [{ uri, digest: `sha256:${'a'.repeat(64)}`, size: 10 }],
        reviewerName: 'Alice',
        approvedAt: '2026-05-01T10:00:00.000Z',
        ruleset: { version: RULESET.version },
        findings: { digest: `sha256:${'0'.repeat(64)}`, errors: 0, warnings: 0, infos: 0 },
        acknowledged: [],
        allowedTools: null,
        // Base64 in the envelope makes the file about 4/3 of the note.
        note: 'n'.repeat(Math.floor((receiptBytes * 3) / 4)),
      },
      alice,
    );
    const file = path.join(approvals, `${name}.json`);
    const text = serializeReceipt(envelope);
    await fs.writeFile(file, text);
    served.push(skill);
    files.push(file);
    sizes.push(Buffer.byteLength(text));
  }
  return { root, team, approvals, signers, served, files, sizes };
}
