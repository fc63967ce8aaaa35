// Programs started from Python: os.system and shell=True (the command is
// read again as shell), subprocess and os.exec*/spawn* argument lists (an
// interpreter given code or a script, or a program by its path), and what
// a program's output is (the environment, a keychain password, a secret
// file). Apart because a process call runs code of another language.
import type { Node } from 'web-tree-sitter';
import { credentialPlace, NOTHING, shown, union, withStep, type StepKind, type Value } from './facts.js';
import { isInterpreter, languageOfRunner, place, programName, PYTHONS, SHELLS } from './flow.js';
import type { PythonCall, PythonReader } from './python-reader.js';

const SHELL_CALLS = new Set(['os.system', 'os.popen', 'commands.getoutput', 'commands.getstatusoutput', 'subprocess.getoutput', 'subprocess.getstatusoutput', 'asyncio.create_subprocess_shell']);
const PROCESS_CALLS = /^(?:subprocess\.(?:run|call|check_call|check_output|Popen)|asyncio\.create_subprocess_exec|os\.(?:exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?)|pty\.spawn|sh\.Command|pexpect\.spawn|pexpect\.run)$/;

/** Programs: through a shell, or from an argument list. */
export function processCall(r: PythonReader, c: PythonCall): Value | undefined {
  const { node, positional, kw, ref, arg0 } = c;
  if (SHELL_CALLS.has(ref) || (PROCESS_CALLS.test(ref) && kw.get('shell')?.text === 'True' && !arg0.items)) {
    r.exec(node, `${ref}()`, arg0);
    if (arg0.span) r.f.nest('bash', arg0, `the command given to ${ref}()`);
    return processOutput(node, arg0);
  }
  if (PROCESS_CALLS.test(ref)) {
    const items = /^os\.(?:exec|spawn)/.test(ref) ? (positional.find((p) => p.items)?.items ?? positional.slice(/^os\.spawn/.test(ref) ? 1 : 0)) : (arg0.items ?? [arg0, ...(ref === 'pty.spawn' ? [] : positional.slice(1))]);
    program(r, node, ref, items, kw);
    return processOutput(node, arg0);
  }
  return undefined;
}

function processOutput(node: Node, command: Value): Value {
  const text = command.items ? command.items.map((i) => i.text).join(' ') : command.text;
  if (/^\s*(?:env|printenv|set)\s*$/.test(text)) return withStep(NOTHING, { kind: 'environment', offset: node.startIndex, what: `reads the whole environment (${text.trim()})` });
  if (/\bsecurity\s+(?:find-(?:generic|internet)-password|dump-keychain)\b/.test(text)) return withStep(NOTHING, { kind: 'secret', offset: node.startIndex, what: 'reads a password from the macOS keychain' });
  const what = credentialPlace(text);
  if (what) return withStep(NOTHING, { kind: 'secret', offset: node.startIndex, what: `reads ${what} (${shown(text, 60)})` });
  return union(command);
}

/** A program started with an argument list: what runs is the program, or the script or code it is given. */
function program(r: PythonReader, node: Node, ref: string, items: readonly Value[], kw: ReadonlyMap<string, Value>): void {
  const first = items[0] ?? NOTHING;
  const name = programName(first.text);
  const stdin = kw.get('stdin') ?? NOTHING;
  const input = kw.get('input') ?? NOTHING;
  if (SHELLS.has(name) || name === 'cmd' || name === 'powershell' || name === 'pwsh') {
    const socketStd = [kw.get('stdin'), kw.get('stdout'), kw.get('stderr')].some((v) => v?.steps.some((s: { kind: StepKind }) => s.kind === 'socket'));
    if (socketStd) r.f.facts.shells.push({ ...place(node), what: `starts ${name} with its input and output on a network socket${r.sockets.host ? ` to ${r.sockets.host}` : ''}: whoever is there can type commands on this computer` });
    else r.sockets.spawned ??= { ...place(node), what: `starts ${name}` };
  }
  if (isInterpreter(name)) {
    const flag = items.findIndex((v, i) => i > 0 && /^-[a-zA-Z]*[ceE]$|^-Command$/i.test(v.text));
    const code = flag > 0 ? items[flag + 1] : undefined;
    const lang = languageOfRunner(name);
    if (code) {
      r.exec(node, `${ref}() running ${name}`, code);
      if (lang) r.f.nest(lang, code, `the code given to ${name}`);
      return;
    }
    const script = items.slice(1).find((v) => !v.text.startsWith('-'));
    if (script) r.exec(node, `${ref}() running ${name}`, script, script.text);
    else r.exec(node, `${ref}() running ${name}`, union(stdin, input));
    return;
  }
  if (PYTHONS.test(name)) return;
  r.exec(node, `${ref}()`, first, first.text);
}
