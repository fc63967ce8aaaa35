// Checks a team's receipts against what one server serves now: for every
// served skill, either the receipt that approves exactly its file set, signed
// by a key the team trusts for this server's label and not expired, or the
// reason there is none. Pure: the files are read elsewhere (team-folder.ts).
//
// A receipt is judged in this order, and the first failed step is its reason:
// its signature verifies with a key of allowed-signers that it names (its
// reviewer's key, a signature's keyid: receipt-signer.ts; else "invalid
// signature", or "untrusted signer" when it verifies only with the key it
// names itself); that signer may approve this label; the subject's digest is
// the digest of its own file list; it was made (approvedAt) no later than the
// time it is judged as of; it has not expired; its file list is the
// served one (else "stale", naming each file). Of a skill's several receipts
// the one that got furthest speaks, the latest among equals.
import { mayApprove, type AllowedSigner } from './allowed-signers.js';
import { fileSetDigest } from './file-set-digest.js';
import { subjectName, type ApprovalStatement, type ReadReceipt, type ReceiptFile } from './receipt.js';
import { signersByFingerprint, whoSigned, type SignersByFingerprint } from './receipt-signer.js';
import { describeSuppression, lapse, type GrantedSuppression, type Suppression } from './suppressions.js';

export interface ServedSkill {
  readonly uri: string;
  readonly name: string;
  readonly resources: readonly ReceiptFile[] | 'dynamic';
}

/** `reopened`: approved, but a suppression it carries has lapsed, so its finding is reported again. */
export type ApprovalStatus = 'approved' | 'reopened' | 'unapproved' | 'stale' | 'expired' | 'untrusted' | 'invalid' | 'dynamic';

export interface FileSetChange {
  readonly added: readonly ReceiptFile[];
  readonly removed: readonly ReceiptFile[];
  readonly changed: readonly { readonly uri: string; readonly approved: ReceiptFile; readonly served: ReceiptFile }[];
}

export interface SkillApproval {
  readonly uri: string;
  readonly status: ApprovalStatus;
  /** One line for people: "approved by Alice (SHA256:…) on 2026-05-01", or why not. */
  readonly message: string;
  /** The receipt file that speaks for the skill, when there is one. */
  readonly receipt?: string;
  readonly reviewer?: { readonly name: string; readonly fingerprint: string };
  readonly approvedAt?: string;
  readonly expires?: string;
  readonly change?: FileSetChange;
  /** The suppressions of a receipt whose signer is trusted for this label, each with why it lapsed (if it has). */
  readonly suppressions?: readonly (GrantedSuppression & { readonly lapsed?: string })[];
}

export interface LoadedReceipt {
  /** The file's path as it should be shown. */
  readonly file: string;
  readonly read: ReadReceipt;
  /** Not read at all: the folder passed its byte budget before it (team-folder.ts). `read.problem` says so. */
  readonly notRead?: true;
}

export interface ReceiptsCheck {
  readonly label: string;
  readonly skills: readonly SkillApproval[];
  /** Files in the receipts folder that are not receipts at all, or (`notRead`) were not read, so the check is partial. */
  readonly unreadable: readonly { readonly file: string; readonly problem: string; readonly notRead?: true }[];
  /** Receipts naming a skill this server does not serve: another server's, or a removed skill's. */
  readonly unmatched: readonly { readonly file: string; readonly subject: string }[];
  /**
   * Receipts for a served skill that another of its receipts speaks for, and that are no approval by anyone: changed
   * after signing, or signed over a subject that is not their own content. Someone edited a signed approval in the
   * team's repository; dropped without a word, a better receipt beside it hid that.
   */
  readonly rejected: readonly RejectedReceipt[];
}

export interface RejectedReceipt {
  readonly file: string;
  readonly skillUri: string;
  readonly status: 'invalid';
  readonly message: string;
  /**
   * It names a skill this server does not serve (another server's, a removed skill's, or one it was edited to name).
   * Edited after signing, it is tampering whatever it names, so it is said here and not counted as unmatched.
   */
  readonly unserved?: true;
}

/** Judged at these stages, a receipt was altered or forged (not merely someone else's, old, or not yet made). */
const FORGED_STAGES = new Set([0, 3]);

