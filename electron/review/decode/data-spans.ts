// What carries binary data on purpose and is no payload: lock files and bundled
// assets (their hashes and inline data are theirs), data files (binary blobs
// are their content), and spans inside any text — PEM blocks, SSH public keys,
// integrity hashes, JWTs, Basic credentials, UUIDs, image proxies and data:
// URIs of images and fonts.
import type { FileClass, Span } from './found.js';

// ---------------------------------------------------------------------------
// Files whose blobs are data by design

const LOCKFILES = /(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|Cargo\.lock|poetry\.lock|Pipfile\.lock|uv\.lock|pdm\.lock|composer\.lock|Gemfile\.lock|go\.sum|flake\.lock|packages\.lock\.json|gradle\.lockfile|[\w.-]+\.lock)$/i;
const ASSETS = /\.(?:min\.js|min\.css|min\.mjs|css|scss|less|map|woff2?|ttf|otf|eot)$/i;
const DATA = /\.(?:json|jsonl|ndjson|csv|tsv|ya?ml|toml|xml|plist|dat|b64|pem|crt|cer|key|pub|asc|ppk)$|(?:^|\/)(?:tests?|__tests__|fixtures?|testdata|test-vectors|vectors|samples|__snapshots__)\//i;

export type Shelf = 'lockfile' | 'asset' | 'data' | 'text';

/** What kind of file the text is: blobs in lock files and assets are theirs; in data files only encoded text counts. */
export function shelfOf(file: FileClass, text: string): Shelf {
  if (LOCKFILES.test(file.path)) return 'lockfile';
  if (ASSETS.test(file.path)) return 'asset';
  // Minified code: a .js file whose lines run to thousands of characters.
  if (/\.(?:m?js|cjs)$/i.test(file.path) && text.length > 5000 && text.split('\n', 20).some((l) => l.length > 2000)) return 'asset';
  if (DATA.test(file.path)) return 'data';
  return 'text';
}

// ---------------------------------------------------------------------------
// Spans that carry binary data on purpose

/** A block from its opening line to the first closing one at most this far after it. */
const BLOCK_BODY = 200_000;

/** Blocks between an opening and a closing line: read by eachBlock, as `open[\s\S]{0,200000}?close` would match them. */
const BLOCKS: ReadonlyArray<{ readonly open: RegExp; readonly close: RegExp }> = [
  // PEM blocks (certificates, public keys; private keys are secrets.ts's).
  { open: /-----BEGIN [A-Z0-9 ]{1,40}-----/g, close: /-----END [A-Z0-9 ]{1,40}-----/g },
  { open: /---- BEGIN SSH2 [A-Z ]{1,40} ----/g, close: /---- END SSH2 [A-Z ]{1,40} ----/g },
  { open: /^PuTTY-User-Key-File-\d+:/gm, close: /^Private-MAC:[^\n]*/gm },
];

/**
 * Each block as the pattern `open[\s\S]{0,BLOCK_BODY}?close` finds it, in linear time: that pattern, at every
 * opening line with no closing one after it (a file of "-----BEGIN KEY-----" lines), read up to 200,000 characters
 * on from each (2 MiB of them would take minutes). The first closing line at or after a place is looked for once
 * and kept while the openings stay before it; none left means no later opening closes either.
 */
export function eachBlock(text: string, open: RegExp, close: RegExp, visit: (start: number, end: number) => void): void {
  const opening = new RegExp(open.source, open.flags);
  const closing = new RegExp(close.source, close.flags);
  let searchedFrom = -1;
  let found: RegExpExecArray | null = null;
  const firstCloseFrom = (from: number): RegExpExecArray | null => {
    if (searchedFrom >= 0 && from >= searchedFrom && (found === null || from <= found.index)) return found;
    closing.lastIndex = from;
    found = closing.exec(text);
    searchedFrom = from;
    return found;
  };
  let m: RegExpExecArray | null;
  while ((m = opening.exec(text)) !== null) {
    const bodyStart = m.index + m[0].length;
    const end = firstCloseFrom(bodyStart);
    if (end === null) return;
    if (end.index - bodyStart <= BLOCK_BODY) {
      visit(m.index, end.index + end[0].length);
      opening.lastIndex = end.index + end[0].length;
    } else opening.lastIndex = m.index + 1;
  }
}

const PROTECTED: readonly RegExp[] = [
  // OpenSSH public keys and known_hosts lines.
  /\b(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp\d{3}|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)\s+AAAA[A-Za-z0-9+/]+={0,3}/g,
  // Subresource integrity and lockfile hashes, go.sum, docker digests.
  /\b(?:sha(?:1|224|256|384|512)|md5)-[A-Za-z0-9+/]{16,131072}={0,2}/gi,
  /\bh1:[A-Za-z0-9+/]{40,131072}={0,2}/g,
  /\bsha(?:1|256|384|512):[0-9a-f]{32,131072}\b/gi,
  // JSON Web Tokens (examples in API docs): header and claims, not a payload.
  /\beyJ[A-Za-z0-9_-]{8,131072}\.eyJ[A-Za-z0-9_-]{4,131072}\.[A-Za-z0-9_-]*/g,
  // HTTP Basic credentials in examples ("user:password").
  /\bBasic\s+[A-Za-z0-9+/]{4,131072}={0,2}/g,
  // GitHub's image proxy: a digest, then the proxied address in hex.
  /\bhttps?:\/\/camo\.githubusercontent\.com\/[0-9a-fA-F]{16,131072}\/[0-9a-fA-F]+/g,
  // UUIDs.
  /\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g,
];

// data: URIs: images, fonts, audio and the like are data; text, HTML and script are decoded like any payload.
const DATA_URI = /\bdata:([\w.+-]+\/[\w.+-]+)?((?:;[\w.+-]+(?:=[\w.+-]+)?)*);base64,([A-Za-z0-9+/=\s]{4,131072})/gi;
const DATA_URI_TEXT = /^(?:text\/|application\/(?:x-)?(?:javascript|ecmascript|sh|shellscript|x-sh|python|x-python|xhtml\+xml|html|x-httpd-php|powershell))/i;

export function protectedSpans(text: string): { spans: Span[]; textUris: Array<{ start: number; end: number; value: string; mime: string }> } {
  const spans: Span[] = [];
  const textUris: Array<{ start: number; end: number; value: string; mime: string }> = [];
  for (const { open, close } of BLOCKS) eachBlock(text, open, close, (start, end) => spans.push([start, end]));
  for (const pattern of PROTECTED) {
    pattern.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = pattern.exec(text)) !== null) {
      spans.push([m.index, m.index + m[0].length]);
      if (m[0].length === 0) pattern.lastIndex++;
    }
  }
  DATA_URI.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = DATA_URI.exec(text)) !== null) {
    const mime = m[1] ?? 'text/plain';
    const valueStart = m.index + m[0].length - m[3]!.length;
    spans.push([m.index, m.index + m[0].length]);
    if (DATA_URI_TEXT.test(mime) || m[1] === undefined) textUris.push({ start: valueStart, end: m.index + m[0].length, value: m[3]!, mime });
  }
  return { spans: spans.sort((a, b) => a[0] - b[0]), textUris };
}
