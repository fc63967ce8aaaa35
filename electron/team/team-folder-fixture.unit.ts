// A team folder on disk for the receipts-budget tests: `.skills/` with an
// allowed-signers file trusting Alice and one receipt per served skill
// (alpha.json, beta.json, …, in name order), each signed by Alice and padded
// by its note to about `receiptBytes`, so a few of them pass a small budget;
// the small budget itself, and the words a file past it and a skill it might
// have approved are given.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { approvalDefaults } from './alpha-approval.unit.js';
import { allowedSignersLine } from './allowed-signers.js';
import { serializeReceipt, signReceipt } from './receipt.js';
import type { ServedSkill } from './receipt-check.js';
import { generateSigningKey } from './signing-key.js';
import type { ReceiptsFolderLimits } from './team-folder.js';

export const LABEL = 'payments';
export const alice = generateSigningKey('alice');

/** A budget passed in small (1 MiB, 512 KiB a file), so a folder that passes it is a few MB. */
export const LIMITS: ReceiptsFolderLimits = { maxFiles: 100, maxFileBytes: 512 * 1024, maxTotalBytes: 1024 * 1024 };
/** Six skills: with receipts of about 300 KB, alpha, beta and delta fit in LIMITS and epsilon would pass it. */
export const NAMES = ['alpha', 'beta', 'delta', 'epsilon', 'gamma', 'zeta'];
/** A month after the receipts' approvedAt, so none has expired. */
export const AS_OF = new Date('2026-06-01T00:00:00Z');

export const sum = (sizes: readonly number[]) => sizes.reduce((a, b) => a + b, 0);

/** What each file past the budget says: the folder, the budget, how far reading got (`read` files) and what was left. */
export function notReadProblem(f: BigTeamFolder, read: number): string {
  const left = f.files.length - read;
  return `not read, so this check is partial: the receipts in ${f.approvals} pass the ${LIMITS.maxTotalBytes} bytes read from one folder; reading stopped after ${read} file(s) (${sum(f.sizes.slice(0, read))} bytes), and ${left} file(s) (${sum(f.sizes.slice(read))} bytes) were not read`;
}

/** What a skill with no receipt among those read says when `left` receipt files were not read. */
export const unapprovedPartial = (left: number) => `unapproved: no receipt that was read names this skill, and ${left} receipt file(s) were not read, so this is not a complete verification`;

/** The approval a skill whose receipt was read says. */
export const approvedByAlice = `approved by Alice (${alice.fingerprint}) on 2026-05-01`;

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
        ...approvalDefaults(),
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

/** writeBigTeamFolder for the tests of the file that calls this: every folder it writes is removed after its test. */
export function bigTeamFolders(): (skillNames: readonly string[], receiptBytes: number) => Promise<BigTeamFolder> {
  const roots: string[] = [];
  afterEach(async () => {
    await Promise.all(roots.splice(0).map((root) => fs.rm(root, { recursive: true, force: true })));
  });
  return async (skillNames, receiptBytes) => {
    const folder = await writeBigTeamFolder(skillNames, receiptBytes);
    roots.push(folder.root);
    return folder;
  };
}
