// Where the code is in a skill: script files (by extension or shebang),
// fenced and indented blocks in markdown (labelled, or guessed and kept only
// if they parse), inline code spans that start with a command, and string
// values of configuration files that hold a command or code. Heredocs and
// `bash -c '…'` are found later, inside the parsed code (analyze.ts).
import { lineIndexOf, type TextSource } from '../rules/context.js';
import { configFormat, configValuesRead, MAX_VALUES, type ConfigFormat } from './config-values.js';
import type { CodeLanguage } from './grammars.js';
import { linear, stripLines, table, verbatim, type Snippet, type SnippetMode } from './snippet.js';
import { ownValue } from '../../../shared/data-record.js';

/** A configuration text (a file or a fenced block), for rules that read its syntax (YAML tags). */
export interface ConfigText {
  readonly source: TextSource;
  readonly format: ConfigFormat;
  readonly start: number;
  readonly end: number;
}

export interface FoundCode {
  readonly snippets: Snippet[];
  readonly configs: ConfigText[];
  /** cmd.exe code (```bat and ```cmd blocks, .bat and .cmd files): no grammar, read by batch.ts. */
  readonly batch: Snippet[];
  /** Where finding code stopped at a bound (a file's offset): said as the code layer's notes. */
  readonly notes: Array<{ readonly source: TextSource; readonly offset: number; readonly message: string }>;
}

const BATCH_LABELS = new Set(['bat', 'cmd', 'batch', 'dosbatch', 'winbatch', 'batchfile']);

const EXTENSIONS: Readonly<Record<string, CodeLanguage>> = {
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  ksh: 'bash',
  command: 'bash',
  ps1: 'powershell',
  psm1: 'powershell',
  py: 'python',
  pyw: 'python',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
};

const FENCE_LABELS: Readonly<Record<string, CodeLanguage>> = {
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  ksh: 'bash',
  console: 'bash',
  'shell-session': 'bash',
  shellsession: 'bash',
  terminal: 'bash',
  python: 'python',
  py: 'python',
  python3: 'python',
  javascript: 'javascript',
  js: 'javascript',
  node: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  typescript: 'typescript',
  ts: 'typescript',
  tsx: 'tsx',
  powershell: 'powershell',
  ps1: 'powershell',
  pwsh: 'powershell',
  ps: 'powershell',
};

const UNLABELLED = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'code', 'cmd', 'bat']);

function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function shebangLanguage(text: string): CodeLanguage | undefined {
  if (!text.startsWith('#!')) return undefined;
  const line = text.slice(2, Math.min(text.length, 200)).split('\n', 1)[0]!;
  if (/python/.test(line)) return 'python';
  if (/\b(?:node|nodejs|deno|bun)\b/.test(line)) return /\bts-node\b|\bdeno\b|\bbun\b/.test(line) ? 'typescript' : 'javascript';
  if (/\b(?:pwsh|powershell)\b/.test(line)) return 'powershell';
  if (/(?:^|[/\s])(?:ba|z|k|da|a|mk)?sh\b/.test(line)) return 'bash';
  return undefined;
}

/** The language of a script file, from its shebang first and its name second. */
export function scriptLanguage(path: string, text: string): CodeLanguage | undefined {
  return shebangLanguage(text) ?? ownValue(EXTENSIONS, extensionOf(path));
}

