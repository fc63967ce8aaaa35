// An approval receipt: an in-toto Statement v1 (github.com/in-toto/attestation,
// spec/v1/statement.md) inside a DSSE envelope signed with the reviewer's key.
// The subject is the skill as one server serves it (`<server label> <skill
// URI>`) with the digest of its file set (file-set-digest.ts); the predicate
// says who decided, when, until when, against which rule set and findings,
// what they acknowledged and which allowed-tools they granted.
// docs/team.md describes every field.
import { z } from 'zod';
import { whereJsonStops } from '../storage/where-json-stops.js';
import { decodeBase64, dsseEnvelopeSchema, signEnvelope, verifyEnvelope, type DsseEnvelope } from './dsse.js';
import { fileSetDigest } from './file-set-digest.js';
import { zonedIsoTime } from './iso-time.js';
import type { SigningKey } from './signing-key.js';
import { publicKeyLine } from './ssh-wire.js';
import { suppressionSchema } from './suppressions.js';

export const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
export const IN_TOTO_PAYLOAD_TYPE = 'application/vnd.in-toto+json';
/** Signatures read from one envelope at most: a receipt has its reviewer's (DSSE allows more, a team needs no more). */
const MAX_SIGNATURES = 16;
/** Ours: an identifier first (in-toto asks for a URI); docs/team.md is its description. */
export const APPROVAL_PREDICATE_TYPE = 'https://skill-inspector.dev/attestations/skill-approval/v1';

const fileSchema = z.object({ uri: z.string().min(1), digest: z.string(), size: z.number().int().nonnegative() });

const acknowledgedSchema = z.object({
  key: z.string(),
  id: z.string(),
  title: z.string(),
  path: z.string().optional(),
  line: z.number().int().optional(),
  field: z.string().optional(),
});

const isoTime = zonedIsoTime;

export const approvalPredicateSchema = z.object({
  server: z.string().min(1),
  skill: z.string().min(1),
  skillName: z.string(),
  /** The approved files as listed: every {uri, digest, size}. The subject's digest is taken over them. */
  files: z.array(fileSchema),
  reviewer: z.object({ name: z.string().min(1), keyFingerprint: z.string().startsWith('SHA256:'), publicKey: z.string() }),
  approvedAt: isoTime,
  expires: isoTime.optional(),
  ruleset: z.object({ version: z.string() }),
  findings: z.object({ digest: z.string(), errors: z.number().int().nonnegative(), warnings: z.number().int().nonnegative(), infos: z.number().int().nonnegative() }),
  acknowledged: z.array(acknowledgedSchema),
  allowedTools: z.object({ requested: z.array(z.string()), granted: z.boolean() }).nullable(),
  /** Risk findings accepted for a while, each bound to its finding and file (suppressions.ts). Absent in receipts with none. */
  suppressions: z.array(suppressionSchema).optional(),
  note: z.string().optional(),
  generator: z.string().optional(),
});

export const approvalStatementSchema = z.object({
  _type: z.literal(STATEMENT_TYPE),
  subject: z.array(z.object({ name: z.string(), digest: z.record(z.string(), z.string()) })).length(1, 'an approval receipt has exactly one subject'),
  predicateType: z.literal(APPROVAL_PREDICATE_TYPE),
  predicate: approvalPredicateSchema,
});

export type ApprovalPredicate = z.infer<typeof approvalPredicateSchema>;
export type ApprovalStatement = z.infer<typeof approvalStatementSchema>;
export type ReceiptFile = z.infer<typeof fileSchema>;

/** What the reviewer decided; the key supplies the fingerprint and public key. */
export type ApprovalInput = Omit<ApprovalPredicate, 'reviewer'> & { readonly reviewerName: string };

/** The subject's name: the server label and the skill URI, one space between (a label may hold spaces; a URI may not). */
export function subjectName(server: string, skillUri: string): string {
  return `${server} ${skillUri}`;
}

