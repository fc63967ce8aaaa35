// What each encoded thing in a text is next to, and so how serious it is: a
// runner (exec, eval, `| sh`, pickle.loads, powershell -enc …) in the same
// region, or prose telling the model to decode and obey, makes it an error; so
// does a decoded text that is itself code that runs things or an injection,
// or a payload inside it that is. What it decodes to is analysed the same way,
// a few layers deep, and becomes text every other rule reads (sources.ts).
import { LineIndex, type DecodedOrigin, type SourceKind, type TextSource } from '../rules/context.js';
import { scanText, type FileClass, type Found } from './find.js';
import type { Instruction } from './prose.js';
import { dangerousText } from './words.js';

/** A blob inside a blob is decoded up to this many layers. */
export const MAX_DEPTH = 3;
/** Decoded text analysed (and handed to the rules) per source, all layers together. */
export const MAX_DECODED_PER_SOURCE = 1_000_000;

export interface Evidence {
  readonly kind: 'runner' | 'instruction' | 'nested' | 'dangerous' | 'decoder';
  /** 1-based line in the analysed text. */
  readonly line?: number;
  readonly quote: string;
}

export interface Payload {
  readonly found: Found;
  /** 1-based line and column of the blob in the analysed text. */
  readonly line: number;
  readonly column: number;
  readonly severity: 'error' | 'warning';
  readonly evidence: readonly Evidence[];
  /** What the decoded text holds, analysed the same way. */
  readonly inner?: Analysis;
}

export interface Analysis {
  readonly payloads: readonly Payload[];
  /** The 1-based line of the first encoded text left undecoded (find.ts's allowance was full), if any. */
  readonly unreadFromLine?: number;
  /** The 1-based line of the first instruction to decode whose block was not read, if any. */
  readonly instructedUnreadFromLine?: number;
  /** The 1-based line of the last string literal read when there were more, if any. */
  readonly literalsUnreadAfterLine?: number;
  /** The 1-based line of the first encoded text every XOR key was not tried on, if any. */
  readonly xorUntriedFromLine?: number;
  /**
   * The first blob of this text whose decoded text (or text decoded from that, at any depth) met one of the bounds
   * above, and which: padding inside an encoded text must not hide what follows it unsaid either.
   */
  readonly decodedUnread?: { readonly line: number; readonly bound: UnreadBound };
}

/** Which bound stopped the reading of a text: encoded texts decoded, instructions to decode, string literals. */
export type UnreadBound = 'encoded' | 'instructed' | 'literals' | 'xor' | 'layers' | 'allowance';

/**
 * Whether the text decoded at the last layer read holds an encoded text of its own, which is not decoded: base64
 * four times over must not pass as three layers of nothing. A blob found by its look alone is no such text.
 */
function holdsMoreLayers(text: string, file: FileClass): boolean {
  return scanText(text, file).found.some((f) => f.text !== undefined && !f.weak);
}

/** The bound met in this analysis or in a text decoded from it, if any. */
function boundMet(a: Analysis): UnreadBound | undefined {
  if (a.unreadFromLine !== undefined) return 'encoded';
  if (a.instructedUnreadFromLine !== undefined) return 'instructed';
  if (a.literalsUnreadAfterLine !== undefined) return 'literals';
  if (a.xorUntriedFromLine !== undefined) return 'xor';
  return a.decodedUnread?.bound;
}