/** The date part of an ISO time, as the one-line verdicts print it. */
function day(iso: string): string {
  return iso.slice(0, 10);
}

/** Later first, by time (a time may carry an offset, so its spelling does not order it); an undated one last. */
function laterFirst(a: string | undefined, b: string | undefined): number {
  const ta = a === undefined ? -Infinity : Date.parse(a);
  const tb = b === undefined ? -Infinity : Date.parse(b);
  return ta === tb ? 0 : ta < tb ? 1 : -1;
}

interface Judged {
  readonly stage: number;
  readonly approval: SkillApproval;
}

function compareFiles(approved: readonly ReceiptFile[], served: readonly ReceiptFile[]): FileSetChange {
  const byUri = new Map(approved.map((f) => [f.uri, f]));
  const servedUris = new Set(served.map((f) => f.uri));
  return {
    added: served.filter((f) => !byUri.has(f.uri)),
    removed: approved.filter((f) => !servedUris.has(f.uri)),
    changed: served.flatMap((f) => {
      const before = byUri.get(f.uri);
      return before && (before.digest !== f.digest || before.size !== f.size) ? [{ uri: f.uri, approved: before, served: f }] : [];
    }),
  };
}

/** `X changed; Y added; Z removed`: each file a receipt's file list and the served one disagree on. */
export function describeChange(change: FileSetChange): string {
  const parts = [...change.changed.map((c) => `${c.uri} changed`), ...change.added.map((f) => `${f.uri} added`), ...change.removed.map((f) => `${f.uri} removed`)];
  return parts.join('; ');
}

function isEmpty(change: FileSetChange): boolean {
  return change.added.length === 0 && change.removed.length === 0 && change.changed.length === 0;
}

/** `; a finding is reported again: TITLE (ID, place): its suppression expired on …`, or '' when none lapsed. */
function lapsedText(lapsed: readonly { readonly suppression: Suppression; readonly lapsed?: string }[]): string {
  if (lapsed.length === 0) return '';
  return `; ${lapsed.length === 1 ? 'a finding is' : `${lapsed.length} findings are`} reported again: ${lapsed.map((s) => `${describeSuppression(s.suppression)}: ${s.lapsed!}`).join('; ')}`;
}

function invalidSignature(file: string): string {
  return `invalid signature: ${file} does not verify with any key in allowed-signers, nor with the key it names; it was changed after signing`;
}

function subjectNotItsOwn(file: string, by: string): string {
  return `invalid receipt: ${file} is signed by ${by}, but its subject does not match its own server, skill or file list`;
}

/** Whether the subject's digest is that of the receipt's own file list (a list with no digest text never is). */
function digestHolds(statement: ApprovalStatement): boolean {
  try {
    return statement.subject[0]!.digest['sha256'] === fileSetDigest(statement.predicate.files);
  } catch {
    // A file list with no unambiguous digest text (a control character in a URI) cannot have been approved as such.
    return false;
  }
}

/**
 * Why a receipt that names no served skill is no approval by anyone: changed after signing, or signed over a subject
 * not its own (its name is not its own server and skill, or its digest not its file list). Undefined for an intact
 * receipt, another server's or a removed skill's, and for one signed by a key the team does not list (untrusted, not
 * altered). The same words as when it names a served skill: an edit that renames the skill hides nothing.
 */
function forgedUnserved(receipt: LoadedReceipt & { read: { ok: true } }, signers: SignersByFingerprint): string | undefined {
  const { envelope, statement: claimed } = receipt.read;
  const signature = whoSigned(envelope, claimed, signers);
  if (signature.by === 'its own key') return undefined;
  if (signature.by !== 'allowed') return invalidSignature(receipt.file);
  const { statement, signer } = signature;
  const ownName = statement.subject[0]!.name === subjectName(statement.predicate.server, statement.predicate.skill);
  return ownName && digestHolds(statement) ? undefined : subjectNotItsOwn(receipt.file, `${signer.name} (${signer.fingerprint})`);
}