/** A guess for code without a label: the grammar then decides whether it is code at all. */
export function guessLanguage(text: string): CodeLanguage {
  if (/\b(?:iex|Invoke-Expression|Invoke-WebRequest|Invoke-RestMethod|New-Object|Start-Process)\b|\$env:\w|\b(?:Get|Set|New|Remove|Start|Out|Write)-[A-Z][a-z]\w*/.test(text)) return 'powershell';
  if (/^\s*(?:import [\w.]+|from [\w.]+ import |def \w+\(|class \w+[:(])/m.test(text)) return 'python';
  if (/\brequire\(\s*['"]|^\s*(?:const|let|var) \w+\s*=|^\s*import .* from ['"]|=>\s*[{(]/m.test(text)) return 'javascript';
  return 'bash';
}

// First words of inline code spans worth parsing as a command (a span like `config.yaml` is not).
const SPAN_COMMAND = /^\s*(?:sudo\s+)?(?:curl|wget|bash|sh|zsh|source|eval|exec|python[0-9.]*|node|perl|ruby|php|nc|ncat|netcat|socat|telnet|iex|invoke-expression|iwr|irm|invoke-webrequest|powershell|pwsh|echo|printf|base64|cat|env|printenv|export|chmod|\.\/|\/bin\/|\/tmp\/)\b/i;

// Keys whose value is a command by design (npm scripts, MCP server commands, CI steps, hooks).
const COMMAND_KEYS = /^(?:command|cmd|commands|run|exec|execute|script|scripts|shell|entrypoint|entry_point|args|pre-?commit|post-?install|pre-?install|install|prepare|setup|build|test|start|before_script|after_script|hook|hooks)$/i;

// Code in a value: a JavaScript, Python or shell construct that runs something.
const JS_CODE = /\brequire\s*\(|\bchild_process\b|\bexecSync\b|\bspawnSync?\s*\(|\beval\s*\(|\bnew\s+Function\b|\bprocess\.(?:env|mainModule|binding)\b|\bimport\s*\(|=>|\bfunction\s*\(/;
const PY_CODE = /\b__import__\s*\(|\bos\.(?:system|popen|exec\w*)\s*\(|\bsubprocess\.\w+\s*\(|\bexec\s*\(|\beval\s*\(|\bpickle\.loads?\b|\bmarshal\.loads\b|\bimport\s+os\b/;
const SHELL_CODE = /\$\(|`[^`]+`|\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\b(?:curl|wget)\s+\S|\bbase64\s+-(?:d|-decode)\b|\/dev\/tcp\/|\bnc\s+-[ec]\b|&&|;\s*\w/;

function valueSnippet(key: string, field: string, isNpm: boolean, text: string): { language: CodeLanguage; mode: SnippetMode } | undefined {
  if (text.length < 4 || text.length > 64 * 1024) return undefined;
  if (isNpm && /^scripts\.[^.]+$/.test(field)) return { language: 'bash', mode: 'command' };
  const commandKey = COMMAND_KEYS.test(key) || /(?:^|\.)(?:hooks|scripts)(?:\.|\[)/i.test(field);
  if (commandKey && !/^[\w./@:-]+$/.test(text.trim())) {
    if (/\brequire\s*\(|\bnew\s+Function\b/.test(text)) return { language: 'javascript', mode: 'value' };
    return { language: 'bash', mode: 'command' };
  }
  if (commandKey) return undefined;
  if (JS_CODE.test(text)) return { language: 'javascript', mode: 'value' };
  if (PY_CODE.test(text)) return { language: 'python', mode: 'value' };
  if (SHELL_CODE.test(text) && !sentenceWithCodeSpans(text)) return { language: 'bash', mode: 'value' };
  return undefined;
}

/**
 * A setting that is a sentence for people with code in backticks ("Run `npm test` first.") is prose: the
 * backticks mark code to read, not a substitution a program computes. It is judged as shell only if it
 * would be shell with its code spans taken out.
 */
function sentenceWithCodeSpans(text: string): boolean {
  if (!/^\s*\p{L}[^`]*`[^`\n]+`[^]*[.!?:]\s*$/u.test(text)) return false;
  const rest = text.replace(/`[^`\n]+`/g, ' ');
  return rest.trim().split(/\s+/).length >= 2 && !SHELL_CODE.test(rest);
}

// Keys whose value is text for people or a model, not something a program evaluates.
const PROSE_KEYS = /^(?:#|\/\/|\$comment|_comment|description|name|title|summary|prompt|message|text|instructions|content|help|usage|examples?|notes?|comment|readme|label|display_?name|long_?description)$/i;

// `!{…}` in a Gemini CLI command file: a command run before the prompt is sent.
const GEMINI_EXPANSION = /(?<![\w\\])!\{([^}\n]+)\}/g;

interface ConfigOptions {
  /** SKILL.md's frontmatter: hosts read it, so only values that should be data are judged here (auto-run.ts judges hooks and command fields). */
  readonly frontmatter?: boolean;
}

function interpreterCode(command: string, args: readonly string[], index: number): CodeLanguage | undefined {
  const name = (command.split(/[\\/]/).pop() ?? command).toLowerCase().replace(/\.exe$/, '');
  const flag = args[index - 1] ?? '';
  if (/^python[0-9.]*$/.test(name) && flag === '-c') return 'python';
  if ((name === 'node' || name === 'nodejs') && /^(?:-e|--eval|-p|--print)$/.test(flag)) return 'javascript';
  if (/^(?:ba|z|da|k)?sh$/.test(name) && /^-[a-z]*c$/.test(flag)) return 'bash';
  if ((name === 'powershell' || name === 'pwsh') && /^-(?:c|command)$/i.test(flag)) return 'powershell';
  return undefined;
}

function configSnippets(source: TextSource, format: ConfigFormat, text: string, start: number, out: FoundCode, where: string, options: ConfigOptions = {}, map?: readonly number[], depth = 0, prefix = ''): void {
  if (depth === 0) out.configs.push({ source, format, start, end: start + text.length });
  const isNpm = source.path.endsWith('package.json');
  const read = configValuesRead(text, format, map ? 0 : start);
  const values = read.values.map((v) => (prefix ? { ...v, field: `${prefix} → ${v.field}` } : v));
  // Offsets of values inside a string that is itself JSON go back through that string's own map.
  const back = (offsets: readonly number[]) => (map ? offsets.map((o) => map[Math.max(0, Math.min(map.length - 1, o))] ?? 0) : offsets);
  if (read.stoppedAt !== undefined) {
    const offset = back([map ? read.stoppedAt : start + read.stoppedAt])[0]!;
    const line = lineIndexOf(source).position(offset).line;
    out.notes.push({ source, offset, message: `${source.path}${where} holds more than ${MAX_VALUES} values: those from line ${line} on were not read as code and were checked with the text patterns only.` });
  }
  const byField = new Map(values.map((v) => [v.field, v.value.text]));
  for (const v of values) {
    const offsets = back(v.value.offsets);
    const value = v.value.text;
    const push = (language: CodeLanguage, mode: SnippetMode, label: string, code = value, codeOffsets: readonly number[] = offsets) =>
      out.snippets.push({ source, language, text: code, at: table(codeOffsets), origin: 'config', label, mode, field: v.field, depth: 0 });
    // JSON inside a string value (a YAML field holding a JSON document): its own values are read too.
    if (depth < 2 && /^\s*[{[]/.test(value) && /[}\]]\s*$/.test(value)) {
      configSnippets(source, 'json', value, 0, out, where, options, offsets, depth + 1, v.field);
      continue;
    }
    for (const m of value.matchAll(GEMINI_EXPANSION)) {
      const from = m.index + 2;
      push('bash', 'command', `the !{…} command in "${v.field}"${where}`, m[1]!, offsets.slice(from, from + m[1]!.length + 1));
    }
    // An MCP server's "command" and its "args": `python3 -c CODE` holds code in an argument.
    const item = /^(.*)\.args\[(\d+)\]$/.exec(v.field);
    if (item) {
      const command = byField.get(`${item[1]}.command`);
      const args: string[] = [];
      for (let i = 0; byField.has(`${item[1]}.args[${i}]`); i++) args.push(byField.get(`${item[1]}.args[${i}]`)!);
      const language = command ? interpreterCode(command, args, Number(item[2])) : undefined;
      if (language) {
        push(language, 'command', `the code in "${v.field}"${where}`);
        continue;
      }
    }
    if (PROSE_KEYS.test(v.key) && !/(?:^|\.)(?:scripts|hooks)\./.test(v.field)) continue;
    const kind = valueSnippet(v.key, v.field, isNpm, value);
    if (!kind || (options.frontmatter && (kind.mode !== 'value' || /^hooks\b/.test(v.field)))) continue;
    push(kind.language, kind.mode, `the value of "${v.field}"${where}`);
  }
}

function frontmatterEnd(text: string): number {
  const m = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  return m ? m[0].length : 0;
}

const PROMPT = /^\s{0,3}[$>]\s/;

function markdownSnippets(source: TextSource, out: FoundCode): void {
  const text = source.text;
  const fence = /^( {0,3})(`{3,}|~{3,})[ \t]*([^\s`{]*)[^\n`]*$/gm;
  fence.lastIndex = source.kind === 'skill-md' ? frontmatterEnd(text) : 0;
  const blocks: Array<readonly [number, number]> = [];
  let match: RegExpExecArray | null;
  while ((match = fence.exec(text)) !== null) {
    const marker = match[2]!;
    const label = match[3]!.toLowerCase().replace(/^\{?\.?/, '').replace(/[}!]$/, '');
    const bodyStart = Math.min(text.length, match.index + match[0].length + 1);
    const close = new RegExp(String.raw`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \t]*$`, 'gm');
    close.lastIndex = bodyStart;
    const end = close.exec(text);
    const bodyEnd = end ? end.index : text.length;
    fence.lastIndex = end ? end.index + end[0].length : text.length;
    blocks.push([match.index, fence.lastIndex]);
    const body = text.slice(bodyStart, bodyEnd).replace(/\n$/, '');
    if (!body.trim()) continue;
    const config = configFormat('', label === 'jsonc' || label === 'json5' ? 'x.json' : `x.${label}`);
    if (config) {
      configSnippets(source, config, body, bodyStart, out, ` in the ${label} block`);
      continue;
    }
    if (BATCH_LABELS.has(label)) out.batch.push({ source, language: 'bash', text: body, at: linear(bodyStart), origin: 'fence', label: `the ${label} code block`, mode: 'code', depth: 0 });
    const labelled = ownValue(FENCE_LABELS, label);
    if (!labelled && !UNLABELLED.has(label)) continue;
    const language = labelled ?? guessLanguage(body);
    const prompted = language === 'bash' && body.split('\n').some((l) => PROMPT.test(l));
    const console = label === 'console' || label === 'shell-session' || label === 'shellsession' || label === 'terminal';
    // In a terminal transcript only the prompted lines are commands; elsewhere a `$ ` prefix is just a prompt.
    const stripped = prompted ? stripLines(body, bodyStart, (l) => (PROMPT.test(l) ? (PROMPT.exec(l)?.[0].length ?? 0) : console ? l.length : 0)) : verbatim(body, bodyStart);
    out.snippets.push({ source, language, text: stripped.text, at: prompted ? table(stripped.offsets) : linear(bodyStart), origin: 'fence', label: `the ${labelled ? `${label} ` : ''}code block`, mode: 'code', depth: 0, ...(labelled ? {} : { guessed: true }) });
  }
  indentedBlocks(source, blocks, out);
  inlineSpans(source, blocks, out);
}

function inside(ranges: ReadonlyArray<readonly [number, number]>, offset: number): boolean {
  return ranges.some(([s, e]) => offset >= s && offset < e);
}

function indentedBlocks(source: TextSource, fences: ReadonlyArray<readonly [number, number]>, out: FoundCode): void {
  const text = source.text;
  const lines = text.split('\n');
  const bodyStart = source.kind === 'skill-md' ? frontmatterEnd(text) : 0;
  let pos = 0;
  let i = 0;
  // Skip to the line the body starts on.
  while (i < lines.length && pos + lines[i]!.length < bodyStart) pos += lines[i++]!.length + 1;
  let previousBlank = true;
  while (i < lines.length) {
    const line = lines[i]!;
    if (previousBlank && /^(?: {4}|\t)\s*\S/.test(line) && !inside(fences, pos)) {
      const start = pos;
      let end = pos;
      let j = i;
      while (j < lines.length && (/^(?: {4}|\t)/.test(lines[j]!) || (!lines[j]!.trim() && j + 1 < lines.length && /^(?: {4}|\t)/.test(lines[j + 1]!)))) {
        end += lines[j]!.length + 1;
        j++;
      }
      const body = text.slice(start, Math.min(end, text.length)).replace(/\n$/, '');
      const stripped = stripLines(body, start, (l) => (l.startsWith('\t') ? 1 : Math.min(4, l.length - l.trimStart().length)));
      const prompted = stripLines(stripped.text, 0, (l) => (PROMPT.test(l) ? (PROMPT.exec(l)?.[0].length ?? 0) : 0));
      const offsets = prompted.offsets.map((o) => stripped.offsets[o] ?? start);
      out.snippets.push({ source, language: guessLanguage(prompted.text), text: prompted.text, at: table(offsets), origin: 'block', label: 'the indented code block', mode: 'code', depth: 0, guessed: true });
      for (; i < j; i++) pos += lines[i]!.length + 1;
      previousBlank = false;
      continue;
    }
    previousBlank = !line.trim();
    pos += line.length + 1;
    i++;
  }
}

// A span that is only the path of a data file (`/tmp/versions.json`) names it ("read the versions from …"); it is
// run only when the words before it on its line say so ("run `/tmp/x.json`").
const DATA_FILE_PATH = /^\s*(?:\.\/|\/)[\w./-]+\.(?:json|jsonl|ya?ml|toml|ini|cfg|conf|txt|md|csv|tsv|xml|html?|log|lock)\s*$/i;
const RUN_WORDS = /\b(?:run|runs|running|execute|executes|exec|launch|launches|start|starts|invoke|invokes|source|call|calls)\b/i;

function namesDataFile(body: string, text: string, at: number): boolean {
  if (!DATA_FILE_PATH.test(body)) return false;
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  return !RUN_WORDS.test(text.slice(lineStart, at));
}

function inlineSpans(source: TextSource, fences: ReadonlyArray<readonly [number, number]>, out: FoundCode): void {
  const inline = /(?<!`)(`+)(?!`)([^\n]{1,2000}?[^`\n])\1(?!`)/g;
  inline.lastIndex = source.kind === 'skill-md' ? frontmatterEnd(source.text) : 0;
  let match: RegExpExecArray | null;
  let count = 0;
  while ((match = inline.exec(source.text)) !== null && count < 500) {
    if (inside(fences, match.index)) continue;
    const body = match[2]!;
    if (!SPAN_COMMAND.test(body) || namesDataFile(body, source.text, match.index)) continue;
    count++;
    const start = match.index + match[1]!.length;
    out.snippets.push({ source, language: guessLanguage(body), text: body, at: linear(start), origin: 'span', label: 'the inline code', mode: 'code', depth: 0, guessed: true });
  }
}

export function findCode(sources: readonly TextSource[]): FoundCode {
  const out: FoundCode = { snippets: [], configs: [], batch: [], notes: [] };
  for (const source of sources) {
    if (source.kind === 'metadata') continue;
    const ext = extensionOf(source.path);
    if (ext === 'bat' || ext === 'cmd') {
      out.batch.push({ source, language: 'bash', text: source.text, at: linear(0), origin: 'file', label: source.path, mode: 'code', depth: 0 });
      continue;
    }
    const language = source.kind === 'script' || ownValue(EXTENSIONS, ext) ? scriptLanguage(source.path, source.text) : undefined;
    if (language) {
      out.snippets.push({ source, language, text: source.text, at: linear(0), origin: 'file', label: source.path, mode: 'code', depth: 0 });
      continue;
    }
    if (source.kind === 'script' && !source.text.startsWith('#!') && !ext) {
      // Marked executable, no shebang: a shell runs it.
      out.snippets.push({ source, language: 'bash', text: source.text, at: linear(0), origin: 'file', label: source.path, mode: 'code', depth: 0, guessed: true });
      continue;
    }
    if (source.kind === 'decoded') {
      // Text decoded from a blob: code only if it parses as code.
      out.snippets.push({ source, language: guessLanguage(source.text), text: source.text, at: linear(0), origin: 'file', label: source.path, mode: 'code', depth: 0, guessed: true });
      continue;
    }
    if (source.kind === 'skill-md' || source.kind === 'markdown') {
      const end = frontmatterEnd(source.text);
      if (source.kind === 'skill-md' && end > 0) {
        const body = source.text.slice(0, end).replace(/^---\r?\n/, '').replace(/\r?\n---[ \t]*(?:\r?\n)?$/, '');
        configSnippets(source, 'yaml', body, source.text.indexOf('\n') + 1, out, ' in the frontmatter', { frontmatter: true });
      }
      markdownSnippets(source, out);
      continue;
    }
    const config = configFormat(source.path);
    if (config && source.kind === 'text') configSnippets(source, config, source.text, 0, out, '');
  }
  return out;
}