// Code that runs what it is given. Case matters for the code forms (`Function(` is not `function (`);
// a method call `.exec(` is a regex in JavaScript, so the bare call is what counts (child_process is named on its own).
const RUNNERS = new RegExp(
  [
    String.raw`(?<![.\w$])(?:exec|eval|execfile|compile|system|popen|spawn|spawnSync|execSync|execFileSync|shell_exec|passthru|proc_open|getoutput|getstatusoutput)\s*\(`,
    String.raw`\bnew\s+Function\s*\(|(?<![.\w$])Function\s*\(`,
    String.raw`\b(?:marshal|pickle|cPickle|dill|cloudpickle|jsonpickle)\.loads?\s*\(|\byaml\.unsafe_load\s*\(`,
    String.raw`\b(?:subprocess\.\w+|child_process|os\.system|os\.popen|os\.exec\w*|pty\.spawn|Runtime\.getRuntime\(\)\.exec|ProcessBuilder|WScript\.Shell|Shell\.Application|ctypes\.(?:windll|cdll|CDLL|CFUNCTYPE|memmove|cast)|VirtualAlloc|CreateThread|mmap\.PROT_EXEC|PROT_EXEC|__import__|importlib\.import_module|WebAssembly\.instantiate|vm\.run\w*|runInNewContext|runInThisContext)\b`,
    String.raw`\|\s*(?:sudo\s+)?(?:\S*\/)?(?:ba|z|k|da)?sh\b|\|\s*(?:python[0-9.]*|perl|ruby|php)(?:\s+-)?(?=\s*(?:$|[;&|)]|-\s))`,
    String.raw`\b(?:ba|z|k|da)?sh\s+-c\b|\bpython[0-9.]*\s+-c\b|\bnode\s+-e\b|\bperl\s+-e\b|\bruby\s+-e\b|\bphp\s+-r\b`,
    String.raw`\beval\s+["'$\x60]|\bsource\s+<\(|(?:^|[;&|]\s*)\.\s+<\(`,
    String.raw`\bdocument\.write\s*\(|\.innerHTML\s*=`,
  ].join('|'),
  'gm',
);
const RUNNERS_ANY_CASE = /\b(?:invoke-expression|iex|start-process|invoke-command|\[scriptblock\]::create|add-type|\[reflection\.assembly\]::load)\b|\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,200}\s-(?:e|ec|en|enc\w*)\s/gi;

const DECODERS = /\b(?:b64decode|b32decode|b85decode|a85decode|b16decode|decodebytes|fromhex|unhexlify|a2b_\w+|atob|FromBase64String|base64_decode|decode64|fromCharCode|zlib\.decompress|gzip\.decompress|inflateSync|gunzipSync|inflateRawSync|codecs\.decode|str_rot13|xxd\s+-r|base64\s+(?:-d|--decode|-D))\b/g;

/** Region around a blob that counts as "next to it": the same snippet, function or paragraph. */
const REGION_LINES = 10;
const REGION_CHARS = 2000;
const INSTRUCTION_BEFORE = 20;
const INSTRUCTION_AFTER = 10;

interface Budget {
  chars: number;
}

function firstMatch(text: string, from: number, to: number, patterns: readonly RegExp[]): { offset: number; quote: string } | undefined {
  let best: { offset: number; quote: string } | undefined;
  const slice = text.slice(from, to);
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    const m = pattern.exec(slice);
    if (m && (!best || m.index + from < best.offset)) best = { offset: m.index + from, quote: m[0].trim() };
  }
  return best;
}

/** The text with every found span blanked (line breaks kept): a blob's own letters must not read as a runner. */
function masked(text: string, found: readonly Found[]): string {
  if (found.length === 0) return text;
  let out = '';
  let at = 0;
  for (const f of found) {
    if (f.start < at) continue;
    const span = text.slice(f.start, f.end);
    out += text.slice(at, f.start) + (span.includes('\n') ? span.replace(/[^\n]/g, ' ') : ' '.repeat(span.length));
    at = f.end;
  }
  return out + text.slice(at);
}