function judge(receipt: LoadedReceipt & { read: { ok: true } }, skill: ServedSkill, label: string, signers: SignersByFingerprint, now: Date, leewayMs: number): Judged {
  const base = { uri: skill.uri, receipt: receipt.file };
  const { envelope, statement: claimed } = receipt.read;
  const signature = whoSigned(envelope, claimed, signers);
  if (signature.by !== 'allowed') {
    const named = claimed.predicate.reviewer;
    if (signature.by === 'its own key') {
      return { stage: 1, approval: { ...base, status: 'untrusted', message: `untrusted signer: signed by ${named.name} (${named.keyFingerprint}), whose key is not in allowed-signers (${receipt.file})` } };
    }
    return { stage: 0, approval: { ...base, status: 'invalid', message: invalidSignature(receipt.file) } };
  }
  const { signer, statement } = signature;
  const who = { name: signer.name, fingerprint: signer.fingerprint };
  const by = `${signer.name} (${signer.fingerprint})`;
  const { predicate } = statement;
  if (!mayApprove(signer, label)) {
    const allowed = signer.labels?.map((l) => JSON.stringify(l)).join(', ') ?? '';
    return { stage: 2, approval: { ...base, status: 'untrusted', reviewer: who, message: `untrusted signer: ${by} may not approve "${label}" (allowed-signers line ${signer.line} allows ${allowed}) (${receipt.file})` } };
  }
  if (!digestHolds(statement) || predicate.server !== label || predicate.skill !== skill.uri) {
    return { stage: 3, approval: { ...base, status: 'invalid', reviewer: who, message: subjectNotItsOwn(receipt.file, by) } };
  }
  const served = new Map(skill.resources === 'dynamic' ? [] : skill.resources.map((f) => [f.uri, f.digest]));
  const suppressions = (predicate.suppressions ?? []).map((suppression) => {
    // The earlier in time, not in spelling: a time may carry an offset (…T12:00:00+12:00 is midnight UTC).
    const until = predicate.expires !== undefined && Date.parse(predicate.expires) < Date.parse(suppression.expires) ? predicate.expires : suppression.expires;
    const granted: GrantedSuppression = { suppression, receipt: receipt.file, skillUri: skill.uri, reviewer: who, until };
    const lapsed = lapse(granted, (uri) => served.get(uri), now);
    return { ...granted, ...(lapsed !== undefined ? { lapsed } : {}) };
  });
  const dated = { reviewer: who, approvedAt: predicate.approvedAt, ...(predicate.expires !== undefined ? { expires: predicate.expires } : {}), ...(suppressions.length > 0 ? { suppressions } : {}) };
  const lapsed = suppressions.filter((s) => s.lapsed !== undefined);
  // A receipt cannot approve before it was made: judged as of a time before its approvedAt (--as-of earlier, or a
  // receipt dated ahead of this machine's clock), it is no approval then, nor are its suppressions granted.
  if (Date.parse(predicate.approvedAt) > now.getTime() + leewayMs) {
    return { stage: 3.5, approval: { ...base, reviewer: who, approvedAt: predicate.approvedAt, status: 'invalid', message: `invalid receipt: ${receipt.file} is signed by ${by} as approved at ${predicate.approvedAt}, after the time it is judged as of (${now.toISOString()}); a receipt cannot approve before it was made` } };
  }
  if (predicate.expires !== undefined && Date.parse(predicate.expires) <= now.getTime()) {
    return { stage: 4, approval: { ...base, ...dated, status: 'expired', message: `expired: approved by ${by} on ${day(predicate.approvedAt)}, expired on ${day(predicate.expires)} (${receipt.file})` } };
  }
  if (skill.resources === 'dynamic') {
    return { stage: 5, approval: { ...base, ...dated, status: 'dynamic', message: `cannot be approved by a receipt: the server says its content is dynamic, so there is no file set to bind` } };
  }
  const change = compareFiles(predicate.files, skill.resources);
  if (!isEmpty(change)) {
    return { stage: 5, approval: { ...base, ...dated, change, status: 'stale', message: `stale: approved by ${by} on ${day(predicate.approvedAt)} for other files: ${describeChange(change)}${lapsedText(lapsed)} (${receipt.file})` } };
  }
  const until = predicate.expires !== undefined ? `, until ${day(predicate.expires)}` : '';
  if (lapsed.length > 0) {
    return { stage: 5.5, approval: { ...base, ...dated, status: 'reopened', message: `reopened: approved by ${by} on ${day(predicate.approvedAt)}${until}, but${lapsedText(lapsed).slice(1)} (${receipt.file})` } };
  }
  return { stage: 6, approval: { ...base, ...dated, status: 'approved', message: `approved by ${by} on ${day(predicate.approvedAt)}${until}` } };
}

