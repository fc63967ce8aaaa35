// The code layer's entry: finds the code in a skill, parses each snippet with
// its grammar (bounded in size and time, trees freed at once), reads it for
// facts, follows code inside code (heredocs, `bash -c`, strings given to
// exec) and records which parts of each file were read as code, so the text
// patterns only judge what is prose. Pure apart from the loaded grammars:
// safe in a worker pool, and nothing is ever run.
import type { Node, Parser as ParserType, Tree } from 'web-tree-sitter';
import { Parser } from 'web-tree-sitter';
import { append } from '../../../shared/append.js';
import { lineIndexOf, type RiskContext, type TextSource } from '../rules/context.js';
import type { CodeFacts } from './facts.js';
import { findCode, type ConfigText } from './find-snippets.js';
import { Flow, named } from './flow.js';
import { currentGrammars, LANGUAGE_NAMES, type CodeLanguage, type Grammars } from './grammars.js';
import { analyzeJavaScript } from './javascript.js';
import { analyzePowerShell } from './powershell.js';
import { readBatch } from './batch.js';
import { analyzePython } from './python.js';
import { proseRanges } from './prose-ranges.js';
import { analyzeShell } from './shell.js';
import type { Snippet } from './snippet.js';

export interface SnippetAnalysis {
  readonly snippet: Snippet;
  readonly facts: CodeFacts;
}

/** Something the reviewer should know about how the code was read (a limit, a grammar that did not load). */
export interface CodeNote {
  readonly source: TextSource;
  readonly offset: number;
  readonly message: string;
}

export interface CodeAnalysis {
  readonly snippets: SnippetAnalysis[];
  /** Per source, the sorted ranges read as code without a syntax error: the text patterns skip them. */
  readonly covered: Map<TextSource, Array<readonly [number, number]>>;
  /**
   * Per source, what the intent families skip: the ranges of scripts and code blocks read as code
   * (not inline code spans, which are part of a sentence, nor configuration values).
   */
  readonly codeBlocks: Map<TextSource, Array<readonly [number, number]>>;
  /** Per source, the comments and sentence-like string literals inside that code: words a model reads. */
  readonly proseInCode: Map<TextSource, Array<readonly [number, number]>>;
  readonly notes: CodeNote[];
  readonly configs: ConfigText[];
}

/** Code longer than this is cut (at a line end) and the rest left to the text patterns. */
export const MAX_SNIPPET_CHARS = 256 * 1024;
/** All the code of one skill read as code, at most. */
export const MAX_SKILL_CODE_CHARS = 4 * 1024 * 1024;
const MAX_SNIPPETS = 3000;
const MAX_NESTING = 3;
/**
 * Text decoded from a blob that does not parse as code, at most, in one skill: past it, decoded text is left to the
 * text patterns. Why: tree-sitter's error recovery on prose costs some milliseconds per kilobyte, and a few hundred
 * bytes of compressed base64 decode to 60,000 characters of it — a file of 15 such texts took 50 s of parsing (the
 * decoder's own allowance is 1,000,000 characters a file, and the skill's code budget 4 MiB).
 */
export const MAX_DECODED_UNPARSED_CHARS = 128 * 1024;
/** A parse that runs longer than this is given up (a safety net; sizes are bounded first). */
const PARSE_DEADLINE_MS = 5000;

// First words that make an unlabelled block a command rather than prose that happens to parse.
const KNOWN_COMMANDS = new Set(
  `curl wget bash sh zsh dash ksh source eval exec sudo doas env export set unset echo printf cat head tail tee cp mv rm mkdir rmdir ln ls cd pwd chmod chown touch find grep sed awk cut sort uniq tr xargs tar zip unzip gzip gunzip base64 xxd openssl ssh scp rsync git npm npx pnpm yarn node python python3 pip pip3 pipx uv poetry make cmake cargo go rustup docker podman kubectl helm terraform brew apt apt-get yum dnf apk pacman snap systemctl service crontab nc ncat netcat socat telnet nohup kill pkill ps whoami id uname hostname dig nslookup ping sleep true false test read while for if case function deno bun perl ruby php pwsh powershell iex gh aws gcloud az jq yq mkfifo exec printenv history security launchctl osascript open xdg-open`.split(
    ' ',
  ),
);

