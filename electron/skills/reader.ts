// Reads one file with resources/read, within limits checked before decoding:
// the entry's size, the per-file cap and the per-server byte budget. Text is
// hashed as its UTF-8 bytes, a blob as its base64-decoded bytes (SPEC §2.5).
import { finding } from '../../shared/findings.js';
import type { Finding, FindingLocation } from '../../shared/model.js';
import { canonicalUri } from './uri-memo.js';
import { INVALID_PARAMS, LEGACY_RESOURCE_NOT_FOUND, rpcErrorCode, rpcErrorMessage, type Rpc } from './rpc.js';

/** Bytes read from one server in this session, against its budget. */
export class ByteBudget {
  private used = 0;
  constructor(private readonly limit: () => number) {}
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
  readonly expectedSize?: number;
  readonly maxFileBytes: number;
  readonly budget: ByteBudget;
  readonly location: FindingLocation;
  readonly signal?: AbortSignal;
}

export async function readResourceBytes(rpc: Rpc, uri: string, options: ReadOptions): Promise<ReadOutcome> {
  const loc = { ...options.location, fileUri: uri };
  const expected = options.expectedSize;
  if (expected !== undefined && expected > options.maxFileBytes) {
    const message = `${uri} is listed at ${expected} bytes, over the ${options.maxFileBytes}-byte per-file limit; it was not read.`;
    return { ok: false, reason: 'too-large', message, findings: [finding('inspector-file-too-large', message, loc, { expected: `≤ ${options.maxFileBytes}`, actual: `${expected}` })] };
  }
  if (expected !== undefined && expected > options.budget.remaining) {
    const message = `Reading ${uri} (${expected} bytes) would pass this server's byte budget (${options.budget.remaining} bytes left); it was not read. Raise the budget in Settings.`;
    return { ok: false, reason: 'too-large', message, findings: [finding('inspector-budget-exceeded', message, loc)] };
  }
  let result: unknown;
  try {
    result = await rpc.request('resources/read', { uri }, options.signal ? { signal: options.signal } : {});
  } catch (error) {
    // Cancelled by the user: no verdict at all, rather than a read failure the server never caused.
    if (options.signal?.aborted) throw error;
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
    return { ok: false, reason: 'read-error', message, findings: [finding('inspector-invalid-result', message, loc, { expected: '{ contents: [ { uri, text | blob } ] }', actual: JSON.stringify(result)?.slice(0, 200) ?? '' })] };
  }
  const findings: Finding[] = [];
  const key = canonicalUri(uri);
  let content = contents.find((c: unknown) => typeof (c as { uri?: unknown })?.uri === 'string' && canonicalUri((c as { uri: string }).uri) === key) as Record<string, unknown> | undefined;
  if (!content) {
    content = contents[0] as Record<string, unknown>;
    findings.push(finding('inspector-read-wrong-uri', `resources/read of ${uri} answered with ${JSON.stringify(content?.['uri'])}.`, loc, { expected: uri, actual: String(content?.['uri']) }));
  }
  const mimeType = typeof content?.['mimeType'] === 'string' ? content['mimeType'] : undefined;
  let bytes: Buffer;
  let wasText: boolean;
  if (typeof content?.['text'] === 'string') {
    bytes = Buffer.from(content['text'], 'utf8');
    wasText = true;
  } else if (typeof content?.['blob'] === 'string') {
    const blob = content['blob'];
    if (!BASE64.test(blob)) {
      const message = `The blob served for ${uri} is not valid base64, so its bytes are unknown and cannot be verified.`;
      return { ok: false, reason: 'decode', message, findings: [...findings, finding('inspector-invalid-base64', message, loc)] };
    }
    bytes = Buffer.from(blob, 'base64');
    wasText = false;
  } else {
    const message = `resources/read of ${uri} returned content with neither "text" nor "blob".`;
    return { ok: false, reason: 'read-error', message, findings: [...findings, finding('inspector-invalid-result', message, loc)] };
  }
  options.budget.consume(bytes.byteLength);
  if (bytes.byteLength > options.maxFileBytes) {
    const message = `${uri} is ${bytes.byteLength} bytes, over the ${options.maxFileBytes}-byte per-file limit.`;
    return { ok: false, reason: 'too-large', message, findings: [...findings, finding('inspector-file-too-large', message, loc, { expected: `≤ ${options.maxFileBytes}`, actual: `${bytes.byteLength}` })] };
  }
  return { ok: true, bytes, ...(mimeType !== undefined ? { mimeType } : {}), wasText, findings };
}

/** UTF-8 text of the bytes, or undefined when they are not valid UTF-8 (binary). */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
