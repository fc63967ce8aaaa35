// Finds what is encoded or obfuscated in one text and decodes it (in memory,
// bounded, never run): literals handed to a decoder (`b64decode("…")`,
// `Buffer.from("…", "hex")`, `echo … | base64 -d`, `"lruc"[::-1]`, `$u[-1..-$u.Length]`,
// `codecs.decode("…", "rot13")`), runs that decode to text by themselves
// (base64, hex, \x and \u escapes, %-escapes, <~ascii85~>), character codes
// (`String.fromCharCode(…)`, `chr(…)+chr(…)`, byte arrays), XOR with a key
// found nearby, words split to slip past filters (`'cu'+'rl'`, `c''url`,
// `"".join([…])`, `$a$b`), and prose written in ROT13 or backwards.
//
// Precision comes first: formats that carry binary data on purpose (data:
// images and fonts, PEM and SSH keys, integrity hashes, JWTs, Basic auth
// examples, digests, UUIDs) are left alone, and a run that decodes to no text
// counts only when something next to it would run it (decided in payloads.ts).
// The passes for character codes and XOR (char-codes.ts), for split words
// (split-words.ts) and for runs that decode by themselves (runs.ts) are their
// own files; what is data by design is data-spans.ts.
import { applyXor, charCodes, MAX_BRUTE_FORCE } from './char-codes.js';
import { protectedSpans, shelfOf, type Shelf } from './data-spans.js';
import { binaryKind, decodesFurther, decodeWith, type Codec } from './decode-value.js';
import { overlaps, type Collector, type FileClass, type Found, type Span } from './found.js';
import { assignmentsOf, chainsOf, literalsOf, MAX_LITERALS, type Chain } from './literals.js';
import { decodeInstructions, hiddenProseLines, type Instruction } from './prose.js';
import { sniffRuns } from './runs.js';
import { splitWords } from './split-words.js';
import { meaningful } from './words.js';

export type { FileClass, Found, Method } from './found.js';
export { shelfOf, type Shelf } from './data-spans.js';

const MAX_FOUND = 400;
const MAX_WEAK = 100;
const MAX_INSTRUCTED = 50;

// ---------------------------------------------------------------------------
// Decoders named next to a literal

const BEFORE = new RegExp(
  String.raw`(?:(?<base64>(?:\bbase64\.)?\b(?:b64decode|standard_b64decode|urlsafe_b64decode|decodebytes|decodestring|a2b_base64)|\batob|\bbase64_decode|FromBase64String|\b(?:strict_|urlsafe_)?decode64|getDecoder\(\)\s*\.decode|getMimeDecoder\(\)\s*\.decode|getUrlDecoder\(\)\s*\.decode|\bBase64\.decode|\bDecodeString|\bbase64ToString|\bb64d)` +
    String.raw`|(?<base32>\bb32decode)|(?<base85>\bb85decode)|(?<ascii85>\ba85decode)` +
    String.raw`|(?<hex>\b(?:fromhex|unhexlify|a2b_hex|b16decode|hex2bin|hexToString|hex_decode|hexdecode|DecodeHex|hexToBytes))` +
    String.raw`|(?<rot13>\b(?:str_rot13|rot13|rot_13))|(?<reversed>\b(?:strrev|reversed))` +
    String.raw`|(?<suffix>\bBuffer\.from|\bcodecs\.(?:decode|encode)|\bdecode))\s*\(\s*(?:b?['"]?\s*)?$` +
    String.raw`|(?<shell64>\bbase64\s+(?:-d|--decode|-D)\s*<<<\s*)$|(?<shellhex>\bxxd\s+-r\s+-p\s*<<<\s*)$` +
    String.raw`|(?<pwsh>\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,200}?\s-(?:e|ec|en|enc|enco|encod|encode|encoded|encodedc\w*)\s+)$`,
  'i',
);