export function buildStatement(input: ApprovalInput, key: SigningKey): ApprovalStatement {
  const { reviewerName, ...rest } = input;
  const predicate: ApprovalPredicate = { ...rest, reviewer: { name: reviewerName, keyFingerprint: key.fingerprint, publicKey: publicKeyLine(key.publicKey) } };
  return {
    _type: STATEMENT_TYPE,
    subject: [{ name: subjectName(input.server, input.skill), digest: { sha256: fileSetDigest(input.files) } }],
    predicateType: APPROVAL_PREDICATE_TYPE,
    predicate,
  };
}

export function signReceipt(input: ApprovalInput, key: SigningKey): DsseEnvelope {
  const statement = buildStatement(input, key);
  return signEnvelope(IN_TOTO_PAYLOAD_TYPE, Buffer.from(JSON.stringify(statement), 'utf8'), key);
}

export function serializeReceipt(envelope: DsseEnvelope): string {
  return `${JSON.stringify(envelope, null, 2)}\n`;
}

/** A receipt file as read: the envelope, and the statement it claims to carry (not yet verified). */
export type ReadReceipt =
  | { readonly ok: true; readonly envelope: DsseEnvelope; readonly statement: ApprovalStatement }
  | { readonly ok: false; readonly problem: string; readonly envelope?: DsseEnvelope };

/** Parses a receipt file's text; says what is wrong with one that is not a receipt. Checks no signature. */
export function readReceipt(text: string): ReadReceipt {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // By place only: JSON.parse's message quotes the text around the fault, and a file pushed to the team folder can be
    // anything (a token file named .json); the problem is shown in the window and printed by the command.
    const where = whereJsonStops(text);
    return { ok: false, problem: `not valid JSON${where ? ` (${where})` : ''}` };
  }
  const envelope = dsseEnvelopeSchema.safeParse(value);
  if (!envelope.success) return { ok: false, problem: 'not a DSSE envelope ({payloadType, payload, signatures})' };
  // Each signature is checked against every trusted key over the whole payload: a flood of them costs minutes.
  if (envelope.data.signatures.length > MAX_SIGNATURES) return { ok: false, problem: `it carries ${envelope.data.signatures.length} signatures; a receipt is signed by its reviewer, and at most ${MAX_SIGNATURES} are checked`, envelope: envelope.data };
  if (envelope.data.payloadType !== IN_TOTO_PAYLOAD_TYPE) return { ok: false, problem: `its payloadType is ${JSON.stringify(envelope.data.payloadType)}, not ${IN_TOTO_PAYLOAD_TYPE}`, envelope: envelope.data };
  const body = decodeBase64(envelope.data.payload);
  let statement: unknown;
  try {
    if (!body) throw new Error('not base64');
    statement = JSON.parse(body.toString('utf8'));
  } catch {
    return { ok: false, problem: 'its payload is not base64 of JSON', envelope: envelope.data };
  }
  const parsed = approvalStatementSchema.safeParse(statement);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: `its payload is not a skill approval statement (${issue ? `${issue.path.join('.') || 'top level'}: ${issue.message}` : 'unknown shape'})`, envelope: envelope.data };
  }
  return { ok: true, envelope: envelope.data, statement: parsed.data };
}

/**
 * The statement, when the envelope is signed by this key over exactly the
 * bytes the statement was read from; undefined otherwise. The statement is
 * parsed again from the verified bytes, so nothing unsigned is ever used.
 */
export function verifiedStatement(envelope: DsseEnvelope, publicKey: Buffer): ApprovalStatement | undefined {
  const { verified, body } = verifyEnvelope(envelope, publicKey);
  return verified && body ? statementOfBody(body) : undefined;
}

/** The approval statement in a payload's bytes; undefined when they hold none. Call it only on bytes a signature verified. */
export function statementOfBody(body: Buffer): ApprovalStatement | undefined {
  try {
    const parsed = approvalStatementSchema.safeParse(JSON.parse(body.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