/**
 * How far ahead of this machine's clock a receipt's approvedAt may be and still count, when it is judged as of now
 * (not --as-of): the reviewer's clock and this one disagree by seconds or minutes, and a receipt shared a moment after
 * it was signed must not read as "made in the future" until the clocks catch up. A time given with --as-of has none.
 */
export const CLOCK_LEEWAY_MS = 5 * 60_000;

export function checkReceipts(label: string, served: readonly ServedSkill[], receipts: readonly LoadedReceipt[], signers: readonly AllowedSigner[], now: Date, leewayMs = 0): ReceiptsCheck {
  const unreadable: { file: string; problem: string; notRead?: true }[] = [];
  const bySubject = new Map<string, (LoadedReceipt & { read: { ok: true } })[]>();
  for (const r of receipts) {
    if (!r.read.ok) {
      unreadable.push({ file: r.file, problem: r.read.problem, ...(r.notRead ? { notRead: true as const } : {}) });
      continue;
    }
    const subject = r.read.statement.subject[0]!.name;
    const list = bySubject.get(subject) ?? [];
    list.push(r as LoadedReceipt & { read: { ok: true } });
    bySubject.set(subject, list);
  }
  // A receipt not read may be the one for a skill no receipt read names: its verdict must not read as final.
  const notRead = receiptsNotRead({ unreadable });
  const noReceipt = notRead > 0 ? `unapproved: no receipt that was read names this skill, and ${notRead} receipt file(s) were not read, so this is not a complete verification` : 'unapproved: no receipt names this skill';
  const byFingerprint = signersByFingerprint(signers);
  const skills: SkillApproval[] = [];
  const rejected: RejectedReceipt[] = [];
  const matched = new Set<string>();
  for (const skill of served) {
    const subject = subjectName(label, skill.uri);
    const candidates = bySubject.get(subject) ?? [];
    if (candidates.length > 0) matched.add(subject);
    if (candidates.length === 0) {
      skills.push({ uri: skill.uri, status: skill.resources === 'dynamic' ? 'dynamic' : 'unapproved', message: skill.resources === 'dynamic' ? 'unapproved: no receipt, and its content is dynamic, so none can bind it' : noReceipt });
      continue;
    }
    const judged = candidates.map((c) => judge(c, skill, label, byFingerprint, now, leewayMs));
    judged.sort((a, b) => b.stage - a.stage || laterFirst(a.approval.approvedAt, b.approval.approvedAt));
    skills.push(judged[0]!.approval);
    for (const other of judged.slice(1)) {
      if (FORGED_STAGES.has(other.stage)) rejected.push({ file: other.approval.receipt!, skillUri: skill.uri, status: 'invalid', message: other.approval.message });
    }
  }
  const unmatched: { file: string; subject: string }[] = [];
  for (const [subject, list] of bySubject) {
    if (matched.has(subject)) continue;
    for (const r of list) {
      const forged = forgedUnserved(r, byFingerprint);
      if (forged === undefined) unmatched.push({ file: r.file, subject });
      else rejected.push({ file: r.file, skillUri: r.read.statement.predicate.skill, status: 'invalid', message: forged, unserved: true });
    }
  }
  return { label, skills, unreadable, unmatched, rejected };
}

/** A file not read counts as unreadable: a check of part of the folder is never all approved; nor one beside an altered receipt. */
export function allApproved(check: ReceiptsCheck): boolean {
  return check.unreadable.length === 0 && check.rejected.length === 0 && check.skills.every((s) => s.status === 'approved');
}

/** How many receipt files the check did not read (the folder passed its byte budget); 0 when it read them all. */
export function receiptsNotRead(check: Pick<ReceiptsCheck, 'unreadable'>): number {
  return check.unreadable.filter((u) => u.notRead).length;
}