/** The 1-based line of an offset (no column: counting columns out of order on a long line is slow). */
function lineOf(index: LineIndex, offset: number): number {
  let lo = 1;
  let hi = index.lineCount;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (index.lineStart(mid) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function lineQuote(text: string, offset: number, quote: string): string {
  const before = text.slice(Math.max(0, offset - 200), offset);
  const after = text.slice(offset, offset + 200);
  const back = before.lastIndexOf('\n');
  const next = after.indexOf('\n');
  if ((back < 0 && offset > 200) || (next < 0 && offset + 200 < text.length)) return quote.slice(0, 120);
  const line = (before.slice(back + 1) + after.slice(0, next < 0 ? after.length : next)).trim();
  return line.length <= 120 ? line : quote.slice(0, 120);
}

export function analyseText(text: string, file: FileClass, depth: number, budget: Budget): Analysis {
  const scan = scanText(text, file);
  const lines = scan.instructedUnreadFrom !== undefined || scan.literalsUnreadAfter !== undefined || scan.xorUntriedFrom !== undefined ? new LineIndex(text) : undefined;
  const instructedUnread = {
    ...(scan.instructedUnreadFrom !== undefined ? { instructedUnreadFromLine: lines!.position(scan.instructedUnreadFrom).line } : {}),
    ...(scan.literalsUnreadAfter !== undefined ? { literalsUnreadAfterLine: lines!.position(scan.literalsUnreadAfter).line } : {}),
    ...(scan.xorUntriedFrom !== undefined ? { xorUntriedFromLine: lines!.position(scan.xorUntriedFrom).line } : {}),
  };
  if (scan.found.length === 0) return { payloads: [], ...instructedUnread };
  const index = new LineIndex(text);
  const plain = masked(text, scan.found);
  // Lines of the instructions, once (the index answers fastest in increasing order).
  const instructionLines = scan.instructions.map((i: Instruction) => ({ line: lineOf(index, i.offset), quote: i.quote }));
  const payloads: Payload[] = [];
  let decodedUnread: Analysis['decodedUnread'];
  for (const found of scan.found) {
    const start = index.position(found.start);
    const endLine = lineOf(index, Math.max(found.start, found.end - 1));
    // Ten lines either side, and no more than a few thousand characters: a minified line is not one region.
    const toLine = endLine + REGION_LINES + 1;
    const from = Math.max(index.lineStart(Math.max(1, start.line - REGION_LINES)), found.start - REGION_CHARS);
    const to = Math.min(toLine > index.lineCount ? text.length : index.lineStart(toLine), found.end + REGION_CHARS);
    const evidence: Evidence[] = [];

    const runner = firstMatch(plain, from, to, [RUNNERS, RUNNERS_ANY_CASE]);
    if (runner) evidence.push({ kind: 'runner', line: lineOf(index, runner.offset), quote: lineQuote(text, runner.offset, runner.quote) });
    // A literal assigned to a name counts as next to whatever runs that name, anywhere in the text.
    if (!runner && found.variable) {
      const use = new RegExp(String.raw`^.*\b${found.variable}\b.*$`, 'gm');
      let m: RegExpExecArray | null;
      while ((m = use.exec(plain)) !== null) {
        const hit = firstMatch(m[0], 0, m[0].length, [RUNNERS, RUNNERS_ANY_CASE]);
        if (hit) {
          evidence.push({ kind: 'runner', line: lineOf(index, m.index), quote: m[0].trim().slice(0, 120) });
          break;
        }
      }
    }
    const instruction = instructionLines.find((i) => i.line >= start.line - INSTRUCTION_BEFORE && i.line <= endLine + INSTRUCTION_AFTER);
    if (instruction) evidence.push({ kind: 'instruction', line: instruction.line, quote: instruction.quote });

    let inner: Analysis | undefined;
    // Past the last layer or the allowance the decoded text is not analysed: said (decodedUnread), never silent.
    if (found.text !== undefined && depth >= MAX_DEPTH - 1) {
      if (!decodedUnread && holdsMoreLayers(found.text, file)) decodedUnread = { line: start.line, bound: 'layers' };
    } else if (found.text !== undefined && budget.chars < found.text.length) {
      if (!decodedUnread) decodedUnread = { line: start.line, bound: 'allowance' };
    } else if (found.text !== undefined) {
      budget.chars -= found.text.length;
      inner = analyseText(found.text, file, depth + 1, budget);
      const bound = boundMet(inner);
      if (bound && !decodedUnread) decodedUnread = { line: start.line, bound };
      const serious = inner.payloads.find((p) => p.severity === 'error');
      if (serious) evidence.push({ kind: 'nested', quote: serious.found.encoding });
      if (inner.payloads.length === 0) inner = undefined;
    }
    const danger = found.text !== undefined ? dangerousText(found.text) : undefined;
    if (danger) evidence.push({ kind: 'dangerous', quote: danger });
    if (found.decoder) evidence.push({ kind: 'decoder', quote: found.decoder });
    else {
      const decoder = firstMatch(plain, from, to, [DECODERS]);
      if (decoder) evidence.push({ kind: 'decoder', line: lineOf(index, decoder.offset), quote: decoder.quote });
    }

    const runs = evidence.some((e) => e.kind === 'runner' || e.kind === 'instruction');
    // Found by its look alone and no text: only a payload when something runs it.
    if (found.weak && !runs) continue;
    // Lock files and bundled assets carry hashes and inline data by design; data files carry binary blobs.
    if ((scan.shelf === 'lockfile' || scan.shelf === 'asset') && !runs) continue;
    if (scan.shelf === 'data' && found.binary && !runs && !found.decoder) continue;
    const severity = runs || evidence.some((e) => e.kind === 'nested' || e.kind === 'dangerous') ? 'error' : 'warning';
    payloads.push({ found, line: start.line, column: start.column, severity, evidence, ...(inner ? { inner } : {}) });
  }
  return { payloads, ...(scan.unreadFrom !== undefined ? { unreadFromLine: index.position(scan.unreadFrom).line } : {}), ...instructedUnread, ...(decodedUnread ? { decodedUnread } : {}) };
}

const cache = new WeakMap<TextSource, Analysis>();
/** The line of the first blob whose decoded text was not handed to the rules (the skill's allowance was spent). */
const unreadDecoded = new WeakMap<TextSource, number>();

/** Where decoded text of this source stopped being handed to the rules, if it did: said, never silent. */
export function decodedUnreadFrom(source: TextSource): number | undefined {
  return unreadDecoded.get(source);
}

function fileOf(source: TextSource): FileClass {
  return { path: source.path, kind: source.decodedFrom?.parentKind ?? source.kind };
}

/** The payloads of one text source (cached: the sources and the rule ask for the same one). */
export function payloadsOf(source: TextSource): Analysis {
  let analysis = cache.get(source);
  if (!analysis) {
    analysis = analyseText(source.text, fileOf(source), source.decodedFrom?.depth ?? 0, { chars: MAX_DECODED_PER_SOURCE });
    cache.set(source, analysis);
  }
  return analysis;
}

function describeDecoding(origin: DecodedOrigin, found: Found): string {
  if (found.method === 'split') return 'split words joined';
  return `decoded from ${origin.encoding}`;
}

/**
 * The decoded texts of a source, every layer, as text sources the rules scan
 * like files. Each carries where its blob is in the original file, so its
 * findings point there.
 */
export function decodedSourcesOf(source: TextSource, budget: { count: number; chars: number }): TextSource[] {
  const out: TextSource[] = [];
  const walk = (parent: TextSource, analysis: Analysis): void => {
    for (const payload of analysis.payloads) {
      const text = payload.found.text;
      if (text === undefined) continue;
      if (budget.count <= 0 || budget.chars < text.length) {
        if (!unreadDecoded.has(source)) unreadDecoded.set(source, parent.decodedFrom?.line ?? payload.line);
        return;
      }
      budget.count--;
      budget.chars -= text.length;
      const up = parent.decodedFrom;
      const origin: DecodedOrigin = up
        ? { ...up, encoding: `${up.encoding}, then ${payload.found.encoding}`, depth: up.depth + 1 }
        : { line: payload.line, column: payload.column, ...(parent.field !== undefined ? { field: parent.field } : {}), encoding: payload.found.encoding, parentKind: parent.kind as SourceKind, depth: 1 };
      const rootField = up ? up.field : parent.field;
      const how = describeDecoding(origin, payload.found);
      const child: TextSource = { fileUri: parent.fileUri, path: parent.path, text, kind: 'decoded', field: rootField !== undefined ? `${rootField}, ${how}` : how, decodedFrom: origin };
      if (payload.inner) cache.set(child, payload.inner);
      else cache.set(child, { payloads: [] });
      out.push(child);
      if (payload.inner) walk(child, payload.inner);
    }
  };
  walk(source, payloadsOf(source));
  return out;
}
