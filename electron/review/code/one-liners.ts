// Perl, Ruby and PHP code given to an interpreter from shell (`perl -e '…'`,
// `ruby -e '…'`, `php -r '…'`, a heredoc fed to `perl -`), for which there is
// no grammar. A small reader of its tokens finds the few constructs that make
// such a one-liner an attack: eval, system, exec, backticks or a pipe opened
// with open() fed by a download (LWP's get, open-uri, Net::HTTP,
// file_get_contents of a URL) or by a decoder (decode_base64, Base64.decode64,
// unpack 'm', base64_decode); and a socket or an HTTP client sent what was
// read from a credential file or a secret variable. Values flow through
// variables within the snippet (what a value is: one-liner-values.ts; where an
// expression ends: one-liner-extents.ts). A command given to a program call,
// in any of the languages' spellings (one-liner-processes.ts), is read again
// as shell.
// It reads tokens, not a grammar: enough for one-liners and short heredoc
// bodies, not for programs.
import { isLoopback, NOTHING, withStep, type Step, type Value } from './facts.js';
import { isInterpreter, programName, type Flow } from './flow.js';
import { MAX_TOKENS, tokens } from './one-liner-tokens.js';
import { blockAt, blockCallAt } from './one-liner-blocks.js';
import { choices, interpolated, joinAll, stringsOf, TOO_MANY_ALTERNATIVES, type Capped, type KnownLists, type KnownStrings } from './one-liner-strings.js';
import { listAssigned, listStatementAt, type ListContext } from './one-liner-lists.js';
import { appendAt } from './one-liner-string-methods.js';
import { extentsOf, type Work } from './one-liner-extents.js';
import { DOWNLOADS, evaluatorOf, varName, type Found } from './one-liner-values.js';
import { argumentsOf, asShellCode, blockPassAt, calleeAt, commandWords, pipeOpen, printsDownload, PROGRAMS, referenceAt, wordsOf, type BlockPass, type Tok } from './one-liner-processes.js';

/** Interpreters this reader knows. */
export const ONE_LINER_LANGUAGES = new Set(['perl', 'ruby', 'php']);

/** Code longer than this is read only up to here: one-liners and heredoc bodies are short. */
const MAX_CODE = 20_000;
/** Token visits per snippet, all evaluations together. */
const WORK_BUDGET = 100_000;

const RUNNERS = /^(?:eval|system|exec|passthru|shell_exec|popen|proc_open|assert|create_function|spawn|instance_eval|class_eval|module_eval|instance_exec|do|load|require)$/;
const WRITES = /^(?:print|printf|say|syswrite|send|write|puts|fwrite|fputs|socket_write|socket_send)$/;
const POSTS = /^(?:post|post_form|put|patch|request)$/;

/** The snippet offset of each character of a value's text, when its literal knows them, else the place of the whole. */
export function offsetsOf(value: Value, fallback: number): (i: number) => number {
  const span = value.span;
  if (typeof span === 'number') return (i) => span + i;
  if (span && span.length) return (i) => span[Math.max(0, Math.min(span.length - 1, i))]!;
  return () => fallback;
}

/** What a one-liner does with what the shell gives it, which only the shell reader can follow. */
export interface OneLinerUse {
  /** It runs its command-line arguments as commands: `ARGV.each(&method(:system))`. */
  runsArguments: boolean;
  /** It runs what it reads on its input, line by line: `STDIN.each_line(&method(:system))`. */
  runsInput: boolean;
}

/** Lists a one-liner reads from the shell: its arguments, or its input. */
const ARGUMENT_LISTS = /^ARGV$/;
const INPUT_LISTS = /^(?:STDIN|\$stdin|ARGF|readlines)$/;

/**
 * Reads Perl, Ruby or PHP code and records what it runs and sends in `f`. `at(i)` is the snippet offset of the
 * code's character i (code inside a shell word keeps its place in the file).
 */
