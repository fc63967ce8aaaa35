// Programs started from Perl, Ruby and PHP one-liners, in every spelling
// the languages have for it: a built-in under its package (CORE::system,
// CORE::GLOBAL::exec, IPC::Open3::open3), a module's method (Kernel.system,
// Process.spawn, IO.popen, Open3.capture2), a method called by its name
// (Kernel.send(:system, …), send("sys" + "tem", …)), a reference to the
// function called (Kernel.method(:system).call(…) on any receiver,
// .to_proc/.curry/.unbind.bind(…) before the call, m[…], a method passed as a
// block: cmds.each(&method(:system)); &{"CORE::system"}(…), $f->(…),
// &{$f}(…), or &$f; and goto &$f with the caller's @_, after
// $f = \&CORE::system), PHP's process functions, a pipe opened with open().
// The command they are given is shell code, read again by the shell reader, as Python's os.system is; and what a download command prints is a
// download. Apart from one-liners.ts because it is about the names and
// arguments of calls, not the flow of values.
import type { Value } from './facts.js';
import { placeIn } from './one-liner-strings.js';

/** One token of the one-liner reader (see one-liners.ts). */
export interface Tok {
  readonly kind: 'id' | 'str' | 'cmd' | 'p';
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** A word list (Ruby's `%w[…]`, `%W[…]`): its elements are its words. */
  readonly words?: boolean;
  /** Single-quoted (`'…'`, `%q()`, `q()`): text as it is, nothing put into it. */
  readonly literal?: boolean;
  /** The code place of each character of text, for a string joined from several (one-liner-strings.ts). */
  readonly offsets?: readonly number[];
}

/** Packages whose functions are the built-ins of the same name. */
const BUILT_IN_PACKAGES = /^(?:CORE::GLOBAL::|CORE::|IPC::Open[23]::|POSIX::)/;
/** Modules whose methods start programs or run code; a method of anything else is that object's own. */
const PROCESS_MODULES = /^(?:Kernel|Process|IO|Open3|PTY|POSIX)$/;
/** Ruby's ways to call a method by its name, which reach Kernel's private ones too. */
const BY_NAME = /^(?:send|public_send|__send__)$/;

/** Calls that start a program with a command (a shell command, or a program and its arguments). */
export const PROGRAMS = /^(?:system|exec|spawn|popen|popen2|popen2e|popen3|capture2|capture2e|capture3|pipeline(?:_r|_w|_rw|_start)?|open2|open3|readpipe|shell_exec|passthru|proc_open|pcntl_exec)$/;
/** Of those, the ones whose first argument only is the command (the rest: a mode, descriptors, an output variable). */
const COMMAND_FIRST = /^(?:popen|proc_open|shell_exec|passthru|readpipe)$/;

export interface Callee {
  /** The function called, package or module taken off; '' for a method of an object the reader does not know. */
  readonly name: string;
  /** Called with the caller's @_, set before (`goto &$f`, `goto $f`, `&$f;`), not with what follows. */
  readonly callersArguments?: boolean;
  /** The first token of its arguments: after the method's name for a call by name. */
  readonly from: number;
  /** The token the call's parentheses follow: the name, or the `call` of `method(:system).call(…)`, the `}` of `&{"…"}(…)`. */
  readonly at: number;
}

/** Ruby's ways to take a method as an object, which reach Kernel's private ones too. */
const METHOD_OBJECTS = /^(?:method|public_method|instance_method)$/;

/**
 * The built-in a Perl sub's name stands for (`CORE::system`, `POSIX::system`, a bare `system`); '' for a sub of the
 * script's own. A bare `\&system` names main::system, which is the built-in once `use POSIX` imports it, and
 * which nothing harmless is called: it is read as the program start it is written to be.
 */
function builtInOf(text: string): string {
  const bare = text.replace(/^&/, '');
  if (BARE_BUILT_INS.test(bare)) return bare;
  return BUILT_IN_PACKAGES.test(bare) ? bare.replace(BUILT_IN_PACKAGES, '') : '';
}
const BARE_BUILT_INS = /^(?:system|exec|readpipe)$/;

/**
 * The method name Ruby is given at j, and the token after it: a symbol (`:system`, `:"system"`), a string
 * (`"system"`), or strings joined (`"sys" + "tem"`, `"sys" << "tem"`, `"sys" "tem"`), as `send` and `method` take it.
 */
function methodNameAt(toks: readonly Tok[], j: number): { name: string; end: number } | undefined {
  const t = toks[j];
  const after = toks[j + 1];
  // A string's token starts past its quote: `:"system"`.
  if (t?.text === ':' && t.kind === 'p' && (after?.kind === 'id' || (after?.kind === 'str' && after.start === t.end + 1))) return { name: after.text, end: j + 2 };
  if (t?.kind !== 'str') return undefined;
  let name = t.text;
  let end = j + 1;
  for (;;) {
    const join = toks[end]?.text === '+' || toks[end]?.text === '<<' ? 1 : 0;
    if (toks[end + join]?.kind !== 'str') break;
    name += toks[end + join]!.text;
    end += join + 1;
  }
  return /^\w+[?!]?$/.test(name) ? { name, end } : undefined;
}

/** The `)` that closes the `(` at j, looked for over a short span; -1 when none. */
function closing(toks: readonly Tok[], j: number): number {
  let depth = 0;
  for (let i = j; i < toks.length && i < j + 40; i++) {
    const t = toks[i]!.text;
    if (toks[i]!.kind !== 'p') continue;
    if (t === '(' || t === '[' || t === '{') depth++;
    else if ((t === ')' || t === ']' || t === '}') && --depth === 0) return t === ')' ? i : -1;
  }
  return -1;
}

/**
 * Past what keeps a method object calling the same method, at j: `.to_proc`, `.curry` and `.curry(n)` (a lambda
 * that calls it once given its arguments), `.unbind` and `.bind(anything)` (the same method on another receiver,
 * and Kernel's system is everyone's).
 */
function pastAdapters(toks: readonly Tok[], j: number): number {
  for (let n = 0; n < 8 && toks[j]?.text === '.'; n++) {
    const method = toks[j + 1]?.text;
    if ((method === 'curry' || method === 'bind') && toks[j + 2]?.text === '(') {
      const close = closing(toks, j + 2);
      if (close < 0) return j;
      j = close + 1;
    } else if (method === 'to_proc' || method === 'unbind' || method === 'curry') j += 2;
    else return j;
  }
  return j;
}

/** The method `method(:system)` (or `method :system`) at j takes, and the token after it (and after a `.bind(self)`, a `.to_proc`, a `.curry`). */
function methodObject(toks: readonly Tok[], j: number, text = toks[j]?.text ?? ''): { name: string; end: number } | undefined {
  if (!METHOD_OBJECTS.test(text)) return undefined;
  const open = toks[j + 1]?.text === '(' ? 1 : 0;
  const taken = methodNameAt(toks, j + 1 + open);
  if (!taken || (open && toks[taken.end]?.text !== ')')) return undefined;
  return { name: taken.name, end: pastAdapters(toks, taken.end + open) };
}

/**
 * The method taken at k through a chain of receivers: `method(:system)`, `Kernel.method(:exec)`,
 * `obj.method(:exec)`, `Object.new.method(:system)`: Object#method finds Kernel's private methods on any object,
 * so the receiver does not change what is called. `sign` is a leading `&` the tokens keep on the first name.
 */
function methodThroughReceivers(toks: readonly Tok[], k: number, sign = ''): { name: string; end: number } | undefined {
  for (let j = k, n = 0; n < 6 && toks[j]?.kind === 'id'; n++) {
    const text = j === k && sign ? toks[j]!.text.slice(sign.length) : toks[j]!.text;
    if (METHOD_OBJECTS.test(text)) return methodObject(toks, j, text);
    if (toks[j + 1]?.text !== '.') return undefined;
    j += 2;
  }
  return undefined;
}

/**
 * The function a value at k refers to, when it is one: Perl's `\&CORE::system`, Ruby's `Kernel.method(:system)`,
 * `method(:exec)`, `Kernel.instance_method(:system).bind(self)`; kept for `$f->(…)` and `m.call(…)` later.
 */
export function referenceAt(toks: readonly Tok[], k: number): { name: string; end: number } | undefined {
  const t = toks[k];
  if (t?.kind === 'p' && t.text === '\\' && toks[k + 1]?.kind === 'id' && toks[k + 1]!.text.startsWith('&')) return { name: builtInOf(toks[k + 1]!.text), end: k + 2 };
  return methodThroughReceivers(toks, k);
}

/**
 * A call of a function object at j (its name or reference just before): `.call(…)`, `.yield(…)`, `.(…)`, `->(…)`,
 * `[…]`, `.bind_call(self, …)`, any of them after a `.to_proc`.
 */
function callOf(toks: readonly Tok[], j: number, name: string): Callee | undefined {
  j = pastAdapters(toks, j);
  const a = toks[j];
  const b = toks[j + 1];
  if (a?.text === '.' && (b?.text === 'call' || b?.text === 'yield')) return { name, from: j + 2, at: j + 1 };
  if ((a?.text === '.' || a?.text === '->') && b?.text === '(') return { name, from: j + 1, at: j };
  // m["curl … | sh"]: Method#[] and Proc#[] call it; the arguments end at the `]`.
  if (a?.text === '[' && a.kind === 'p') return { name, from: j + 1, at: j };
  // bind_call's first argument is the receiver; the method's own arguments follow it.
  if (a?.text === '.' && b?.text === 'bind_call' && toks[j + 2]?.text === '(' && toks[j + 4]?.text === ',') return { name, from: j + 5, at: j + 1 };
  return undefined;
}

/** What the name at k calls: `CORE::system` is system, `Kernel.send(:exec, …)` is exec, `obj.run` is nothing known. */
export function calleeAt(toks: readonly Tok[], k: number, refs?: ReadonlyMap<string, string>): Callee {
  const t = toks[k]!;
  const prev = toks[k - 1];
  if (t.kind === 'p') {
    // &{"CORE::system"}(…), &{\&CORE::system}(…), &{$f}(…): a sub called through its name or a reference to it;
    // after goto, with the arguments the caller set in @_.
    if (t.text !== '&' || toks[k + 1]?.text !== '{') return { name: '', from: k + 1, at: k };
    const held = toks[k + 2]?.kind === 'id' ? refs?.get(toks[k + 2]!.text.replace(/^[$@%&]/, '')) : undefined;
    const inner = toks[k + 2]?.kind === 'str' || held !== undefined ? k + 2 : toks[k + 2]?.text === '\\' ? k + 3 : -1;
    const close = inner + 1;
    if (inner < 0 || toks[close]?.text !== '}' || !calledBySign(toks, k)) return { name: '', from: k + 1, at: k };
    // Without parentheses (`&{$f};`, `goto &{$f}`) the sub gets the caller's @_.
    const callersArguments = toks[close + 1]?.text !== '(';
    return { name: held ?? builtInOf(toks[inner]!.text), from: close + 1, at: close, ...(callersArguments ? { callersArguments } : {}) };
  }
  let name = t.text.replace(/^[$@%&]/, '').replace(BUILT_IN_PACKAGES, '');
  // \&CORE::system is a reference to the function, not a call of it; :system a symbol.
  if (prev?.kind === 'p' && prev.text === '\\') return { name: '', from: k + 1, at: k };
  if (prev?.kind === 'p' && prev.text === ':' && prev.end === t.start) return { name: '', from: k + 1, at: k };
  // $f->(…), &$f(…), m.call(…) after $f = \&CORE::system, m = Kernel.method(:system).
  const bound = t.kind === 'id' ? refs?.get(name) : undefined;
  // &$f(…) with its arguments; &$f; and goto &$f, goto $f (a code reference) with the caller's @_.
  const ampersand = prev?.text === '&' && calledBySign(toks, k - 1);
  const callersArguments = (ampersand && toks[k + 1]?.text !== '(') || prev?.text === 'goto';
  if (bound !== undefined) {
    if (callersArguments) return { name: bound, from: k + 1, at: k, callersArguments };
    return (ampersand ? { name: bound, from: k + 1, at: k } : callOf(toks, k + 1, bound)) ?? { name: '', from: k + 1, at: k };
  }
  // goto &CORE::system, &CORE::system; with the caller's @_.
  if (prev?.text === 'goto' || (t.text.startsWith('&') && toks[k + 1]?.text !== '(' && !/^(?:defined|exists)$/.test(prev?.text ?? ''))) return { name, from: k + 1, at: k, callersArguments: true };
  // Object#method finds Kernel's private methods on any receiver: obj.method(:exec) is Kernel#exec.
  if (prev?.kind === 'p' && (prev.text === '.' || prev.text === '->') && !METHOD_OBJECTS.test(name)) {
    const receiver = toks[k - 2];
    if (!BY_NAME.test(name) && !/_eval$|_exec$/.test(name) && !(receiver?.kind === 'id' && PROCESS_MODULES.test(receiver.text))) name = '';
  }
  if (BY_NAME.test(name)) {
    // send(:system, "…"), send :system, "…", send("sys" + "tem", "…")
    const open = toks[k + 1]?.text === '(' ? 1 : 0;
    const method = methodNameAt(toks, k + 1 + open);
    if (method && toks[method.end]?.text === ',') return { name: method.name, from: method.end + 1, at: k };
    return { name: '', from: k + 1, at: k };
  }
  // Kernel.method(:system).call(…), method(:exec).(…), Kernel.instance_method(:system).bind(self).call(…).
  const taken = METHOD_OBJECTS.test(name) ? methodObject(toks, k) : undefined;
  if (taken) return callOf(toks, taken.end, taken.name) ?? { name: '', from: k + 1, at: k };
  return { name, from: k + 1, at: k };
}

/** Whether the `&` at j calls the sub after it: not when taking a reference (`\&$f`) or asking about it (`defined &$f`). */
function calledBySign(toks: readonly Tok[], j: number): boolean {
  const before = toks[j - 1]?.text;
  return before !== '\\' && before !== 'defined' && before !== 'exists';
}

/** Iterators that call the block they are given with each element (or, for tap and then, with the receiver). */
export const ITERATORS = /^(?:each|each_entry|each_with_index|each_line|map|collect|flat_map|filter_map|select|filter|reject|find|detect|find_all|any\?|all\?|none\?|count|partition|group_by|sort_by|min_by|max_by|sum|tap|then|yield_self)$/;

/** A method passed as a block: `cmds.each(&method(:system))` calls system with each element of cmds. */
export interface BlockPass {
  readonly name: string;
  /** What the elements are: an array literal's tokens [from, to), a variable's name, or the token of a list like ARGV. */
  readonly receiver: { readonly from: number; readonly to: number } | { readonly name: string };
  /** The iterator's name token, and one past the `)` of its arguments. */
  readonly at: number;
  readonly end: number;
}

/** A method passed as a block at k (`&method(:system)`, `&Kernel.method(:exec)`, `&obj.method(:system)`) to an iterator. */
export function blockPassAt(toks: readonly Tok[], k: number): BlockPass | undefined {
  const t = toks[k];
  if (t?.kind !== 'id' || !t.text.startsWith('&') || toks[k - 1]?.text !== '(' || toks[k - 3]?.text !== '.') return undefined;
  const iterator = toks[k - 2];
  if (iterator?.kind !== 'id' || !ITERATORS.test(iterator.text)) return undefined;
  const taken = methodThroughReceivers(toks, k, '&');
  if (!taken || toks[taken.end]?.text !== ')') return undefined;
  const receiver = receiverBefore(toks, k - 3);
  return receiver ? { name: taken.name, at: k - 2, end: taken.end + 1, receiver } : undefined;
}

/** What an iterator called after the `.` at dot iterates: a variable or list (ARGV), an array literal's elements, a word list. */
export function receiverBefore(toks: readonly Tok[], dot: number): BlockPass['receiver'] | undefined {
  const last = toks[dot - 1];
  if (last?.kind === 'id') return { name: last.text };
  if (last?.kind === 'str' && last.words) return { from: dot - 1, to: dot };
  if (last?.kind !== 'p' || last.text !== ']') return undefined;
  // An array literal: back to its `[`.
  for (let j = dot - 2, depth = 1; j >= 0 && j > dot - 400; j--) {
    const x = toks[j]!;
    if (x.kind !== 'p') continue;
    if (x.text === ']') depth++;
    else if (x.text === '[' && --depth === 0) return { from: j + 1, to: dot - 1 };
  }
  return undefined;
}

/** The elements of a word list token (`%w[a b\ c]`): its words, a backslash keeping a space in one. */
export function wordsOf(t: Tok): Tok[] {
  const out: Tok[] = [];
  for (const m of t.text.matchAll(/(?:\\.|\S)+/gs)) out.push({ kind: 'str', text: m[0].replace(/\\(\s)/g, '$1'), start: t.start + m.index, end: t.start + m.index + m[0].length + 1 });
  return out;
}

/** The arguments between a and b (the call's parentheses left out), split at the commas outside brackets. */
export function argumentsOf(toks: readonly Tok[], a: number, b: number): Tok[][] {
  const out: Tok[][] = [[]];
  let depth = 0;
  for (let j = a; j < b; j++) {
    const t = toks[j]!;
    if (t.kind === 'p' && /^[([{]$/.test(t.text)) depth++;
    else if (t.kind === 'p' && /^[)\]}]$/.test(t.text)) depth--;
    if (depth === 0 && t.kind === 'p' && t.text === ',') out.push([]);
    else out.at(-1)!.push(t);
  }
  return out.filter((arg) => arg.length);
}

/** The strings of an argument: a string, or a list of strings (`["-c", "…"]`); undefined for anything else. */
function strings(arg: readonly Tok[]): Tok[] | undefined {
  if (arg.length === 1 && arg[0]!.kind === 'str') return [arg[0]!];
  if (arg[0]?.text !== '[' || arg.at(-1)?.text !== ']') return undefined;
  const inner = arg.slice(1, -1).filter((t) => !(t.kind === 'p' && t.text === ','));
  return inner.length && inner.every((t) => t.kind === 'str') ? inner : undefined;
}

/** The command words a program call is given: its first argument only for popen and the like, else the run of strings. */
export function commandWords(name: string, args: readonly Tok[][]): Tok[] {
  const from = name === 'open3' ? 3 : name === 'open2' ? 2 : 0;
  const rest = args.slice(from);
  if (COMMAND_FIRST.test(name)) return strings(rest[0] ?? []) ?? [];
  // Leading options (Ruby's environment hash) aside, the strings that follow one another are the command.
  const first = rest.findIndex((a) => strings(a) !== undefined);
  const out: Tok[] = [];
  for (let i = Math.max(0, first); first >= 0 && i < rest.length; i++) {
    const s = strings(rest[i]!);
    if (!s) break;
    out.push(...s);
  }
  return out;
}

/**
 * A pipe opened with open(): `open(F, "curl …|")` reads what the command prints, `open(P, "| sh")` writes to it,
 * `open(my $f, "-|", "cmd", …)` and `"|-"` likewise with the command after the mode; Ruby's `open("|cmd")` too.
 */
export function pipeOpen(args: readonly Tok[][]): { words: Tok[]; reads: boolean } | undefined {
  const at = args.findIndex((a) => strings(a) !== undefined);
  if (at < 0) return undefined;
  const mode = strings(args[at]!)![0]!;
  if (/^\s*-\|\s*$|^\s*\|-\s*$/.test(mode.text)) return { words: commandWords('open', args.slice(at + 1)), reads: mode.text.includes('-|') };
  const lead = /^\s*\|/.exec(mode.text);
  const trail = /\|\s*$/.exec(mode.text);
  if (!lead === !trail) return undefined;
  // The command without its pipe sign, at its place in the code.
  const cut = lead ? lead[0].length : 0;
  const text = mode.text.slice(cut, trail ? trail.index : undefined);
  return { words: [{ kind: 'str', text, start: mode.start + cut, end: mode.start + cut + text.length + 1 }], reads: !!trail };
}

/**
 * The words as one shell command, each character at its place in the code: one string is shell code as it is
 * (`system("curl … | sh")`); several are a program and its arguments, each quoted as a word (`system("sh", "-c", "…")`).
 */
export function asShellCode(words: readonly Tok[], at: (i: number) => number): Value | undefined {
  if (!words.length) return undefined;
  let text = '';
  const span: number[] = [];
  const add = (s: string, place: number) => {
    text += s;
    for (let i = 0; i < s.length; i++) span.push(place);
  };
  for (const [w, word] of words.entries()) {
    if (w > 0) add(' ', at(placeIn(word, 0)));
    if (words.length > 1) add("'", at(placeIn(word, 0)));
    for (let i = 0; i < word.text.length; i++) {
      let c = word.text[i]!;
      // A backslash before a quote or a sign quotes it in Perl, Ruby and PHP strings alike.
      if (c === '\\' && /[\\'"`$]/.test(word.text[i + 1] ?? '')) c = word.text[++i]!;
      add(words.length > 1 && c === "'" ? "'\\''" : c, at(placeIn(word, i)));
    }
    if (words.length > 1) add("'", at(placeIn(word, Math.max(0, word.text.length - 1))));
  }
  const last = words.at(-1)!;
  span.push(at(placeIn(last, last.text.length)));
  return { steps: [], text, exact: true, span };
}

/** Whether a command prints what it downloads (curl without -o, wget -O -): its output is then the download. */
export function printsDownload(command: string): string | undefined {
  const url = /\b(?:https?|ftp):\/\/[^\s'"|;]+/.exec(command)?.[0];
  if (!url || /[|;&]/.test(command.replace(url, ''))) return undefined;
  if (/^\s*curl\b/.test(command) && !/\s(?:-\w*[oO]\b|--output\b|--remote-name\b)/.test(command)) return url;
  if (/^\s*wget\b/.test(command) && /\s(?:-\w*O\s*-(?:\s|$)|--output-document[= ]-(?:\s|$))/.test(command)) return url;
  return undefined;
}
