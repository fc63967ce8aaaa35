// Downloads and network tools in shell: curl, wget and the like (what they
// fetch and where they save it, what they upload or POST, secrets put in an
// address), and nc, socat, telnet and openssl (a shell handed to a
// connection with -e or exec:, secrets written to one, what a connection
// sends back). Apart because each tool's flags are a small language of
// their own.
import type { Node } from 'web-tree-sitter';
import { hostOf, isLoopback, literal, NOTHING, shown, union, type Value } from './facts.js';
import { place } from './flow.js';
import { stepped, type ShellReader, type Word } from './shell-reader.js';
import { fileValue } from './shell-words.js';

export const DOWNLOADERS = new Set(['curl', 'wget', 'aria2c', 'fetch', 'lwp-download', 'axel']);
export const NETWORK_TOOLS = new Set(['nc', 'ncat', 'netcat', 'nc.traditional', 'nc.openbsd', 'telnet', 'socat', 'openssl']);

export function download(r: ShellReader, node: Node, name: string, args: Word[], stdin: Value): Value {
  const at = place(node);
  const urls: Word[] = [];
  const data: Value[] = [];
  let output: string | undefined;
  let outputWord: Word | undefined;
  let remoteName = false;
  let toStdout = false;
  let upload: string | undefined;
  let dir: string | undefined;
  const curlValue = /^-(?:o|d|F|T|H|u|X|A|e|b|c|K|x|w|m|r|C|z|E|U|Y|y|P|Q)$/;
  for (let k = 0; k < args.length; k++) {
    const t = args[k]!.v.text;
    const next = args[k + 1];
    if (name === 'curl') {
      if (/^--(?:data|data-binary|data-raw|data-urlencode|data-ascii|json|form|form-string)$/.test(t) || /^-[a-zA-Z]*[dF]$/.test(t)) {
        if (next) data.push(dataValue(r, next, stdin));
        upload ??= 'POSTs';
        k++;
        continue;
      }
      if (t === '--upload-file' || /^-[a-zA-Z]*T$/.test(t)) {
        if (next) data.push(next.v.text === '-' || next.v.text === '.' ? stdin : fileValue(r.f, next.v, next.node.startIndex));
        upload = 'uploads';
        k++;
        continue;
      }
      if (t === '--output' || /^-[a-zA-Z]*o$/.test(t)) {
        output = next?.v.text;
        outputWord = next;
        k++;
        continue;
      }
      if (t === '--remote-name' || t === '--remote-name-all' || /^-[a-zA-Z]*O[a-zA-Z]*$/.test(t)) remoteName = true;
      if (t === '--url') {
        if (next) urls.push(next);
        k++;
        continue;
      }
      if (/^--(?:header|user|request|user-agent|referer|cookie|cookie-jar|config|proxy|write-out|max-time|connect-timeout|retry|range|continue-at|output-dir|cert|key|cacert|resolve|interface)$/.test(t) || curlValue.test(t) || /^-[a-zA-Z]*[HuXAebcKxwmrCzE]$/.test(t)) {
        k++;
        continue;
      }
    } else if (name === 'wget') {
      if (/^--(?:post-data|body-data)(?:=|$)/.test(t)) {
        data.push(t.includes('=') ? dataValue(r, { node: args[k]!.node, v: { ...args[k]!.v, text: t.slice(t.indexOf('=') + 1) } }, stdin) : next ? dataValue(r, next, stdin) : NOTHING);
        upload = 'POSTs';
        if (!t.includes('=')) k++;
        continue;
      }
      if (/^--(?:post-file|body-file)(?:=|$)/.test(t)) {
        const file = t.includes('=') ? t.slice(t.indexOf('=') + 1) : next?.v.text;
        if (file) data.push(fileValue(r.f, literal(file), args[k]!.node.startIndex));
        upload = 'POSTs';
        if (!t.includes('=')) k++;
        continue;
      }
      const o = /^(?:--output-document=?|-[a-zA-Z]*O)(.*)$/.exec(t);
      if (o) {
        const file = o[1] || next?.v.text;
        if (!o[1]) k++;
        if (file === '-') toStdout = true;
        else output = file;
        continue;
      }
      if (/^-[a-zA-Z]*[PoaeUTtwQ]$|^--(?:header|user|password|directory-prefix|output-file|user-agent|tries|timeout)$/.test(t)) {
        k++;
        continue;
      }
    } else if (/^-[a-zA-Z]*o$|^--out$/.test(t)) {
      output = next?.v.text;
      outputWord = next;
      k++;
      continue;
    } else if (name === 'aria2c' && /^--(?:out|dir)=/.test(t)) {
      if (t.startsWith('--out=')) output = t.slice(6);
      else dir = t.slice(6);
      continue;
    } else if (/^-[a-zA-Z]*d$|^--dir$/.test(t)) {
      // aria2c -d DIR -o NAME: the file lands in DIR/NAME (the directory is not an address).
      dir = next?.v.text;
      k++;
      continue;
    }
    if (!t.startsWith('-')) urls.push(args[k]!);
  }
  const urlValue = union(...urls.map((u) => u.v));
  const url = urls[0]?.v.text ?? '';
  const host = hostOf(url);
  const payload = union(...data, urlValue);
  if (payload.steps.some((s) => s.kind === 'secret' || s.kind === 'environment')) {
    r.f.facts.sends.push({ ...at, verb: upload ?? 'sends it in the address of a request', ...(host ? { host } : {}), payload });
  }
  if (upload && !output && !remoteName) return NOTHING;
  const fetched = stepped('download', node.startIndex, `downloads ${url && url !== '*' ? shown(url, 100) : 'from an address built at run time'}`, urlValue);
  if (name === 'wget' && !toStdout && !output) {
    remoteName = true;
  }
  if (remoteName && !output) output = (url.split(/[?#]/)[0] ?? '').split('/').filter(Boolean).pop() ?? 'index.html';
  if (dir && output && output !== '-' && !output.startsWith('/')) output = `${dir.replace(/\/+$/, '')}/${output}`;
  if (output && output !== '-') {
    r.f.write({ ...at, path: output, value: fetched });
    r.f.wrote({ ...at, path: output, how: 'downloads a file into', content: fetched });
    taintVariable(r, outputWord, fetched);
    return NOTHING;
  }
  return fetched;
}

/** `curl -o "$F" …`: the path is only known at run time, so the variable itself carries what was written there. */
function taintVariable(r: ShellReader, word: Word | undefined, value: Value): void {
  const name = word ? /^"?\$\{?([A-Za-z_]\w*)\}?"?$/.exec(word.node.text)?.[1] : undefined;
  if (!name) return;
  const before = r.f.vars.get(name) ?? NOTHING;
  r.f.vars.set(name, { ...union(before, value), text: before.text, exact: before.exact });
}

/** curl -d/-F values: `@file` reads a file, `@-` the input. */
function dataValue(r: ShellReader, word: Word, stdin: Value): Value {
  const t = word.v.text;
  const at = /^(?:[^=@]*=)?[@<](.*)$/.exec(t);
  if (at) return at[1] === '-' ? union(stdin, word.v) : union(fileValue(r.f, literal(at[1]!.replace(/;.*$/, '')), word.node.startIndex), word.v);
  return word.v;
}

export function network(r: ShellReader, node: Node, name: string, args: Word[], stdin: Value): Value {
  const at = place(node);
  const texts = args.map((a) => a.v.text);
  const plain = args.filter((a, k) => !a.v.text.startsWith('-') && !(k > 0 && /^-[a-zA-Z]*[epcswiWqx]$|^--(?:exec|sh-exec|lua-exec|source|wait|proxy)$/.test(texts[k - 1]!)));
  const host = name === 'openssl' ? /^([^:\s]+):/.exec(texts[texts.indexOf('-connect') + 1] ?? '')?.[1] : name === 'socat' ? /tcp[46]?(?:-connect)?:([^:\s,]+):/i.exec(texts.join(' '))?.[1] : plain[0]?.v.text;
  if (name === 'openssl' && !texts.includes('s_client')) return union(stdin);
  const exe = texts.findIndex((t) => /^-[a-zA-Z]*[ec]$|^--(?:exec|sh-exec|lua-exec)$/.test(t));
  if (name !== 'socat' && name !== 'openssl' && name !== 'telnet' && exe >= 0 && !isLoopback(host)) {
    r.f.facts.shells.push({ ...at, what: `runs ${name} ${texts[exe]} ${shown(texts[exe + 1] ?? '', 40)}: it hands a shell to ${host && host !== '*' ? host : 'whoever connects'}` });
    return NOTHING;
  }
  if (name === 'socat' && /\b(?:exec|system):/i.test(texts.join(' ')) && /\btcp|\bssl|\bopenssl|\budp/i.test(texts.join(' ')) && !isLoopback(host)) {
    r.f.facts.shells.push({ ...at, what: `runs socat with exec: over a network connection${host ? ` to ${host}` : ''}: it hands a shell to whoever is there` });
    return NOTHING;
  }
  if (r.pipe && host && host !== '*') r.pipe.net = { ...at, host, tool: name };
  if (stdin.steps.some((s) => s.kind === 'secret' || s.kind === 'environment') && !isLoopback(host)) {
    r.f.facts.sends.push({ ...at, verb: `sends it over a raw connection (${name})`, ...(host && host !== '*' ? { host } : {}), payload: stdin });
  }
  // What a connection sends back is code only if something runs it; mark it as from the network.
  return host && !isLoopback(host) ? stepped('socket', node.startIndex, `reads from a connection to ${host} (${name})`) : NOTHING;
}
