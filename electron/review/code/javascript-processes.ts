// Programs started from JavaScript with an argument list (spawn, execFile):
// an interpreter given code or a script, or a program by its path, and what
// a program's output is (the environment, a secret file). Apart because a
// process call runs code of another language.
import type { Node } from 'web-tree-sitter';
import { credentialPlace, NOTHING, shown, union, withStep, type Value } from './facts.js';
import { isInterpreter, languageOfRunner, programName, SHELLS } from './flow.js';
import type { JsReader } from './javascript-reader.js';

export function program(r: JsReader, node: Node, runner: string, command: Value, argv: readonly Value[]): Value {
  const name = programName(command.text);
  const out: Value = { ...union(command, ...argv), ...(SHELLS.has(name) || name === 'cmd' || name === 'powershell' || name === 'pwsh' ? { shell: true } : {}) };
  if (isInterpreter(name)) {
    const flag = argv.findIndex((v) => /^-[a-zA-Z]*[ceE]$|^-Command$|^\/c$/i.test(v.text));
    const code = flag >= 0 ? argv[flag + 1] : undefined;
    const lang = languageOfRunner(name);
    if (code) {
      r.exec(node, `${runner} running ${name}`, code);
      if (lang) r.f.nest(lang, code, `the code given to ${name}`);
    } else {
      const script = argv.find((v) => !v.text.startsWith('-'));
      if (script) r.exec(node, `${runner} running ${name}`, script, script.text);
    }
    return out;
  }
  r.exec(node, runner, command, command.text);
  return processOutput(node, [command.text, ...argv.map((a) => a.text)].join(' '), out);
}

export function processOutput(node: Node, text: string, base: Value): Value {
  if (/^\s*(?:env|printenv|set)\s*$/.test(text)) return withStep(NOTHING, { kind: 'environment', offset: node.startIndex, what: `reads the whole environment (${text.trim()})` });
  const what = credentialPlace(text);
  if (what) return withStep(base, { kind: 'secret', offset: node.startIndex, what: `reads ${what} (${shown(text, 60)})` });
  return base;
}
