// Interpreters run from shell, and the code they are given: `bash -c`,
// `python3 -c`, `node -e`, `perl -e`, `cmd /c`, PowerShell's -Command and
// -EncodedCommand (decoded here, never run), a script file, or what arrives
// on their input (a pipe, a heredoc). The code given is read again as code
// of its own language; Perl, Ruby and PHP, which have no grammar here, by the
// token reader of one-liners.ts, and cmd.exe's by batch.ts. Apart because each interpreter has its own flags.
import type { Node } from 'web-tree-sitter';
import { concat, literal, NOTHING, union, type Value } from './facts.js';
import { foreignReverseShell, type languageOfRunner, place, PYTHONS, SHELLS } from './flow.js';
import { readBatch } from './batch.js';
import { offsetsOf, ONE_LINER_LANGUAGES, readOneLiner } from './one-liners.js';
import { recordExec, stepped, type Io, type ShellReader, type Word } from './shell-reader.js';
import { fileValue } from './shell-words.js';

export const POWERSHELL_NAMES = new Set(['powershell', 'pwsh']);

export function interpreter(r: ShellReader, node: Node, name: string, language: ReturnType<typeof languageOfRunner>, args: Word[], stdin: Value, io: Io): Value {
  const texts = args.map((a) => a.v.text);
  const at = place(node);
  let code: Word | undefined;
  let encoded: Word | undefined;
  let script: Word | undefined;
  let interactive = false;
  for (let k = 0; k < args.length; k++) {
    const t = texts[k]!;
    if (POWERSHELL_NAMES.has(name)) {
      if (/^-(?:e|ec|en|enc|enco|encod|encode|encoded|encodedc\w*)$/i.test(t)) {
        encoded = args[k + 1];
        break;
      }
      if (/^-(?:c|command)$/i.test(t)) {
        const rest = args.slice(k + 1);
        code = rest.length === 1 ? rest[0] : rest.length ? { node: rest[0]!.node, v: concat(rest.map((r) => r.v), ' ') } : undefined;
        break;
      }
      if (/^-(?:f|file)$/i.test(t)) {
        script = args[k + 1];
        break;
      }
      if (/^-(?:executionpolicy|ep|windowstyle|w|configurationname|workingdirectory|wd|outputformat|of|inputformat|if)$/i.test(t)) k++;
      continue;
    }
    if (name === 'cmd') {
      if (/^\/[ck]$/i.test(t)) {
        const rest = args.slice(k + 1);
        code = rest.length ? { node: rest[0]!.node, v: concat(rest.map((r) => r.v), ' ') } : undefined;
        break;
      }
      continue;
    }
    if (t === '-' || t === '--') {
      if (t === '-') break;
      continue;
    }
    if (t.startsWith('-') && t.length > 1) {
      const cluster = t.startsWith('--') ? t : t.slice(1);
      if (SHELLS.has(name) && !t.startsWith('--') && cluster.includes('c')) {
        code = args[k + 1];
        break;
      }
      if (SHELLS.has(name) && cluster.includes('i')) interactive = true;
      if (PYTHONS.test(name) && cluster === 'c') {
        code = args[k + 1];
        break;
      }
      if (PYTHONS.test(name) && (cluster === 'm')) return NOTHING;
      if ((name === 'node' || name === 'nodejs' || name === 'deno' || name === 'bun') && /^(?:e|p|-eval|-print|pe)$/.test(cluster)) {
        code = args[k + 1];
        break;
      }
      if ((name === 'perl' || name === 'ruby') && /^[a-zA-Z]*[eE]$/.test(cluster)) {
        code = args[k + 1];
        break;
      }
      if (name === 'php' && cluster === 'r') {
        code = args[k + 1];
        break;
      }
      if (PYTHONS.test(name) && /^[WX]$/.test(cluster)) k++;
      if ((name === 'node' || name === 'nodejs') && /^(?:r|-require|-import|-loader)$/.test(cluster)) k++;
      continue;
    }
    if (name === 'deno' && (t === 'run' || t === 'eval')) {
      if (t === 'eval') {
        code = args[k + 1];
        break;
      }
      continue;
    }
    if (name === 'busybox' && SHELLS.has(t)) continue;
    script = args[k];
    break;
  }

  const shellLike = SHELLS.has(name) || POWERSHELL_NAMES.has(name) || name === 'cmd';
  if (encoded) {
    // PowerShell -EncodedCommand: base64 of UTF-16LE text. Decoded here to be read, never run.
    const decodedText = decodePowerShell(encoded.v.text);
    const value = stepped('decoded', encoded.node.startIndex, 'decodes the base64 -EncodedCommand', encoded.v);
    recordExec(r.f, node, `${name} -EncodedCommand`, value);
    if (decodedText) r.f.nest('powershell', { ...literal(decodedText), span: new Array<number>(decodedText.length + 1).fill(encoded.node.startIndex) }, 'the decoded -EncodedCommand');
    return NOTHING;
  }
  if (code) {
    recordExec(r.f, node, `${name} ${POWERSHELL_NAMES.has(name) ? '-Command' : name === 'cmd' ? '/c' : texts.find((t) => t.startsWith('-')) ?? '-c'}`, code.v);
    if (language) r.f.nest(language, code.v, `the code given to ${name}`);
    else if (code.v.exact && foreignReverseShell(code.v.text)) r.f.facts.shells.push({ ...at, what: `runs ${name} code that opens a network socket and hands it a shell` });
    if (ONE_LINER_LANGUAGES.has(name)) {
      const use = readOneLiner(r.f, name, code.v.text, offsetsOf(code.v, code.node.startIndex));
      // `ruby -e 'ARGV.each(&method(:system))' "curl … | sh"`: the arguments after the code are commands.
      if (use.runsArguments) for (const arg of args.slice(args.indexOf(code) + 1)) if (arg.v.exact) r.f.nest('bash', arg.v, `an argument ${name} runs as a command`);
      // `curl … | ruby -e 'STDIN.each_line(&method(:system))'`: what arrives on its input runs.
      if (use.runsInput && stdin.steps.length) recordExec(r.f, node, `${name} (runs each line of its input)`, stdin);
    }
    if (name === 'cmd') readBatch(r.f, code.v.text, offsetsOf(code.v, code.node.startIndex));
    if (shellLike && interactive) r.markShell(at);
    return NOTHING;
  }
  if (script) {
    const file = fileValue(r.f, script.v, script.node.startIndex);
    recordExec(r.f, node, name, union(file, script.v), script.v.text);
    return NOTHING;
  }
  // No program given: it runs what arrives on its input (a pipe, a heredoc).
  if (shellLike) r.markShell(at);
  if (stdin.steps.length || io.heredoc) recordExec(r.f, node, name, stdin);
  if (io.heredoc && language) r.f.nest(language, io.heredoc, `the heredoc given to ${name}`);
  if (io.heredoc && ONE_LINER_LANGUAGES.has(name)) readOneLiner(r.f, name, io.heredoc.text, offsetsOf(io.heredoc, node.startIndex));
  if (interactive) r.markShell(at);
  return NOTHING;
}

/** PowerShell's -EncodedCommand text: base64 of UTF-16LE. Only decoded, never run. */
export function decodePowerShell(b64: string): string | undefined {
  if (!/^[A-Za-z0-9+/=]{8,}$/.test(b64)) return undefined;
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length < 2) return undefined;
  const text = bytes.toString('utf16le');
  // A payload that is not UTF-16 text decodes to noise: keep only readable text.
  return /^[\t\n\r\u0020-\u007e\u00a0-\u024f]*$/.test(text) ? text : undefined;
}
