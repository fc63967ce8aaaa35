// Character codes (`String.fromCharCode(…)`, `chr(…)+chr(…)`, `[char]…`, byte
// arrays, arrays handed to those by name) and XOR with a key written nearby,
// applied to what the other passes found and to literals XORed in place.
import { bytesToText, decodeCharCodes, isText, xorBytes } from './codecs.js';
import { overlaps, type Collector, type Found } from './found.js';
import type { Chain } from './literals.js';
import { meaningful } from './words.js';

// ---------------------------------------------------------------------------
// Character codes

const NUM = String.raw`(?:0x[0-9a-fA-F]{1,6}|0o[0-7]{1,8}|\d{1,7})`;
const ELEMENT = String.raw`${NUM}(?:\s*[-+^]\s*${NUM})?`;

const ELEMENT_PARTS = new RegExp(String.raw`^\s*(${NUM})\s*(?:([-+^])\s*(${NUM}))?\s*$`);

function evalElement(expr: string): number | undefined {
  const m = ELEMENT_PARTS.exec(expr);
  if (!m) return undefined;
  const num = (s: string) => (s.startsWith('0o') ? parseInt(s.slice(2), 8) : Number(s));
  const a = num(m[1]!);
  if (!m[2]) return a;
  const b = num(m[3]!);
  return m[2] === '^' ? a ^ b : m[2] === '+' ? a + b : a - b;
}