const cache = new WeakMap<RiskContext, CodeAnalysis>();

/** The code analysis of one review, computed once however many rules ask for it. */
export function codeOf(ctx: RiskContext): CodeAnalysis {
  let analysis = cache.get(ctx);
  if (!analysis) {
    analysis = analyzeCode(ctx.sources, currentGrammars());
    cache.set(ctx, analysis);
  }
  return analysis;
}

function analyzerFor(language: CodeLanguage): (roots: readonly Node[], flow: Flow) => void {
  switch (language) {
    case 'bash':
      return analyzeShell;
    case 'python':
      return analyzePython;
    case 'powershell':
      return analyzePowerShell;
    default:
      return analyzeJavaScript;
  }
}

function where(snippet: Snippet): string {
  return snippet.origin === 'file' ? snippet.source.path : `${snippet.label} in ${snippet.source.path}`;
}

/**
 * Code longer than this is parsed in pieces of about this size, cut where a top-level statement starts after a
 * blank line, each piece parsed over its range of the whole text (tree-sitter's includedRanges: offsets stay the
 * snippet's) and all walked in order with one flow, so a variable set in one piece is known in the next. Why: a
 * syntax error near the top of a long file (a file that starts in the middle of a statement) makes tree-sitter
 * recover into one ERROR node over the rest, and that recovery is quadratic in its size — a 110 KB script took
 * 1–2 s to parse whole and 0.1 s in pieces. The pieces keep an error to its own piece.
 */
export const PARSE_PIECE_CHARS = 16 * 1024;

interface Piece {
  readonly startIndex: number;
  readonly endIndex: number;
  readonly startPosition: { row: number; column: number };
  readonly endPosition: { row: number; column: number };
}