const AFTER = new RegExp(
  String.raw`^(?:\s*,\s*['"](?<arg>base64|base64url|base_64|hex|rot13|rot_13|rot-13)['"]` +
    String.raw`|\s*\)?\s*\.decode\(\s*['"](?<pydecode>hex|base64|rot13|rot_13)['"]` +
    String.raw`|['"]?\s*\|\s*(?:(?<pipe64>base64\s+(?:-d|--decode|-D)|openssl\s+(?:enc\s+)?-?(?:base64|a)\s+-d)|(?<pipehex>xxd\s+-r\s+-p|xxd\s+-p\s+-r|xxd\s+-r)|(?<piperev>rev)\b|(?<pipetr>tr\s+['"]?(?:A-Za-z|a-zA-Z)['"]?\s+['"]?(?:N-ZA-Mn-za-m|n-za-mN-ZA-M)))` +
    String.raw`|(?<slice>\s*\)?\s*\[\s*::\s*-1\s*\])` +
    String.raw`|(?<jsrev>\s*\.split\(\s*(?:''|""|\x60\x60)\s*\)\s*\.reverse\(\)\s*\.join\()` +
    // PowerShell indexes a string backwards and joins the characters: `-join $u[-1..-($u.Length)]`, `$u[($u.Length-1)..0] -join ''`.
    String.raw`|(?<psrev>\[\s*(?:-1\s*\.\.\s*-\s*\(?\s*\$\w+\.(?:Length|Count)\s*\)?|\(?\s*\$\w+\.(?:Length|Count)\s*-\s*1\s*\)?\s*\.\.\s*0)\s*\]))`,
  'i',
);

function codecOfArg(arg: string): Codec | undefined {
  const a = arg.toLowerCase();
  if (a.startsWith('base')) return 'base64';
  if (a === 'hex') return 'hex';
  if (a.startsWith('rot')) return 'rot13';
  return undefined;
}

interface Hint {
  readonly codec: Codec;
  readonly name: string;
}