export function readOneLiner(f: Flow, language: string, code: string, at: (i: number) => number): OneLinerUse {
  const use: OneLinerUse = { runsArguments: false, runsInput: false };
  if (code.length > MAX_CODE) {
    code = code.slice(0, MAX_CODE);
    f.stop(at(MAX_CODE - 1), `its ${language} code is longer than ${MAX_CODE} characters`);
  }
  const toks = tokens(code, language);
  if (toks.length >= MAX_TOKENS && code.slice(toks.at(-1)!.end).trim()) f.stop(at(toks.at(-1)!.end - 1), `its ${language} code has more than ${MAX_TOKENS} tokens`);
  const vars = new Map<string, Found>();
  /** Where each variable's value was last written, as tokens [from, to): the elements of `cmds = ["…", "…"]`. */
  const written = new Map<string, { from: number; to: number }>();
  /** Variables holding a reference to a function: `$f = \&CORE::system`, `m = Kernel.method(:system)`. */
  const refs = new Map<string, string>();
  /** Variables holding a string the code wrote (`c = "cur" + "l …"`), or a block's parameter, each element's string. */
  const strings: KnownStrings = new Map();
  /** Lists the code filled element by element (`cmd = []; cmd << "curl …"`), for a join of them. */
  const lists: KnownLists = new Map();
  /** Where the code last set @_ (`@_ = ("curl …")`): the `=` and the value's end, what `goto &$f` calls $f with. */
  let callerArguments: { eq: number; end: number } | undefined;
  // A string or list built of more parts or alternatives than are read: what follows it is said to be unread.
  const capped: Capped = (t, why) => {
    const last = toks.at(-1);
    if (t ?? last) f.stop(at((t ?? last)!.start), why);
  };
  const place = (a: Tok, b: Tok) => ({ offset: at(a.start), length: Math.max(1, at(Math.max(a.start, b.end - 1)) + 1 - at(a.start)) });
  const step = (kind: Step['kind'], t: Tok, what: string): Step => ({ kind, offset: at(t.start), what });
  const name = varName;
  // Every token looked at costs one: calls nested in calls are looked at again by each, so a hostile line of
  // thousands of nested calls must run out of budget rather than take quadratic time.
  const work: Work = { left: WORK_BUDGET };
  const { argEnd, programEnd, lineEnd } = extentsOf(toks, code, language, work);

  /** A call's arguments, its parentheses left out; `from` is past the method's name for a call by name. */
  const callArguments = (k: number, from: number, end: number): Tok[][] => {
    const paren = toks[k + 1]?.text === '(' && toks[end - 1]?.text === ')';
    return argumentsOf(toks, from === k + 1 && paren ? k + 2 : from, paren ? end - 1 : end);
  };
  /** Shell code a program call is given, read again by the shell reader: `system("curl … | sh")`. */
  const nestCommand = (words: readonly Tok[], what: string): void => {
    // Ruby puts a value into a string with #{…}: a variable's known string, else one the shell reader cannot know
    // (one-liner-strings.ts), not the comment the shell would read `#` as: `curl -s #{u} | sh` runs whatever u is.
    for (const chosen of choices(words.map((w) => interpolated(w, language, strings)), () => capped(words[0], TOO_MANY_ALTERNATIVES))) {
      const command = asShellCode(chosen, at);
      if (command) f.nest('bash', command, what);
    }
  };
  /** The commands a program call may be given: its arguments, a variable or a join read as the string it is. */
  const commandsOf = (runner: string, args: readonly Tok[][]): Tok[][] =>
    choices(args.map((arg) => stringsOf(arg, language, strings, lists, capped)?.map((s) => [s]) ?? [arg]), () => capped(args[0]?.[0], TOO_MANY_ALTERNATIVES)).map((chosen) => commandWords(runner, chosen));
  /** What the tokens from a to b (exclusive) compute, as far as known (one-liner-values.ts). */
  const evaluate = evaluatorOf({ toks, language, vars, refs, work, step, argEnd, programEnd, programCommands: (called, end) => commandsOf(called.name, callArguments(called.at, called.from, end)) });
  /** The elements of what an iterator at `at` (its name) is called on: an array literal's, a word list's, a variable's. */
  const elementsOf = (receiver: BlockPass['receiver'], at: number): Tok[][] => {
    const list = 'from' in receiver ? receiver : written.get(name(toks[at - 2]));
    const wordList = list && list.to === list.from + 1 && toks[list.from]?.words ? toks[list.from] : undefined;
    if (wordList) return wordsOf(wordList).map((w) => [w]);
    if (list && toks[list.from]?.text === '[' && toks[list.to - 1]?.text === ']') return argumentsOf(toks, list.from + 1, list.to - 1);
    return 'from' in receiver ? argumentsOf(toks, receiver.from, receiver.to) : [];
  };

  const listContext: ListContext = { toks, language, known: strings, lists, capped, statementEnd: (from) => lineEnd(from, programEnd(from - 1)) };
  let statement = 0;
  for (let k = 0; k < toks.length && work.left > 0; k++) {
    const t = toks[k]!;
    if (t.kind === 'p' && (t.text === ';' || t.text === '{' || t.text === '}')) {
      statement = k + 1;
      continue;
    }
    const n = name(t);
    const next = toks[k + 1];
    // `a, b = "curl …", "| sh"`, a list grown (`cmd << "curl …"`, Perl's `push @c, …`): the strings they set.
    const listStatement = listStatementAt(listContext, k);
    if (listStatement !== undefined) {
      k = listStatement;
      continue;
    }
    // A variable changed in place: `c << " | sh"`, `c += …`, `c.concat(…)`, Perl's `$c .= …`.
    const grows = appendAt(toks, k, language);
    if (grows) {
      const end = grows.paren ? argEnd(grows.from - 1) - 1 : argEnd(grows.from);
      const held = strings.get(n);
      const more = held && stringsOf(toks.slice(grows.from, grows.paren ? end : lineEnd(grows.from, end)), language, strings, lists, capped);
      if (held && more) strings.set(n, joinAll(held, more));
      else strings.delete(n);
      continue;
    }
    // An assignment: `my $s = …`, `$c = …`, `data = …` (the value up to the statement's end).
    if (t.kind === 'id' && next?.kind === 'p' && next.text === '=' && toks[k + 2]?.text !== '=' && toks[k + 2]?.text !== '~') {
      const end = argEnd(k + 2);
      vars.set(n, evaluate(k + 2, end));
      const held = stringsOf(toks.slice(k + 2, lineEnd(k + 2, end)), language, strings, lists, capped);
      if (held) strings.set(n, held);
      else strings.delete(n);
      written.set(n, { from: k + 2, to: end });
      listAssigned(listContext, t, k + 2, lineEnd(k + 2, end));
      const ref = referenceAt(toks, k + 2);
      if (ref && ref.end === end) refs.set(n, ref.name);
      else refs.delete(n);
      if (t.text === '@_') callerArguments = { eq: k + 1, end };
      continue;
    }
    // A command in backticks or qx runs in a shell: what is substituted into it runs too.
    if (t.kind === 'cmd') {
      const runs = evaluate(k, k + 1).value;
      // Its own output (a download it prints) is not run by it: only what is substituted into it.
      const own = at(t.start);
      if (runs.steps.some((s) => (s.kind === 'download' && s.offset !== own) || s.kind === 'decoded')) record(f, place(t, t), `${language} backticks`, runs);
      nestCommand([t], `the command in ${language} backticks`);
      continue;
    }
    // &{"CORE::system"}(…) starts at its sign.
    if (t.kind !== 'id' && t.text !== '&') continue;
    const prev = toks[k - 1];
    const member = prev?.kind === 'p' && (prev.text === '->' || prev.text === '.');
    // cmds.each(&method(:system)), cmds.each { |c| system(c) }: each element is a command; ARGV's and STDIN's come
    // from the shell. A block's body is read on (its end is where the body starts); a method passed is skipped.
    const passed = blockPassAt(toks, k) ?? blockCallAt(toks, k, refs);
    // Any other block: its parameter holds each element's string while the body is read (`system("sh", "-c", c)`).
    const block = blockAt(toks, k);
    if (block) strings.delete(block.parameter);
    if (block && !(passed && PROGRAMS.test(passed.name))) {
      const each = elementsOf(block.receiver, k).flatMap((element) => stringsOf(element, language, strings, lists, capped) ?? []);
      if (each.length) strings.set(block.parameter, each);
    }
    if (passed && PROGRAMS.test(passed.name)) {
      const receiver = passed.receiver;
      const elements = elementsOf(receiver, passed.at);
      if ('name' in receiver && ARGUMENT_LISTS.test(receiver.name)) use.runsArguments = true;
      if ('name' in receiver && INPUT_LISTS.test(receiver.name)) use.runsInput = true;
      // What the elements compute: a download's lines (`URI.open(u).read.lines`, or a variable holding them) run as they are.
      const input = evaluate('from' in receiver ? receiver.from : statement, 'from' in receiver ? receiver.to : passed.at - 1).value;
      if (input.steps.some((s) => s.kind === 'download' || s.kind === 'decoded')) record(f, place(toks[passed.at]!, toks[passed.end - 1]!), `${language} ${passed.name} (each element)`, input);
      for (const element of elements) for (const words of commandsOf(passed.name, [element])) nestCommand(words, `a command ${language}'s ${passed.name} is given by ${toks[passed.at]!.text}`);
      k = passed.end - 1;
      continue;
    }
    // system, Kernel.system, CORE::system, Kernel.send(:system, …), IO.popen, Open3.capture2, shell_exec, …
    const called = calleeAt(toks, k, refs);
    const runner = called.name;
    if ((RUNNERS.test(runner) || PROGRAMS.test(runner)) && !(runner === 'require' || runner === 'load' || runner === 'do' ? next?.kind !== 'id' : false)) {
      // The arguments follow the name, or the `.call` / `}` / `->` / `[` of a call through a reference.
      const end = PROGRAMS.test(runner) ? programEnd(called.at) : argEnd(called.at + 1);
      // goto &$f, goto &CORE::system, &$f;: the sub is called with the @_ set before, not with what follows.
      const viaGoto = called.callersArguments === true;
      if (viaGoto && !callerArguments) continue;
      const args = viaGoto && callerArguments ? { at: callerArguments.eq, from: callerArguments.eq + 1, end: callerArguments.end } : { at: called.at, from: called.from, end };
      const input = evaluate(args.at + 1, args.end);
      if (input.value.steps.some((s) => s.kind === 'download' || s.kind === 'decoded')) record(f, place(t, toks[end - 1] ?? t), `${language} ${runner}`, input.value);
      if (PROGRAMS.test(runner)) for (const words of commandsOf(runner, callArguments(args.at, args.from, args.end))) nestCommand(words, `the command given to ${language}'s ${runner}`);
      continue;
    }
    // open(my $fh, "|sh"), open(F, "curl …|"), open(F, "-|", …), Ruby's open("|cmd"): a pipe to or from a program.
    if (runner === 'open' && next?.text === '(') {
      const end = argEnd(k + 1);
      const args = callArguments(k, k + 1, end);
      const pipe = pipeOpen(args);
      const handle = args[0]?.find((x) => x.kind === 'id' && !/^(?:my|our|local)$/.test(x.text));
      if (pipe) nestCommand(pipe.words, `the command ${language}'s open() runs`);
      const command = pipe?.words.map((w) => w.text).join(' ') ?? '';
      const url = pipe?.reads ? printsDownload(command) : undefined;
      if (pipe && handle) {
        vars.set(name(handle), pipe.reads ? { value: url ? withStep(NOTHING, step('download', t, `downloads ${url} (open)`)) : NOTHING } : { value: NOTHING, program: programName(pipe.words[0]?.text.trim().split(/\s+/)[0] ?? '') });
      }
    }
    // print $sock …, $sock->send(…), sock.write(…), syswrite($sock, …): a write to something known.
    if (WRITES.test(n)) {
      let target: Tok | undefined;
      let from = k + 1;
      if (member) target = toks[k - 2];
      else if (next?.text === '(' && toks[k + 2]?.kind === 'id') {
        target = toks[k + 2];
        from = k + 3;
      } else if (next?.kind === 'id' && toks[k + 2]?.text !== ',' && toks[k + 2]?.text !== '(') {
        target = next;
        from = k + 2;
      } else if (next?.text === '{' && toks[k + 2]?.kind === 'id') {
        target = toks[k + 2];
        from = k + 4;
      }
      const sink = target ? vars.get(name(target)) : undefined;
      // What is written to a pipe to a shell or an interpreter runs: print $sh decode_base64(…).
      if (sink?.program && isInterpreter(sink.program)) {
        const end = argEnd(from);
        const input = evaluate(from, end).value;
        if (input.steps.some((s) => s.kind === 'download' || s.kind === 'decoded')) record(f, place(toks[member ? k - 2 : k]!, toks[end - 1] ?? t), `${language} pipe to ${sink.program}`, input);
        continue;
      }
      if (!sink?.socket) continue;
      const end = argEnd(from);
      const payload = evaluate(from, end);
      sendIfSecret(f, place(toks[member ? k - 2 : k]!, toks[end - 1] ?? t), `writes it to a ${language} socket`, sink.host, payload.value);
      continue;
    }
    // $ua->post($url, …), Net::HTTP.post_form(URI(…), …), HTTParty.post(…): an HTTP client sends what it is given.
    if (member && POSTS.test(n)) {
      const receiver = evaluate(statement, k);
      if (!receiver.client) continue;
      const end = argEnd(k + 1);
      const payload = evaluate(k + 1, end);
      sendIfSecret(f, place(t, toks[end - 1] ?? t), `${n === 'request' ? 'sends' : 'POSTs'} it with ${language}'s HTTP client`, payload.host ?? receiver.host, payload.value);
      continue;
    }
    // A download whose address carries a secret: get("https://x.example/?k=$token").
    if (DOWNLOADS.test(n) && !member && next && !/^(?:URI|Net::HTTP|HTTP::Tiny|LWP::UserAgent|Mojo::UserAgent|HTTParty|RestClient|Faraday|Excon)$/.test(n)) {
      const end = argEnd(k + 1);
      const inner = evaluate(k + 1, end);
      sendIfSecret(f, place(t, toks[end - 1] ?? t), 'puts it in the address it fetches', inner.host, inner.value);
    }
  }
  return use;
}

function record(f: Flow, at: { offset: number; length: number }, runner: string, input: Value): void {
  if (f.full) return;
  f.facts.execs.push({ ...at, runner, input });
}

function sendIfSecret(f: Flow, at: { offset: number; length: number }, verb: string, host: string | undefined, payload: Value): void {
  if (f.full || isLoopback(host) || !payload.steps.some((s) => s.kind === 'secret' || s.kind === 'environment')) return;
  f.facts.sends.push({ ...at, verb, ...(host ? { host } : {}), payload });
}