/** Where a piece that starts at `start` ends: after a blank line before a line that starts a statement at column 0, else at a line end. */
function pieceEnd(text: string, start: number): number {
  const from = start + PARSE_PIECE_CHARS;
  if (from >= text.length) return text.length;
  const limit = Math.min(text.length, from + PARSE_PIECE_CHARS);
  // A bounded search: a file without blank lines must not be scanned to its end for every piece.
  for (let i = text.indexOf('\n\n', from); i !== -1 && i < limit; i = text.indexOf('\n\n', i + 1)) {
    if (/[A-Za-z_@#$]/.test(text[i + 2] ?? '')) return i + 2;
  }
  const line = text.indexOf('\n', from);
  return line === -1 || line >= limit ? limit : line + 1;
}

/** The pieces of a long snippet (one for a short one), with the row and column tree-sitter wants for each end. */
export function parsePieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  let row = 0;
  let lineStart = 0;
  let counted = 0;
  const point = (index: number) => {
    for (let i = text.indexOf('\n', counted); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) {
      row++;
      lineStart = i + 1;
    }
    counted = index;
    return { row, column: index - lineStart };
  };
  let start = 0;
  let startPosition = point(0);
  do {
    const end = pieceEnd(text, start);
    const endPosition = point(end);
    pieces.push({ startIndex: start, endIndex: end, startPosition, endPosition });
    start = end;
    startPosition = endPosition;
  } while (start < text.length);
  return pieces;
}

/** Whether a block guessed to be shell is a command, not prose that happens to parse. */
function looksLikeCommands(root: Node, language: CodeLanguage): boolean {
  if (language !== 'bash') return true;
  const first = named(root).find((c) => c.type !== 'comment');
  if (!first) return false;
  const text = root.text;
  if (/\$\(|\|\s*\w|&&|<<|>\s*\S|\b\w+=\S/.test(text) && !/[.!?]\s*$/.test(text.trim().split('\n', 1)[0]!)) return true;
  const name = /^\s*(?:sudo\s+)?([\w./-]+)/.exec(first.text)?.[1] ?? '';
  return KNOWN_COMMANDS.has(name) || name.includes('/');
}

function errorRanges(root: Node, limit = 50): Array<readonly [number, number]> {
  const out: Array<readonly [number, number]> = [];
  const stack: Node[] = [root];
  while (stack.length && out.length < limit) {
    const node = stack.pop()!;
    if (node.isError || node.isMissing) {
      out.push([node.startIndex, node.endIndex]);
      continue;
    }
    if (!node.hasError) continue;
    // children, not child(i): each child(i) walks from the first child, quadratic on a wide ERROR node.
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) {
      const c = children[i];
      if (c) stack.push(c);
    }
  }
  return out;
}

/**
 * The source range a snippet covers, minus the lines that hold a syntax error, up to `readTo` (a snippet offset: the
 * start of the line where a bound stopped the walk). What the walk did not read stays with the text patterns, as
 * the note about it says.
 */
function coverage(snippet: Snippet, text: string, errors: ReadonlyArray<readonly [number, number]>, readTo = text.length): Array<readonly [number, number]> {
  const start = snippet.at(0);
  const end = snippet.at(readTo);
  if (errors.length === 0) return [[start, Math.max(start, end)]];
  const src = snippet.source.text;
  const holes = errors
    .map(([s, e]) => {
      const a = snippet.at(s);
      const b = snippet.at(Math.max(s, e));
      return [src.lastIndexOf('\n', a - 1) + 1, (src.indexOf('\n', b) + 1 || src.length + 1) - 1] as const;
    })
    .sort((x, y) => x[0] - y[0]);
  const out: Array<readonly [number, number]> = [];
  let cursor = start;
  for (const [a, b] of holes) {
    if (a > cursor) out.push([cursor, Math.min(a, end)]);
    cursor = Math.max(cursor, b);
  }
  if (cursor < end) out.push([cursor, end]);
  return out;
}

function merge(ranges: Array<readonly [number, number]>): Array<readonly [number, number]> {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [s, e] of sorted) {
    const last = out.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

export function analyzeCode(sources: readonly TextSource[], grammars: Grammars): CodeAnalysis {
  const found = findCode(sources);
  const analysis: CodeAnalysis = { snippets: [], covered: new Map(), codeBlocks: new Map(), proseInCode: new Map(), notes: [...found.notes], configs: found.configs };
  const covered = new Map<TextSource, Array<readonly [number, number]>>();
  const blocks = new Map<TextSource, Array<readonly [number, number]>>();
  const prose = new Map<TextSource, Array<readonly [number, number]>>();
  const add = (map: Map<TextSource, Array<readonly [number, number]>>, source: TextSource, ranges: ReadonlyArray<readonly [number, number]>) => {
    const list = map.get(source) ?? [];
    // Appended, not spread into push(): a snippet may hold a hundred thousand comments.
    append(list, ranges);
    map.set(source, list);
  };
  const noted = new Set<string>();
  const note = (source: TextSource, offset: number, key: string, message: string) => {
    if (noted.has(key)) return;
    noted.add(key);
    analysis.notes.push({ source, offset, message });
  };
  // Harmless code that fills a bound (lines, characters, tokens, facts) must not hide what follows it unsaid.
  const stoppedNote = (snippet: Snippet, flow: Flow): void => {
    const stopped = flow.stoppedAt();
    if (!stopped) return;
    const offset = snippet.at(stopped.offset);
    const line = lineIndexOf(snippet.source).position(offset).line;
    note(snippet.source, offset, `stopped:${snippet.source.fileUri}:${snippet.at(0)}`, `${where(snippet)} was read as code only up to line ${line}: ${stopped.why}. What follows was checked with the text patterns only.`);
  };
  let parser: ParserType | undefined;
  let budget = MAX_SKILL_CODE_CHARS;
  let decodedUnparsed = MAX_DECODED_UNPARSED_CHARS;
  // `from`: the snippet offset where reading as code stopped (0: not read at all).
  const decodedNote = (snippet: Snippet, from: number): void => {
    const origin = snippet.source.decodedFrom;
    const what = `The text decoded from ${snippet.source.path}${origin ? ` at line ${origin.line}` : ''}`;
    const offset = snippet.at(from);
    const how = from === 0 ? 'was not read as code' : `was read as code only up to its line ${lineIndexOf(snippet.source).position(offset).line}`;
    // Said once, where it first stopped: every decoded text after it is left to the text patterns too.
    note(snippet.source, offset, 'decoded-unparsed', `${what} ${how}; no decoded text after it was read as code either: the text decoded in this skill holds more than ${MAX_DECODED_UNPARSED_CHARS / 1024} KiB that does not parse as code. What was not read as code was checked with the text patterns only.`);
  };
  const queue: Snippet[] = [...found.snippets];
  let count = 0;
  try {
    while (queue.length) {
      const snippet = queue.shift()!;
      if (++count > MAX_SNIPPETS) {
        note(snippet.source, snippet.at(0), 'too-many', `${snippet.source.path} and the files after it hold more pieces of code than are read as code (${MAX_SNIPPETS}); the rest was checked with the text patterns only.`);
        break;
      }
      const language = grammars.languages.get(snippet.language);
      if (!language) {
        if (!snippet.guessed) note(snippet.source, snippet.at(0), `grammar:${snippet.source.fileUri}:${snippet.language}`, `${where(snippet)} was not read as ${LANGUAGE_NAMES[snippet.language]} code: ${grammars.failures.get(snippet.language) ?? 'no grammar'}. Only the text patterns checked it.`);
        continue;
      }
      let text = snippet.text;
      if (text.length > MAX_SNIPPET_CHARS) {
        const cut = text.lastIndexOf('\n', MAX_SNIPPET_CHARS);
        text = text.slice(0, cut > 0 ? cut : MAX_SNIPPET_CHARS);
        note(snippet.source, snippet.at(text.length), `cut:${snippet.source.fileUri}:${snippet.at(0)}`, `Only the first ${Math.round(MAX_SNIPPET_CHARS / 1024)} KiB of ${where(snippet)} were read as code; the rest was checked with the text patterns only.`);
      }
      if (text.length > budget) {
        note(snippet.source, snippet.at(0), 'budget', `${where(snippet)} and the code after it were not read as code: the skill holds more than ${Math.round(MAX_SKILL_CODE_CHARS / 1024 / 1024)} MiB of code. The text patterns checked it.`);
        continue;
      }
      const decoded = snippet.source.kind === 'decoded';
      if (decoded && decodedUnparsed <= 0) {
        decodedNote(snippet, 0);
        continue;
      }
      budget -= text.length;
      parser ??= new Parser();
      parser.setLanguage(language);
      const deadline = performance.now() + PARSE_DEADLINE_MS;
      const progressCallback = (() => performance.now() > deadline) as unknown as () => void;
      const trees: Tree[] = [];
      let timedOut = false;
      // Where the parsed pieces end: short of the text's end when decoded text spent what may fail to parse.
      let parsedTo = text.length;
      for (const piece of text.length > PARSE_PIECE_CHARS ? parsePieces(text) : [undefined]) {
        if (decoded && decodedUnparsed <= 0) {
          parsedTo = piece?.startIndex ?? 0;
          break;
        }
        const tree = parser.parse(text, null, { progressCallback, ...(piece ? { includedRanges: [piece] } : {}) });
        parser.reset();
        if (!tree) {
          timedOut = true;
          break;
        }
        trees.push(tree);
        if (decoded && tree.rootNode.hasError) decodedUnparsed -= piece ? piece.endIndex - piece.startIndex : text.length;
        // A guessed snippet with a syntax error is not code (it is dropped below), so the pieces after the first
        // error are not parsed: prose decoded from a blob costs tree-sitter's error recovery on every piece.
        if (snippet.guessed && tree.rootNode.hasError) break;
      }
      if (timedOut) {
        for (const tree of trees) tree.delete();
        note(snippet.source, snippet.at(0), `timeout:${snippet.source.fileUri}:${snippet.at(0)}`, `${where(snippet)} took too long to parse and was checked with the text patterns only.`);
        continue;
      }
      try {
        const roots: Node[] = trees.map((t) => t.rootNode);
        const hasError = roots.some((r) => r.hasError);
        if (snippet.guessed && (hasError || !looksLikeCommands(roots[0]!, snippet.language))) continue;
        if (parsedTo < text.length) decodedNote(snippet, parsedTo);
        // A configuration value is judged as code only if it is code: help text or a regex that mentions `eval` does not parse.
        if (snippet.mode === 'value' && hasError) continue;
        const flow = new Flow();
        analyzerFor(snippet.language)(roots, flow);
        if (flow.cut) note(snippet.source, snippet.at(0), `walk:${snippet.source.fileUri}:${snippet.at(0)}`, `${where(snippet)} is nested or long past what is read as code; parts of it were checked with the text patterns only.`);
        stoppedNote(snippet, flow);
        analysis.snippets.push({ snippet, facts: flow.facts });
        if (snippet.depth === 0) {
          const stopped = flow.stoppedAt();
          const stopAt = Math.min(stopped?.offset ?? text.length, parsedTo);
          const readTo = stopAt < text.length ? text.lastIndexOf('\n', Math.max(0, stopAt - 1)) + 1 : text.length;
          const ranges = coverage(snippet, text, hasError ? roots.flatMap((r) => (r.hasError ? errorRanges(r) : [])) : [], readTo);
          add(covered, snippet.source, ranges);
          // Inline code is part of its sentence, and configuration values are often text for a model: both stay prose.
          if (snippet.origin === 'file' || snippet.origin === 'fence' || snippet.origin === 'block') {
            add(blocks, snippet.source, ranges);
            add(prose, snippet.source, roots.flatMap((r) => proseRanges(r)).map(([s, e]) => [snippet.at(s), snippet.at(Math.max(s, e - 1)) + 1] as const));
          }
        }
        if (snippet.depth < MAX_NESTING) {
          for (const n of flow.facts.nested) {
            const parent = snippet;
            queue.push({
              source: parent.source,
              language: n.language,
              text: n.text,
              at: (i) => parent.at(n.offsets[Math.max(0, Math.min(n.offsets.length - 1, i))] ?? 0),
              origin: 'nested',
              label: n.label,
              mode: parent.mode,
              ...(parent.field !== undefined ? { field: parent.field } : {}),
              depth: parent.depth + 1,
            });
          }
        }
      } finally {
        for (const tree of trees) tree.delete();
      }
    }
  } finally {
    parser?.delete();
  }
  // cmd.exe code has no grammar: its lines are read by batch.ts, and the text patterns still read it too.
  for (const snippet of found.batch) {
    const flow = new Flow();
    readBatch(flow, snippet.text, (i) => i);
    stoppedNote(snippet, flow);
    if (flow.facts.execs.length || flow.facts.writes.length) analysis.snippets.push({ snippet, facts: flow.facts });
  }
  for (const [source, list] of covered) analysis.covered.set(source, merge(list));
  for (const [source, list] of blocks) analysis.codeBlocks.set(source, merge(list));
  for (const [source, list] of prose) analysis.proseInCode.set(source, merge(list));
  return analysis;
}