// Cheap tests first: the end-anchored BEFORE pattern is tried only where a call, a here-string or a flag ends.
const BEFORE_TAIL = /(?:\(\s*(?:b?['"]?\s*)?|<<<\s*|\s-\w+\s+['"]?)$/;
const AFTER_HEAD = /^['"]?\s*\)?\s*[,|.[]/;

function hintAround(text: string, start: number, end: number): Hint | undefined {
  const tail = text.slice(Math.max(0, start - 12), start);
  const before = BEFORE_TAIL.test(tail) ? text.slice(Math.max(start - 240, 0), start) : '';
  const after = text.slice(end, end + 120);
  const b = before ? BEFORE.exec(before) : null;
  const a = AFTER_HEAD.test(after) ? AFTER.exec(after) : null;
  const g = b?.groups ?? {};
  const ag = a?.groups ?? {};
  const bname = (b?.[0] ?? '').replace(/\s*\(\s*(?:b?['"]?\s*)?$/, '').trim();
  if (g.base64) return { codec: 'base64', name: bname };
  if (g.base32) return { codec: 'base32', name: bname };
  if (g.base85) return { codec: 'base85', name: bname };
  if (g.ascii85) return { codec: 'ascii85', name: bname };
  if (g.hex) return { codec: 'hex', name: bname };
  if (g.rot13) return { codec: 'rot13', name: bname };
  if (g.reversed) return { codec: 'reversed', name: bname };
  if (g.shell64) return { codec: 'base64', name: 'base64 -d <<<' };
  if (g.shellhex) return { codec: 'hex', name: 'xxd -r -p <<<' };
  if (g.pwsh) return { codec: 'base64', name: 'powershell -EncodedCommand' };
  // `Buffer.from(x, 'base64')`, `codecs.decode(x, 'rot13')`: the codec argument counts only after such a call
  // (a list of encoding names, `['binary', 'base64']`, is not a decode).
  if (ag.arg && g.suffix) {
    const codec = codecOfArg(ag.arg);
    if (codec) return { codec, name: `${g.suffix}(…, '${ag.arg}')` };
  }
  if (ag.pydecode) {
    const codec = codecOfArg(ag.pydecode);
    if (codec) return { codec, name: `.decode('${ag.pydecode}')` };
  }
  if (ag.pipe64) return { codec: 'base64', name: `| ${ag.pipe64}` };
  if (ag.pipehex) return { codec: 'hex', name: `| ${ag.pipehex}` };
  if (ag.piperev) return { codec: 'reversed', name: '| rev' };
  if (ag.pipetr) return { codec: 'rot13', name: `| ${ag.pipetr}` };
  if (ag.slice) return { codec: 'reversed', name: '[::-1]' };
  if (ag.jsrev) return { codec: 'reversed', name: ".split('').reverse().join('')" };
  if (ag.psrev) return { codec: 'reversed', name: `[${ag.psrev.slice(1, -1).replace(/\s+/g, '')}] -join (PowerShell)` };
  return undefined;
}

// ---------------------------------------------------------------------------
// The finder

/** Whether the text sits next to zlib/gzip decompression (then raw deflate is tried too). */
const DECOMPRESS = /\b(?:zlib|gzip|gunzip|inflate(?:Raw)?(?:Sync)?|decompress|DeflateStream|GZipStream)\b/i;

export interface Scan {
  readonly found: Found[];
  readonly instructions: Instruction[];
  readonly shelf: Shelf;
  /** Where the first encoded text left undecoded at MAX_FOUND or MAX_WEAK starts, if any: said, never silent. */
  readonly unreadFrom?: number;
  /** Where the first instruction to decode past MAX_INSTRUCTED starts, if any: its block was not read. */
  readonly instructedUnreadFrom?: number;
  /** Where the last literal read ends when literals.ts stopped at MAX_LITERALS with quotes after it. */
  readonly literalsUnreadAfter?: number;
  /** Where the first encoded text starts that every XOR key was not tried on (MAX_BRUTE_FORCE texts were), if any. */
  readonly xorUntriedFrom?: number;
}

/** How many encoded texts a file has decoded at most (the rule that says so names the numbers). */
export const FOUND_PER_FILE = { strong: MAX_FOUND, weak: MAX_WEAK, instructed: MAX_INSTRUCTED, literals: MAX_LITERALS, xorKeysTried: MAX_BRUTE_FORCE };

export function scanText(text: string, file: FileClass): Scan {
  const shelf = shelfOf(file, text);
  const instructions = decodeInstructions(text);
  const { spans, textUris } = protectedSpans(text);
  const found: Found[] = [];
  const covered: Span[] = [];
  const rawDeflate = DECOMPRESS.test(text);
  // Weak candidates (binary, found by look) have their own allowance: a file of byte arrays must not crowd out the payloads.
  let weak = 0;
  let strong = 0;
  // Harmless encoded texts that fill the allowance must not hide the one after them without a word.
  let unreadFrom: number | undefined;
  const add = (f: Found): void => {
    if (f.weak ? weak++ >= MAX_WEAK : strong++ >= MAX_FOUND) {
      unreadFrom = Math.min(unreadFrom ?? f.start, f.start);
      return;
    }
    found.push(f);
    covered.push([f.start, f.end]);
  };
  const isCovered = (start: number, end: number): boolean => covered.some(([s, e]) => start < e && end > s);
  const collector: Collector = { spans, add, isCovered };

  const literals = literalsOf(text);
  const chains = chainsOf(text, literals);
  const assignments = assignmentsOf(text, chains);
  const variableOf = new Map<Chain, string>();
  for (const [name, chain] of assignments) variableOf.set(chain, name);

  // data: URIs of text, HTML or script: decoded as the browser would.
  for (const uri of textUris) {
    const decoded = decodeWith('base64', uri.value);
    if (decoded?.text !== undefined) add({ start: uri.start, end: uri.end, method: 'encoded', encoding: 'base64', raw: uri.value.slice(0, 2000), rawLength: uri.value.length, text: decoded.text, decoder: `a data:${uri.mime} URI` });
  }

  // 1. Literals handed to a decoder, directly or through the name they are assigned to.
  const hinted = (chain: Chain, hint: Hint, decoderAt?: string): void => {
    if (overlaps(spans, chain.start, chain.end) || isCovered(chain.start, chain.end)) return;
    const value = chain.value.trim();
    const decoded = decodeWith(hint.codec, value, rawDeflate);
    if (!decoded) return;
    // Reversing or rotating any literal gives text: keep it when the result says something or decodes further.
    if ((hint.codec === 'rot13' || hint.codec === 'reversed') && !(decoded.text !== undefined && (meaningful(decoded.text) || decodesFurther(decoded.text)))) return;
    if (decoded.text === undefined && (decoded.binary?.length ?? 0) < 4) return;
    const kind = decoded.binary ? binaryKind(decoded.binary) : undefined;
    // Decoded images, fonts and sounds are data, whatever decodes them.
    if (kind?.kind === 'media') return;
    const variable = variableOf.get(chain);
    add({
      start: chain.start,
      end: chain.end,
      method: 'encoded',
      encoding: decoded.label,
      // The blob as its characters, without the quotes around it.
      raw: value.slice(0, 2000),
      rawLength: value.length,
      ...(decoded.text !== undefined ? { text: decoded.text } : { binary: decoded.binary! }),
      decoder: decoderAt ?? hint.name,
      ...(variable ? { variable } : {}),
      ...(kind ? { encoding: `${decoded.label} (${kind.label})` } : {}),
      // Bytes a decoder turns into bytes (a magic number, a test vector, a key) are only a payload next to a runner;
      // a program (ELF, PE, WebAssembly, a pickle) is one whatever runs it.
      ...(decoded.binary && kind?.kind !== 'program' ? { weak: true } : {}),
    });
  };
  for (const chain of chains) {
    const hint = hintAround(text, chain.start, chain.end);
    if (hint) hinted(chain, hint);
  }
  // `b64decode(PAYLOAD)` with PAYLOAD assigned a literal elsewhere in the text.
  if (assignments.size > 0) {
    // A name used as an argument (`b64decode(PAYLOAD)`), or a PowerShell variable indexed backwards (`$u[-1..`, `$u[($u.`).
    const call = new RegExp(String.raw`\b([A-Za-z_]\w*)\s*(?=[),]|\[\s*(?:-1\s*\.\.|\(?\s*\$))`, 'g');
    let m: RegExpExecArray | null;
    while ((m = call.exec(text)) !== null) {
      const chain = assignments.get(m[1]!);
      if (!chain) continue;
      const hint = hintAround(text, m.index, m.index + m[0].length);
      if (hint) hinted(chain, hint, `${hint.name}(${m[1]})`);
    }
  }
  // Bare shell words: `echo Y3Vy… | base64 -d`, `powershell -enc SQBF…`.
  {
    const bare = /(?:\b(?:echo|printf)(?:\s+-[neE]+)*\s+|<<<\s*|\s-(?:e|ec|en|enc\w*)\s+)([A-Za-z0-9+/_=-]{4,131072})(?=[\s'"|;)]|$)/gi;
    let m: RegExpExecArray | null;
    while ((m = bare.exec(text)) !== null) {
      const start = m.index + m[0].length - m[1]!.length;
      const end = start + m[1]!.length;
      const hint = hintAround(text, start, end);
      if (hint) hinted({ start, end, pieces: [], value: m[1]! }, hint);
    }
  }

  // 2. Character codes: String.fromCharCode(…), chr(…)+chr(…), [char]…, byte arrays.
  charCodes(text, collector);

  // 3. Runs that decode to text on their own.
  sniffRuns(text, collector, shelf, rawDeflate, chains);

  // 4. XOR with a key written nearby.
  const xorUntriedFrom = applyXor(text, found, chains, assignments, collector);

  // 5. Words split to slip past filters.
  splitWords(text, chains, literals, collector);

  // 6. Prose in ROT13 or backwards, and blocks an instruction says are encoded.
  for (const line of hiddenProseLines(text)) {
    if (isCovered(line.start, line.end)) continue;
    add({ start: line.start, end: line.end, method: 'prose', encoding: line.encoding === 'rot13' ? 'ROT13' : 'reversed text', raw: text.slice(line.start, Math.min(line.end, line.start + 2000)), rawLength: line.end - line.start, text: line.decoded });
  }
  // Each instruction reads the block after it; a file of a thousand instructions gets the first few looked at.
  for (const instruction of instructions.slice(0, MAX_INSTRUCTED)) instructedBlock(text, instruction, collector);

  const instructedUnreadFrom = instructions[MAX_INSTRUCTED]?.offset;
  const lastLiteral = literals.length >= MAX_LITERALS ? literals[literals.length - 1]!.end : undefined;
  const literalsUnreadAfter = lastLiteral !== undefined && /["'`]/.test(text.slice(lastLiteral)) ? lastLiteral : undefined;
  return {
    found: found.sort((a, b) => a.start - b.start),
    instructions,
    shelf,
    ...(unreadFrom !== undefined ? { unreadFrom } : {}),
    ...(instructedUnreadFrom !== undefined ? { instructedUnreadFrom } : {}),
    ...(literalsUnreadAfter !== undefined ? { literalsUnreadAfter } : {}),
    ...(xorUntriedFrom !== undefined ? { xorUntriedFrom } : {}),
  };
}

// ---------------------------------------------------------------------------
// Blocks an instruction says are encoded

function instructedBlock(text: string, instruction: Instruction, { spans, isCovered, add }: Collector): void {
  // The rest of the instruction's line after a colon, or the lines that follow it (a paragraph or a fenced block).
  const lineEnd = text.indexOf('\n', instruction.offset + instruction.length);
  const rest = text.slice(instruction.offset + instruction.length, lineEnd < 0 ? text.length : lineEnd);
  let start: number;
  let block: string;
  const colon = rest.indexOf(':');
  if (colon >= 0 && rest.slice(colon + 1).trim().length >= 8) {
    const inner = rest.slice(colon + 1);
    start = instruction.offset + instruction.length + colon + 1 + (inner.length - inner.trimStart().length);
    block = inner.trim();
  } else {
    if (lineEnd < 0) return;
    const after = text.slice(lineEnd + 1, lineEnd + 1 + 8192);
    const lines = after.split('\n');
    let i = 0;
    while (i < lines.length && lines[i]!.trim() === '') i++;
    if (i < lines.length && /^\s*(?:```|~~~)/.test(lines[i]!)) i++;
    const first = i;
    while (i < lines.length && lines[i]!.trim() !== '' && !/^\s*(?:```|~~~)/.test(lines[i]!) && i - first < 30) i++;
    if (i === first) return;
    start = lineEnd + 1 + lines.slice(0, first).reduce((n, l) => n + l.length + 1, 0);
    block = lines.slice(first, i).join('\n');
  }
  const end = start + block.length;
  if (block.trim().length < 4 || overlaps(spans, start, end) || isCovered(start, start + (block.split('\n', 1)[0]?.length ?? 0))) return;
  const codecs: Codec[] = instruction.encoding ? [instruction.encoding as Codec] : ['base64', 'hex', 'ascii85', 'base85', 'rot13', 'reversed'];
  // The whole block, or its first line alone (the paragraph may go on in plain words).
  const firstLine = block.split('\n', 1)[0]!;
  for (const piece of firstLine.length < block.length ? [block, firstLine] : [block]) {
    const value = piece.replace(/^[\s>`"']+|[\s`"']+$/g, '');
    for (const codec of codecs) {
      const decoded = decodeWith(codec, codec === 'base64' || codec === 'hex' ? value.replace(/\s+/g, '') : value);
      if (!decoded?.text) continue;
      // ROT13 and reversal turn any text into text: keep them only when the result reads better.
      if ((codec === 'rot13' || codec === 'reversed') && !meaningful(decoded.text)) continue;
      add({ start, end: start + piece.length, method: 'encoded', encoding: decoded.label, raw: piece.slice(0, 2000), rawLength: piece.length, text: decoded.text, decoder: `the instruction "${instruction.quote.slice(0, 80)}"` });
      return;
    }
  }
}
