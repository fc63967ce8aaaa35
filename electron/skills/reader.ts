// Reads one file with resources/read, within limits checked before and after
// the bytes arrive: the entry's size, the per-file cap (also on the wire, as
// the answer streams in) and every byte budget the read counts against (the
// server's, and a skill's or a job's when a caller keeps one). Text is hashed
// as its UTF-8 bytes, a blob as its base64-decoded bytes (SPEC §2.5). An
// answer that could stand for more than one set of bytes is never used.
import { finding, type FindingId } from '../../shared/findings.js';
import type { Finding, FindingLocation, Settings } from '../../shared/model.js';
import { previewJson } from '../../shared/nesting.js';
import { canonicalUri } from './uri-memo.js';
import { loneSurrogateIn } from '../../shared/skill-uri.js';
import { queryAndSlashKey } from '../../shared/uri-query-slash.js';
import { appLimitNamer, type LimitKey, type LimitNamer } from '../../shared/limits.js';
import { ClosedByApp, INVALID_PARAMS, LEGACY_RESOURCE_NOT_FOUND, ResponseTooLarge, rpcErrorCode, rpcErrorMessage, type Rpc } from './rpc.js';

/** What a byte budget is kept for; each kind has its own finding and its own setting. */
export type BudgetKind = 'server' | 'skill' | 'job';

const BUDGET: Record<BudgetKind, { readonly id: FindingId; readonly limit: Extract<LimitKey, 'serverByteBudget' | 'skillByteBudget' | 'jobByteBudget'>; readonly whose: string }> = {
  server: { id: 'inspector-budget-exceeded', limit: 'serverByteBudget', whose: "this server's" },
  skill: { id: 'inspector-skill-budget-exceeded', limit: 'skillByteBudget', whose: "this skill's" },
  job: { id: 'inspector-job-budget-exceeded', limit: 'jobByteBudget', whose: "this job's" },
};

/**
 * Bytes read against a limit. A read is checked against every budget it is
 * given: before it, against the size the listing declares; after it, against
 * the bytes that actually arrived (a read that passes a budget is refused).
 *
 * - per server: one for the session, held by ServerSkills (`new ByteBudget(limit)`);
 * - per skill: `ByteBudget.of('skill', settings)` at the start of one verify or
 *   review of a skill, passed to each of its reads beside the server's;
 * - per job: `ByteBudget.of('job', settings)` at the start of a Verify all or
 *   Review all, passed to every read of the job.
 *
 * The limit is read live, so a changed setting applies to the next read.
 */
export class ByteBudget {
  private used = 0;
  constructor(
    private readonly limit: () => number,
    readonly kind: BudgetKind = 'server',
  ) {}

  /** A budget of the given kind whose limit is the matching setting (serverByteBudget, skillByteBudget, jobByteBudget). */
  static of(kind: BudgetKind, settings: () => Pick<Settings, 'serverByteBudget' | 'skillByteBudget' | 'jobByteBudget'>): ByteBudget {
    const key = BUDGET[kind].limit;
    return new ByteBudget(() => settings()[key], kind);
  }

  get total(): number {
    return this.limit();
  }
  get remaining(): number {
    return Math.max(0, this.limit() - this.used);
  }
  consume(bytes: number): void {
    this.used += bytes;
  }
  reset(): void {
    this.used = 0;
  }
}

export type ReadOutcome =
  | { readonly ok: true; readonly bytes: Buffer; readonly mimeType?: string; readonly wasText: boolean; readonly findings: Finding[] }
  | {
      readonly ok: false;
      readonly reason: 'too-large' | 'read-error' | 'decode';
      readonly message: string;
      readonly findings: Finding[];
      readonly errorCode?: number;
    };

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export interface ReadOptions {
  /** The size the listing declares, when it declares a byte count. */
  readonly expectedSize?: number;
  readonly maxFileBytes: number;
  /** Every budget this read counts against (the server's first; a skill's and a job's when kept). */
  readonly budgets: readonly ByteBudget[];
  /** How messages name a limit the user can raise (SkillsEngine.limitName); the app's Settings wording when absent. */
  readonly limitName?: LimitNamer;
  readonly location: FindingLocation;
  readonly signal?: AbortSignal;
}

/**
 * The most bytes a read's answer may take on the wire, for a file at the
 * per-file limit to still fit: base64 takes 4/3 of the bytes, and JSON text
 * escapes a quote, backslash, newline or tab into two bytes, so twice the
 * limit covers any blob and any text short of one made of other control
 * characters (six bytes each as \u00XX). The 64 KiB is the JSON-RPC envelope,
 * URI and mimeType around the content.
 */
export function wireLimitFor(maxFileBytes: number): number {
  return 2 * maxFileBytes + 64 * 1024;
}

