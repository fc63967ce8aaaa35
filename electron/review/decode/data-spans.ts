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

const PROTECTED: readonly RegExp[] = [
  // PEM blocks (certificates, public keys; private keys are secrets.ts's).
  /-----BEGIN [A-Z0-9 ]{1,40}-----[\s\S]{0,200000}?-----END [A-Z0-9 ]{1,40}-----/g,
  /---- BEGIN SSH2 [A-Z ]{1,40} ----[\s\S]{0,200000}?---- END SSH2 [A-Z ]{1,40} ----/g,
  /^PuTTY-User-Key-File-\d+:[\s\S]{0,200000}?^Private-MAC:[^\n]*/gm,
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
