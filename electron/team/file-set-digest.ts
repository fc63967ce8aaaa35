// The two digests an approval receipt binds.
//
// The file set: SHA-256 over one line per file, `<uri> <digest>\n` (one space,
// the digest as the listing gives it, `sha256:` and 64 lowercase hex), the
// lines sorted by URI in code-point order, UTF-8. Its hex is the in-toto
// subject's `digest.sha256`. Sizes are left out: the digest already fixes the bytes.
//
// The findings: SHA-256 over one line per finding, `<key> <severity>\n`, where
// the key is shared/acknowledgements.ts findingKey (`id|file|line|column|field`),
// sorted and deduplicated the same way. It says which findings the reviewer
// saw, so a later run of a changed rule set can tell that they differ.
import { createHash } from 'node:crypto';
import { findingKey } from '../../shared/acknowledgements.js';
import type { Finding } from '../../shared/model.js';

const DIGEST = /^sha256:[0-9a-f]{64}$/;
// A URI is one line and carries no control characters; either would make two different sets write the same lines.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export interface FileRef {
  readonly uri: string;
  readonly digest: string;
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function codePointOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The text the file-set digest is taken over; throws on a set that has no unambiguous text. */
export function fileSetText(files: readonly FileRef[]): string {
  const seen = new Set<string>();
  for (const f of files) {
    if (CONTROL.test(f.uri) || f.uri === '') throw new Error(`The file URI ${JSON.stringify(f.uri)} is empty or holds a control character, so it cannot be bound by a receipt.`);
    if (!DIGEST.test(f.digest)) throw new Error(`The digest of ${f.uri} is ${JSON.stringify(f.digest)}, not sha256: and 64 lowercase hex digits.`);
    if (seen.has(f.uri)) throw new Error(`${f.uri} is listed twice.`);
    seen.add(f.uri);
  }
  return [...files]
    .sort((a, b) => codePointOrder(a.uri, b.uri))
    .map((f) => `${f.uri} ${f.digest}\n`)
    .join('');
}

/** 64 hex digits (no prefix), as in-toto's DigestSet writes it. */
export function fileSetDigest(files: readonly FileRef[]): string {
  return sha256Hex(fileSetText(files));
}

/** `sha256:` + 64 hex over the findings' sorted `<key> <severity>` lines. */
export function findingsDigest(findings: readonly Finding[]): string {
  const lines = [...new Set(findings.map((f) => `${findingKey(f)} ${f.severity}\n`))].sort(codePointOrder);
  return `sha256:${sha256Hex(lines.join(''))}`;
}