export async function readResourceBytes(rpc: Rpc, uri: string, options: ReadOptions): Promise<ReadOutcome> {
  const loc = { ...options.location, fileUri: uri };
  const name = options.limitName ?? appLimitNamer;
  const expected = options.expectedSize;
  if (expected !== undefined && expected > options.maxFileBytes) {
    const message = `${uri} is listed at ${expected} bytes, over the ${options.maxFileBytes}-byte per-file limit; it was not read. To read it, raise ${name('maxFileBytes')}.`;
    return { ok: false, reason: 'too-large', message, findings: [finding('inspector-file-too-large', message, loc, { expected: `≤ ${options.maxFileBytes}`, actual: `${expected}` })] };
  }
  const refused = options.budgets.filter((b) => (expected !== undefined ? expected > b.remaining : b.remaining === 0));
  if (refused.length > 0) {
    const findings = refused.map((b) => {
      const { id, limit, whose } = BUDGET[b.kind];
      const size = expected !== undefined ? ` (${expected} bytes)` : '';
      const message = `Reading ${uri}${size} would pass ${whose} byte budget (${b.remaining} bytes left of ${b.total}); it was not read. To read it, raise ${name(limit)}.`;
      return finding(id, message, loc, { expected: `≤ ${b.remaining} bytes`, actual: expected !== undefined ? `${expected} bytes` : 'any bytes' });
    });
    return { ok: false, reason: 'too-large', message: findings.map((f) => f.message).join(' '), findings };
  }
  const wireLimit = wireLimitFor(options.maxFileBytes);
  let result: unknown;
  try {
    result = await rpc.request('resources/read', { uri }, { maxResponseBytes: wireLimit, ...(options.signal ? { signal: options.signal } : {}) });
  } catch (error) {
    // Cancelled by the user, or the connection closed by the app (disconnect, remove): no verdict at all, rather than a read failure the server never caused.
    if (options.signal?.aborted || error instanceof ClosedByApp) throw error;
    const tooLarge = asResponseTooLarge(error);
    if (tooLarge) {
      // The bytes did arrive: they count against every budget, though none of them is used.
      for (const b of options.budgets) b.consume(tooLarge.received);
      const message = `The answer to resources/read of ${uri} was stopped after ${tooLarge.received} bytes on the wire, past the ${tooLarge.limit} bytes a file within the ${options.maxFileBytes}-byte per-file limit can take; it was not read. To read it, raise ${name('maxFileBytes')}.`;
      return {
        ok: false,
        reason: 'too-large',
        message,
        findings: [finding('inspector-file-too-large', message, loc, { expected: `≤ ${options.maxFileBytes}`, actual: `more than ${tooLarge.limit} bytes on the wire (${tooLarge.received} received)` })],
      };
    }
    const code = rpcErrorCode(error);
    const findings: Finding[] = [];
    const notFound = code === INVALID_PARAMS || code === LEGACY_RESOURCE_NOT_FOUND;
    if (code === LEGACY_RESOURCE_NOT_FOUND && rpc.era === 'modern') {
      findings.push(finding('inspector-wrong-error-code', `resources/read of ${uri} failed with -32002; since 2026-07-28 a missing resource is -32602.`, loc, { expected: '-32602', actual: '-32002' }));
    }
    const message = `resources/read of ${uri} failed${code !== undefined ? ` (${code})` : ''}: ${rpcErrorMessage(error)}${notFound ? ' — the server says the file does not exist.' : ''}`;
    findings.push(finding('inspector-read-failed', message, loc));
    return { ok: false, reason: 'read-error', message, findings, ...(code !== undefined ? { errorCode: code } : {}) };
  }
  const contents = (result as { contents?: unknown } | null)?.contents;
  if (!Array.isArray(contents) || contents.length === 0) {
    const message = `resources/read of ${uri} returned no contents.`;
    return { ok: false, reason: 'read-error', message, findings: [finding('inspector-invalid-result', message, loc, { expected: '{ contents: [ { uri, text | blob } ] }', actual: previewJson(result) ?? '' })] };
  }
  // One file is one content item under its own URI, carrying text or blob. Anything else could
  // stand for other bytes than the ones checked (a host that joins the items, takes another, or
  // prefers blob over text), so none of it is used.
  if (contents.length > 1) {
    const served = contents.map((c: unknown) => uriOf(c) ?? '(no uri)');
    const message = `resources/read of ${uri} answered with ${contents.length} content items (${served.slice(0, 5).join(', ')}${served.length > 5 ? ', …' : ''}); a file is one item, and a host that joined them or took another would use bytes nobody checked, so none was used.`;
    return { ok: false, reason: 'read-error', message, findings: [finding('inspector-read-ambiguous', message, loc, { expected: '1 content item', actual: `${contents.length} content items` })] };
  }
  const content = contents[0] as Record<string, unknown> | null;
  const servedUri = uriOf(content);
  if (servedUri === undefined || !namesSameResource(servedUri, uri)) {
    const message = `resources/read of ${uri} answered with ${servedUri !== undefined ? previewJson(servedUri, 200) : 'content that names no URI'}; bytes served under another URI are not this file's, so they were not used.`;
    return { ok: false, reason: 'read-error', message, findings: [finding('inspector-read-wrong-uri', message, loc, { expected: uri, actual: servedUri ?? '(no uri)' })] };
  }
  if (content?.['text'] !== undefined && content['blob'] !== undefined) {
    const message = `The content served for ${uri} carries both "text" and "blob"; a host that preferred the other one would use bytes nobody checked, so neither was used.`;
    return { ok: false, reason: 'read-error', message, findings: [finding('inspector-read-ambiguous', message, loc, { expected: '"text" or "blob"', actual: '"text" and "blob"' })] };
  }
  const mimeType = typeof content?.['mimeType'] === 'string' ? content['mimeType'] : undefined;
  let bytes: Buffer;
  let wasText: boolean;
  if (typeof content?.['text'] === 'string') {
    // A lone surrogate has no UTF-8 form: the encoder would put U+FFFD in its place, so no digest describes the text served.
    const lone = loneSurrogateIn(content['text']);
    if (lone) {
      const message = `The text served for ${uri} holds a lone UTF-16 surrogate (U+${lone.codeUnit.toString(16).toUpperCase()} at character ${lone.index + 1}), which has no UTF-8 form, so it stands for no bytes a digest could describe; it was not used.`;
      return { ok: false, reason: 'decode', message, findings: [finding('inspector-invalid-result', message, loc, { expected: 'text that is valid Unicode', actual: `a lone surrogate U+${lone.codeUnit.toString(16).toUpperCase()}` })] };
    }
    bytes = Buffer.from(content['text'], 'utf8');
    wasText = true;
  } else if (typeof content?.['blob'] === 'string') {
    const blob = content['blob'];
    if (!BASE64.test(blob)) {
      const message = `The blob served for ${uri} is not valid base64, so its bytes are unknown and cannot be verified.`;
      return { ok: false, reason: 'decode', message, findings: [finding('inspector-invalid-base64', message, loc)] };
    }
    bytes = Buffer.from(blob, 'base64');
    wasText = false;
  } else {
    const message = `resources/read of ${uri} returned content with neither "text" nor "blob".`;
    return { ok: false, reason: 'read-error', message, findings: [finding('inspector-invalid-result', message, loc)] };
  }
  const size = bytes.byteLength;
  // Checked against what was left before this read, then spent: the bytes were read either way.
  const passed = options.budgets.filter((b) => size > b.remaining).map((b) => ({ budget: b, left: b.remaining }));
  for (const b of options.budgets) b.consume(size);
  if (size > options.maxFileBytes) {
    const message = `${uri} is ${size} bytes, over the ${options.maxFileBytes}-byte per-file limit. To read it, raise ${name('maxFileBytes')}.`;
    return { ok: false, reason: 'too-large', message, findings: [finding('inspector-file-too-large', message, loc, { expected: `≤ ${options.maxFileBytes}`, actual: `${size}` })] };
  }
  if (passed.length > 0) {
    const findings = passed.map(({ budget, left }) => {
      const { id, limit, whose } = BUDGET[budget.kind];
      const declared = expected !== undefined ? `listed at ${expected} bytes, ` : 'listed with no size, ';
      const message = `${uri} was ${declared}but ${size} bytes arrived, which passed ${whose} byte budget (${left} bytes were left of ${budget.total}); the bytes were not used. To read it, raise ${name(limit)}.`;
      return finding(id, message, loc, { expected: `≤ ${left} bytes`, actual: `${size} bytes` });
    });
    return { ok: false, reason: 'too-large', message: findings.map((f) => f.message).join(' '), findings };
  }
  return { ok: true, bytes, ...(mimeType !== undefined ? { mimeType } : {}), wasText, findings: [] };
}

