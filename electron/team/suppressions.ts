// Suppressions: a reviewer's signed decision that one content-risk finding is
// accepted for a while, with a reason and an owner. Each is bound to its
// finding by a fingerprint (the finding's ID, where it is, and the text it
// points at) and to the file it is in by that file's digest, so it covers the
// bytes that were reviewed and nothing else. It travels in the approval
// receipt's predicate; it lapses at its own expiry or the receipt's, whichever
// comes first, and as soon as the file changes — then the finding is reported
// again, with the reason it came back. docs/team.md describes the fields.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Finding } from '../../shared/model.js';
import { zonedIsoTime } from './iso-time.js';

export const suppressionSchema = z.object({
  /** `sha256:` + hex over the finding's ID, skill, file, field, line and evidence (suppressionFingerprint). */
  fingerprint: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  id: z.string().startsWith('risk-'),
  title: z.string(),
  /** The file the finding is in (the SKILL.md URI for a finding about the skill as a whole), and its digest then. */
  fileUri: z.string().min(1),
  fileDigest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  path: z.string().optional(),
  line: z.number().int().optional(),
  field: z.string().optional(),
  reason: z.string().min(1),
  owner: z.string().min(1),
  expires: zonedIsoTime,
});

export type Suppression = z.infer<typeof suppressionSchema>;

/** The file a finding is in: its file, or the skill's SKILL.md for one about the skill as a whole. */
export function fileOf(finding: Finding): string | undefined {
  return finding.location.fileUri ?? finding.location.skillUri;
}

/**
 * What binds a suppression to one finding: its ID, skill, file, field and
 * line, and the evidence (the excerpt it points at, else its message). The
 * same finding in the same bytes has the same fingerprint on every run.
 */
export function suppressionFingerprint(finding: Finding): string {
  const { skillUri, fileUri, field, line } = finding.location;
  const text = [finding.id, skillUri ?? '', fileUri ?? '', field ?? '', line ?? '', finding.excerpt ?? finding.message].join('\0');
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}

/** A suppression as read from a receipt: which receipt, whose, and until when it holds (the earlier expiry). */
export interface GrantedSuppression {
  readonly suppression: Suppression;
  readonly receipt: string;
  /** The skill the receipt approves: a suppression it carries covers findings in that skill only. */
  readonly skillUri: string;
  readonly reviewer: { readonly name: string; readonly fingerprint: string };
  /** The suppression's expiry, or the receipt's when that comes first. */
  readonly until: string;
}

export interface SuppressedFinding {
  readonly finding: Finding;
  readonly by: GrantedSuppression;
}

/** A finding reported again: a suppression named it, but no longer holds. */
export interface ReopenedFinding {
  readonly finding: Finding;
  readonly by: GrantedSuppression;
  readonly why: string;
}

export interface SuppressionOutcome {
  /** Every finding still reported: those no suppression names, and the reopened ones. */
  readonly reported: readonly Finding[];
  readonly suppressed: readonly SuppressedFinding[];
  readonly reopened: readonly ReopenedFinding[];
}

function day(iso: string): string {
  return iso.slice(0, 10);
}

/**
 * Whether the suppression (in a receipt for `skillUri`) is about this finding, by
 * more than its fingerprint (which anyone signing can compute for any finding):
 * a risk finding of its ID, in its file (the file whose digest binds it), in
 * the receipt's own skill.
 * A conformance finding is a fact about the server and is never suppressed.
 */
export function describes(s: Suppression, skillUri: string, finding: Finding): boolean {
  return s.fingerprint === suppressionFingerprint(finding) && finding.id.startsWith('risk-') && finding.id === s.id && fileOf(finding) === s.fileUri && finding.location.skillUri === skillUri;
}

/**
 * Applies granted suppressions to a run's findings. `digestOf(uri)` is the
 * digest the server serves that file with now. A suppression holds when its
 * fingerprint names the finding, the file's digest is the one it was granted
 * for, and it has not expired; the finding is then left out of `reported`. A
 * matching suppression that fails either test reopens the finding, saying why.
 */
export function applySuppressions(findings: readonly Finding[], granted: readonly GrantedSuppression[], digestOf: (fileUri: string) => string | undefined, now: Date): SuppressionOutcome {
  const byFingerprint = new Map<string, GrantedSuppression[]>();
  for (const g of granted) byFingerprint.set(g.suppression.fingerprint, [...(byFingerprint.get(g.suppression.fingerprint) ?? []), g]);
  const reported: Finding[] = [];
  const suppressed: SuppressedFinding[] = [];
  const reopened: ReopenedFinding[] = [];
  for (const finding of findings) {
    const candidates = (byFingerprint.get(suppressionFingerprint(finding)) ?? []).filter((g) => describes(g.suppression, g.skillUri, finding));
    if (candidates.length === 0) {
      reported.push(finding);
      continue;
    }
    const holding = candidates.find((g) => lapse(g, digestOf, now) === undefined);
    if (holding) {
      suppressed.push({ finding, by: holding });
      continue;
    }
    // Of several lapsed suppressions, the latest to expire speaks.
    const speaking = [...candidates].sort((a, b) => Date.parse(b.until) - Date.parse(a.until))[0]!;
    reopened.push({ finding, by: speaking, why: lapse(speaking, digestOf, now)! });
    reported.push(finding);
  }
  return { reported, suppressed, reopened };
}

/** Why a granted suppression no longer holds (the receipt not named), or undefined while it does. */
export function lapse(g: GrantedSuppression, digestOf: (fileUri: string) => string | undefined, now: Date): string | undefined {
  const s = g.suppression;
  const who = `suppressed by ${g.reviewer.name} (${g.reviewer.fingerprint}) for ${s.owner}: "${s.reason}"`;
  const served = digestOf(s.fileUri);
  if (served !== s.fileDigest) {
    const what = served === undefined ? 'is no longer served' : `changed since (${s.fileDigest} then, ${served} now)`;
    return `its suppression no longer holds: ${s.path ?? s.fileUri} ${what}; it was ${who}`;
  }
  if (Date.parse(g.until) <= now.getTime()) return `its suppression expired on ${day(g.until)}; it was ${who}`;
  return undefined;
}

/** The suppression a reviewer grants for one finding of a skill, bound to the file's digest now. */
export function suppressionFor(finding: Finding, fileDigest: string, path: string | undefined, decision: { reason: string; owner: string; expires: string }): Suppression {
  const { line, field } = finding.location;
  return {
    fingerprint: suppressionFingerprint(finding),
    id: finding.id,
    title: finding.title,
    fileUri: fileOf(finding)!,
    fileDigest,
    ...(path !== undefined ? { path } : {}),
    ...(line !== undefined ? { line } : {}),
    ...(field !== undefined ? { field } : {}),
    reason: decision.reason,
    owner: decision.owner,
    expires: decision.expires,
  };
}

/** One suppression in words: `Downloads code and runs it (risk-fetch-and-run, SKILL.md line 4)`. */
export function describeSuppression(s: Suppression): string {
  const place = [s.path, s.line !== undefined ? `line ${s.line}` : undefined, s.field !== undefined ? `field ${s.field}` : undefined].filter(Boolean).join(' ');
  return `${s.title} (${s.id}${place ? `, ${place}` : ''})`;
}