const FROM_CHAR_CODE = new RegExp(String.raw`\bString\.fromCharCode\s*\(\s*(?:\.\.\.\s*\[)?\s*((?:${ELEMENT}\s*,\s*){2,}${ELEMENT})\s*\]?\s*\)`, 'g');
const CHR_CHAIN = new RegExp(String.raw`(?:\b(?:chr|Chr|ChrW|ChrB|char|Char|CHAR|unichr)\s*\(\s*${ELEMENT}\s*\)\s*(?:\+|\.|&|,|\|\|)?\s*){3,}`, 'g');
const PS_CHAR = new RegExp(String.raw`(?:\[char\]\s*\(?\s*${ELEMENT}\s*\)?\s*[+,]?\s*){3,}`, 'gi');
const ARRAY = new RegExp(String.raw`[[({]\s*((?:${NUM}\s*,\s*){5,}${NUM})\s*,?\s*[\])}]`, 'g');
// What makes a number array explicit character codes rather than data.
const ARRAY_CONTEXT_BEFORE = /(?:fromCharCode(?:\.apply\s*\(\s*\w+\s*,)?|\bchr|\bbytes|\bbytearray|Uint8Array|Buffer\.from|\[char\[\]\]|\[byte\[\]\]|map\s*\(\s*chr\s*,|\bpack\s*\([^)]{0,20},|\.decode\s*\(|TextDecoder\(\)\.decode|\bstr\s*\(\s*bytes|\bjoin\s*\(\s*(?:map|chr|\[)|-join|chr\s*\(\s*\w+\s*\)\s*for\s+\w+\s+in|fromCharCode\s*\(\s*\w+\s*\)\s*for\s+\w+\s+in)\s*\(?\s*(?:\[?\s*)?$/i;
const ARRAY_CONTEXT_AFTER = /^\s*\)?\s*(?:\.map\s*\([^)]{0,60}(?:fromCharCode|chr)|\)\s*\.decode\(|\.decode\(|\s*-join|\s*\|\s*%\s*\{\s*\[char\])/i;

export function charCodes(text: string, { spans, isCovered, add }: Collector): void {
  const emit = (start: number, end: number, codes: Array<number | undefined>, label: string, explicit: boolean, decoder?: string): void => {
    if (codes.some((c) => c === undefined) || overlaps(spans, start, end) || isCovered(start, end)) return;
    const decoded = decodeCharCodes(codes as number[]);
    if (decoded === undefined) return;
    const raw = text.slice(start, Math.min(end, start + 2000));
    const base = { start, end, method: 'encoded' as const, encoding: label, raw, rawLength: end - start, ...(decoder ? { decoder } : {}) };
    if (typeof decoded === 'string') {
      if (isText(decoded) && (explicit || meaningful(decoded))) add({ ...base, text: decoded });
      return;
    }
    const asText = bytesToText(decoded);
    // A byte array in an example (`Buffer.from([0x62, 0x75, …])` spelling "buffer") is data; one that says something is hidden text.
    const says = meaningful(asText ?? '');
    if (asText !== undefined && ((explicit && (codes.length >= 16 || says || label === 'character codes' && decoder !== undefined)) || (codes.length >= 8 && says))) add({ ...base, text: asText });
    // Bytes that are not text: only XOR or a runner nearby can make them a payload.
    else if (asText === undefined && codes.length >= 8) add({ ...base, binary: decoded, weak: true });
  };
  const each = (re: RegExp, visit: (m: RegExpExecArray) => void) => {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    let n = 0;
    while ((m = re.exec(text)) !== null && n++ < 2000) visit(m);
  };
  each(FROM_CHAR_CODE, (m) => emit(m.index, m.index + m[0].length, m[1]!.split(',').map(evalElement), 'character codes', true, 'String.fromCharCode'));
  each(CHR_CHAIN, (m) => {
    const codes = [...m[0].matchAll(new RegExp(String.raw`\(\s*(${ELEMENT})\s*\)`, 'g'))].map((x) => evalElement(x[1]!));
    emit(m.index, m.index + m[0].trimEnd().length, codes, 'character codes', true, 'chr()');
  });
  each(PS_CHAR, (m) => {
    const codes = [...m[0].matchAll(new RegExp(String.raw`\[char\]\s*\(?\s*(${ELEMENT})`, 'gi'))].map((x) => evalElement(x[1]!));
    emit(m.index, m.index + m[0].trimEnd().length, codes, 'character codes', true, '[char]');
  });
  each(ARRAY, (m) => {
    const before = text.slice(Math.max(0, m.index - 60), m.index + 1);
    const after = text.slice(m.index + m[0].length - 1, m.index + m[0].length + 80);
    let explicit = ARRAY_CONTEXT_BEFORE.test(before.slice(0, -1)) || ARRAY_CONTEXT_BEFORE.test(before) || ARRAY_CONTEXT_AFTER.test(after.slice(1));
    let decoder: string | undefined;
    // `codes = [99, …]` and, elsewhere, `String.fromCharCode(...codes)` or `"".join(map(chr, codes))`.
    const name = /(?:^|[^\w.$])\$?([A-Za-z_]\w*)\s*(?::\s*[\w[\], ]+)?=\s*(?:new\s+\w+\s*\(\s*|\w+\s*\(\s*)?[[({]$/.exec(before)?.[1];
    if (!explicit && name) {
      const use = new RegExp(String.raw`(?:fromCharCode\s*(?:\.apply\s*\(\s*\w+\s*,|\(\s*\.\.\.)|map\s*\(\s*chr\s*,|\b(?:bytes|bytearray|Uint8Array|Buffer\.from|TextDecoder\(\)\.decode)\s*\(|\[char\[\]\]\s*\$?)\s*${name}\b`).exec(text);
      if (use) {
        explicit = true;
        decoder = use[0].replace(/\s+/g, ' ');
      }
    }
    const codes = m[1]!.split(',').map(evalElement);
    emit(m.index, m.index + m[0].length, codes, explicit ? 'character codes' : 'a number array read as character codes', explicit, decoder);
  });
}

// ---------------------------------------------------------------------------
// XOR

const XOR_SITE = /(?:\^|\bxor\b|-bxor)\s*(?:\(\s*)?(0x[0-9a-fA-F]{1,2}\b|\d{1,3}\b|[A-Za-z_]\w*)/gi;
/** How many candidates may be tried against all 255 single-byte keys (each try is one pass over ≤ 4 KB). */
export const MAX_BRUTE_FORCE = 16;

interface XorSite {
  readonly offset: number;
  readonly keys: readonly Uint8Array[];
  /** The key is a name whose value is not written here: every single byte is tried. */
  readonly unknown: boolean;
}

function xorSites(text: string, assignments: ReadonlyMap<string, Chain>): XorSite[] {
  const sites: XorSite[] = [];
  // A name's numeric value, looked up once per name (a file can XOR with the same key hundreds of times).
  const numbers = new Map<string, RegExpExecArray | null>();
  XOR_SITE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = XOR_SITE.exec(text)) !== null && sites.length < 200) {
    const token = m[1]!;
    const keys: Uint8Array[] = [];
    // `c ^ ord(KEY[i % len(KEY)])`, `b ^ key.charCodeAt(i % key.length)`: the key is a name further in the expression.
    const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 40);
    for (const name of [token, ...(rest.match(/[A-Za-z_]\w*/g) ?? [])]) {
      const chain = assignments.get(name);
      if (name !== token && chain && chain.value.length > 0 && chain.value.length <= 64) keys.push(new TextEncoder().encode(chain.value));
    }
    if (/^(?:0x[0-9a-fA-F]+|\d+)$/.test(token)) {
      const k = Number(token);
      if (k > 0 && k < 256) keys.push(Uint8Array.of(k));
      sites.push({ offset: m.index, keys, unknown: false });
      continue;
    }
    if (!numbers.has(token)) numbers.set(token, new RegExp(String.raw`\b${token}\s*=\s*(0x[0-9a-fA-F]{1,2}|\d{1,3})\b`).exec(text));
    const numeric = numbers.get(token);
    if (numeric) {
      const k = Number(numeric[1]);
      if (k > 0 && k < 256) keys.push(Uint8Array.of(k));
    }
    const chain = assignments.get(token);
    if (chain && chain.value.length > 0 && chain.value.length <= 64) keys.push(new TextEncoder().encode(chain.value));
    sites.push({ offset: m.index, keys: keys.slice(0, 8), unknown: keys.length === 0 });
  }
  return sites;
}

/** Texts left to try every key on, and whether the last text asked for one when none were left. */
interface BruteForce {
  bruteForce: number;
  untried?: boolean;
}

function tryKeys(bytes: Uint8Array, sites: readonly XorSite[], budget: BruteForce): { text: string; key: Uint8Array } | undefined {
  for (const key of sites.flatMap((s) => s.keys).slice(0, 16)) {
    const text = bytesToText(xorBytes(bytes, key));
    if (text !== undefined && meaningful(text)) return { text, key };
  }
  if (!sites.some((s) => s.unknown) || bytes.length > 4096) return undefined;
  if (budget.bruteForce <= 0) {
    budget.untried = true;
    return undefined;
  }
  budget.bruteForce--;
  for (let k = 1; k < 256; k++) {
    const text = bytesToText(xorBytes(bytes, Uint8Array.of(k)));
    if (text !== undefined && meaningful(text)) return { text, key: Uint8Array.of(k) };
  }
  return undefined;
}

function keyLabel(key: Uint8Array): string {
  return key.length === 1 ? `0x${key[0]!.toString(16).padStart(2, '0')}` : JSON.stringify(new TextDecoder().decode(key));
}

/**
 * XOR with a key written nearby (`bytes(b ^ 0x5a for b in data)`, `c ^ key[i % len(key)]`):
 * encoded candidates near an XOR are tried with its key (or every single byte when the
 * key is a name with no literal value), and so are plain literals XORed character by character.
 */
export function applyXor(text: string, found: Found[], chains: readonly Chain[], assignments: ReadonlyMap<string, Chain>, { isCovered, add }: Collector): number | undefined {
  if (!/\^|\bxor\b/i.test(text)) return undefined;
  const sites = xorSites(text, assignments);
  if (sites.length === 0) return undefined;
  const budget: BruteForce = { bruteForce: MAX_BRUTE_FORCE };
  // The first text that asked for every key once the texts allowed were tried: harmless XORed texts before it must
  // not hide it unsaid (the obfuscation rule says where).
  let untriedFrom: number | undefined;
  const near = (offset: number) => sites.filter((s) => Math.abs(s.offset - offset) < 1500);
  for (let i = 0; i < found.length; i++) {
    const f = found[i]!;
    if (f.method !== 'encoded') continue;
    const close = near(f.start);
    if (close.length === 0) continue;
    const bytes = f.binary ?? (f.text !== undefined && f.text.length <= 4096 ? new TextEncoder().encode(f.text) : undefined);
    if (!bytes || bytes.length < 4) continue;
    const best = tryKeys(bytes, close, budget);
    if (budget.untried) untriedFrom ??= f.start;
    budget.untried = false;
    if (!best) continue;
    const { binary: _binary, weak: _weak, ...rest } = f;
    found[i] = { ...rest, text: best.text, encoding: `${f.encoding} + XOR key ${keyLabel(best.key)}`, decoder: f.decoder ?? 'XOR' };
  }
  // `"".join(chr(ord(c) ^ 7) for c in "dr{ts")`: a literal that is nonsense until XORed.
  for (const chain of chains) {
    if (chain.value.length < 4 || chain.value.length > 4096 || isCovered(chain.start, chain.end)) continue;
    const close = near(chain.start).filter((s) => s.keys.length > 0 && Math.abs(s.offset - chain.start) < 200);
    if (close.length === 0 || meaningful(chain.value)) continue;
    const best = tryKeys(new TextEncoder().encode(chain.value), close, { bruteForce: 0 });
    if (!best) continue;
    add({ start: chain.start, end: chain.end, method: 'encoded', encoding: `XOR key ${keyLabel(best.key)}`, raw: text.slice(chain.start, Math.min(chain.end, chain.start + 2000)), rawLength: chain.end - chain.start, text: best.text, decoder: 'XOR' });
  }
  return untriedFrom;
}
