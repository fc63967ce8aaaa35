// The team part of the contract: this person's signing key, sharing their
// approvals as signed receipts into a team folder, and reading a team folder's
// receipts against what the connected servers serve now. docs/team.md has the
// folder's layout and the receipt format.
import { z } from 'zod';
import type { ApprovalRecord } from './approvals-model.js';

const id = z.string().min(1).max(200);
const uri = z.string().min(1).max(8192);
/** A folder on this machine, typed in: browser mode has no native folder picker. */
const folder = z.string().trim().min(1, 'a folder is required').max(4096);

export const TEAM_PARAMS = {
  /** This person's key, if one was made: its public key line and fingerprint. Makes none. */
  'team.identity': z.object({}).strict(),
  /** Makes this person's Ed25519 signing key (kept in the data folder, mode 600); refuses when one exists. */
  'team.createKey': z.object({ name: z.string().trim().min(1, 'a name is required').max(200) }).strict(),
  /** Signs a receipt for each of this person's approvals into `<folder>/approvals/` (a `.skills` folder, or the repository holding one). */
  'team.share': z.object({ folder, serverId: id.optional() }).strict(),
  /** Reads `<folder>` (a `.skills` folder, or the repository holding one) and judges every receipt against the connected servers' skills. */
  'team.check': z.object({ folder }).strict(),
  /**
   * Makes a team receipt this person's approval: checked again, then the
   * skill's bytes are read and verified, and the version is approved with the
   * findings the receipt acknowledged. Only after the user confirmed it.
   */
  'team.adopt': z.object({ folder, serverId: id, skillUri: uri }).strict(),
} as const satisfies Record<string, z.ZodType>;

export interface TeamIdentity {
  readonly exists: boolean;
  readonly name?: string;
  /** `SHA256:…`, as ssh-keygen -l prints it. */
  readonly fingerprint?: string;
  /** `ssh-ed25519 AAAA… name`. */
  readonly publicKey?: string;
  /** The line to add to the team's allowed-signers. */
  readonly allowedSignersLine?: string;
  readonly file: string;
  /** Where the private key is kept: the OS keychain, or a mode-600 file where there is none. */
  readonly protection?: 'keychain' | 'safe-storage' | 'file';
  /** The same in the user's words: "in the OS keychain (…)", "in a file (mode 600): no keychain here". */
  readonly where: string;
  /** Only when the private key is (or would be) a file: what that exposes it to. */
  readonly warning?: string;
}

export interface TeamShareResult {
  /** The `.skills` folder written to. */
  readonly folder: string;
  /** Receipt files written, as paths. */
  readonly written: readonly string[];
  /** Approved skills with no receipt written, and why (dynamic content, a server not connected). */
  readonly skipped: readonly { readonly skillUri: string; readonly reason: string }[];
}

export type TeamApprovalStatus = 'approved' | 'reopened' | 'unapproved' | 'stale' | 'expired' | 'untrusted' | 'invalid' | 'dynamic';

export interface TeamSkillVerdict {
  readonly serverId: string;
  readonly serverLabel: string;
  readonly skillUri: string;
  readonly name: string;
  readonly status: TeamApprovalStatus;
  /** "approved by NAME (fingerprint) on DATE", or why not, naming files. */
  readonly message: string;
  readonly receipt?: string;
  readonly reviewer?: { readonly name: string; readonly fingerprint: string };
  readonly approvedAt?: string;
  /** This person's own decision about the skill now. */
  readonly local: ApprovalRecord['decision'] | null;
  /** A valid team receipt this person has not adopted yet. */
  readonly canAdopt: boolean;
}

export interface TeamCheckResult {
  readonly folder: string;
  readonly skills: readonly TeamSkillVerdict[];
  /** Files in the receipts folder that are not receipts, or (`notRead`) were not read because the folder's byte budget was reached, so the check is partial. */
  readonly unreadable: readonly { readonly file: string; readonly problem: string; readonly notRead?: true }[];
  /** Connected servers whose skills were not listed yet, so none of theirs is judged. */
  readonly notListed: readonly string[];
  /**
   * Receipts for a served skill that another of its receipts speaks for, or (`unserved`) that name no served skill,
   * and that are no approval by anyone: changed after signing, or signed over another subject. Shown, not dropped:
   * someone edited a signed approval.
   */
  readonly rejected: readonly {
    readonly file: string;
    readonly serverId: string;
    readonly serverLabel: string;
    readonly skillUri: string;
    readonly message: string;
    /**
     * It names a skill no connected server serves (edited to name another, or another server's): listed once, and
     * serverId is the first server it was judged for. Edited after signing, it is tampering whatever it names.
     */
    readonly unserved?: true;
  }[];
}

export interface TeamResults {
  'team.identity': TeamIdentity;
  'team.createKey': TeamIdentity;
  'team.share': TeamShareResult;
  'team.check': TeamCheckResult;
  'team.adopt': ApprovalRecord;
}