/**
 * Whether a content item's URI names the file asked for. canonicalUri sets a query and a trailing "/"
 * aside (it keys files, whose listed spellings are compared elsewhere), but either names another
 * resource (a query a variant, a "/" a directory), so both must agree; a fragment names no resource.
 */
function namesSameResource(served: string, requested: string): boolean {
  return canonicalUri(served) === canonicalUri(requested) && queryAndSlashKey(served) === queryAndSlashKey(requested);
}

function uriOf(content: unknown): string | undefined {
  const value = (content as { uri?: unknown } | null)?.uri;
  return typeof value === 'string' ? value : undefined;
}

/** The transport's ResponseTooLarge, also when it crossed a module boundary or was wrapped once. */
function asResponseTooLarge(error: unknown): { limit: number; received: number } | undefined {
  for (const candidate of [error, (error as { cause?: unknown } | null)?.cause]) {
    if (candidate instanceof ResponseTooLarge) return candidate;
    const c = candidate as { name?: unknown; limit?: unknown; received?: unknown } | null;
    if (c?.name === 'ResponseTooLarge' && typeof c.limit === 'number' && typeof c.received === 'number') return { limit: c.limit, received: c.received };
  }
  return undefined;
}

/** UTF-8 text of the bytes, or undefined when they are not valid UTF-8 (binary). */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
