// What the everyday shell commands do with data, once sudo, env and the
// like are unwrapped: eval and source run code; env, printenv and set read
// the environment; cp, mv, tar and tee move what a file holds; scp, mail
// and dig send it; echo, printf and the decoders (base64 -d, xxd -r, gunzip,
// rev, rot13) turn text into other text; a program run by its path runs what
// was written there. Downloads and network tools, and interpreters, have
// their own files.
import type { Node } from 'web-tree-sitter';
import { concat, credentialPlace, hostOf, NOTHING, union, type Value } from './facts.js';
import { isInterpreter, languageOfRunner, place, programName } from './flow.js';
import { interpreter } from './shell-interpreters.js';
import { download, DOWNLOADERS, network, NETWORK_TOOLS } from './shell-network.js';
import { recordExec, stepped, type Io, type ShellReader, type Word } from './shell-reader.js';
import { fileValue, variableValue } from './shell-words.js';

const CHECKSUMS = new Set(['sha256sum', 'sha1sum', 'sha512sum', 'sha224sum', 'sha384sum', 'md5sum', 'md5', 'shasum', 'cksum', 'b2sum', 'wc', 'gpg', 'gpgv', 'minisign', 'cosign', 'true', 'test', '[', 'sleep', 'mkdir', 'rm', 'chmod', 'chown', 'touch']);
const READERS = new Set(['cat', 'tac', 'head', 'tail', 'less', 'more', 'strings', 'od', 'hexdump', 'xxd', 'base64', 'base32', 'sed', 'awk', 'grep', 'cut', 'sort', 'uniq', 'tr', 'jq', 'yq', 'tar', 'zip', 'gzip', 'bzip2', 'xz', 'openssl', 'find', 'ls', 'sqlite3', 'security', 'nl', 'fold', 'paste', 'column', 'iconv', 'dd', 'gpg']);

/** What running a program with these arguments does: the facts it records, and the output it gives the next command. */
export function runProgram(r: ShellReader, node: Node, program: Word, args: Word[], stdin: Value, io: Io): Value {
  const name = programName(program.v.text);
  const at = place(node);
  const texts = args.map((a) => a.v.text);

  if (DOWNLOADERS.has(name)) return download(r, node, name, args, stdin);
  // `openssl enc -base64 -d` decodes; only `openssl s_client` talks to the network.
  const decodedFirst = name === 'openssl' ? decoder(r, node, name, args, stdin) : undefined;
  if (decodedFirst) return decodedFirst;
  if (NETWORK_TOOLS.has(name)) return network(r, node, name, args, stdin);

  switch (name) {
    case 'eval': {
      const code = concat(args.map((a) => a.v), ' ');
      recordExec(r.f, node, 'eval', union(code, ...args.map((a) => a.v)));
      if (args.length === 1) r.f.nest('bash', args[0]!.v, 'the code given to eval');
      return NOTHING;
    }
    case 'source':
    case '.': {
      const file = args[0];
      if (file) recordExec(r.f, node, name === '.' ? '. (source)' : 'source', union(fileValue(r.f, file.v, file.node.startIndex), file.v), file.v.text);
      else if (stdin.steps.length) recordExec(r.f, node, 'source', stdin);
      return NOTHING;
    }
    case 'printenv':
    case 'set':
    case 'export':
    case 'declare':
    case 'typeset':
    case 'compgen': {
      const plain = texts.filter((t) => !t.startsWith('-'));
      if (name === 'printenv' && plain.length) return union(...plain.map((p) => variableValue(r.f, p, node.startIndex)));
      if (plain.length === 0 && (name !== 'declare' || texts.some((t) => /^-[a-z]*[px]/.test(t)))) return stepped('environment', node.startIndex, `reads the whole environment (${name})`);
      return NOTHING;
    }
    case 'read': {
      for (const t of texts.filter((x) => !x.startsWith('-'))) r.f.vars.set(t, stdin);
      return NOTHING;
    }
    case 'cp':
    case 'mv':
    case 'install':
    case 'ln': {
      const plain = args.filter((a) => !a.v.text.startsWith('-'));
      const dst = plain.at(-1);
      const src = plain.slice(0, -1).map((a) => fileValue(r.f, a.v, a.node.startIndex));
      const value = union(...src);
      if (dst && value.steps.length) r.f.write({ ...at, path: dst.v.text, value });
      if (dst && plain.length > 1) r.f.wrote({ ...at, path: dst.v.text, how: name === 'ln' ? 'links a file in as' : name === 'mv' ? 'moves a file to' : 'copies a file to', content: value });
      return NOTHING;
    }
    case 'tar':
    case 'unzip':
    case 'bsdtar':
    case '7z': {
      // Unpacking an archive: every file it holds carries what the archive carried.
      const extract = name === 'unzip' || (name === '7z' ? texts[0] === 'x' || texts[0] === 'e' : texts.some((t, k) => (k === 0 || t.startsWith('-')) && /^-?-?[a-wyzA-Z]*x/.test(t) && !t.startsWith('--exclude')));
      if (!extract) return union(stdin, ...args.map((a) => (credentialPlace(a.v.text) ? fileValue(r.f, a.v, a.node.startIndex) : NOTHING)));
      const fileFlag = texts.findIndex((t, k) => /^-[a-zA-Z]*f$|^--file$/.test(t) || (k === 0 && /^[a-zA-Z]*f$/.test(t)));
      const archive = name === 'unzip' || name === '7z' ? args.find((a, k) => k > (name === '7z' ? 0 : -1) && !a.v.text.startsWith('-')) : fileFlag >= 0 ? args[fileFlag + 1] : undefined;
      const dirFlag = texts.findIndex((t) => t === '-C' || t === '--directory' || (name === 'unzip' && t === '-d'));
      const dir = dirFlag >= 0 ? (texts[dirFlag + 1] ?? '.') : (/^(?:--directory=|-o)(.+)$/.exec(texts.find((t) => /^(?:--directory=|-o)/.test(t)) ?? '')?.[1] ?? '.');
      const value = union(archive && archive.v.text !== '-' ? fileValue(r.f, archive.v, archive.node.startIndex) : stdin);
      if (value.steps.length) r.f.write({ ...at, path: `${dir.replace(/\/+$/, '')}/*`, value });
      return NOTHING;
    }
    case 'tee': {
      const append = texts.some((t) => /^-[a-z]*a|^--append$/.test(t));
      for (const a of args.filter((x) => !x.v.text.startsWith('-'))) {
        if (stdin.steps.length) r.f.write({ ...at, path: a.v.text, value: stdin });
        r.f.wrote({ ...at, path: a.v.text, how: append ? 'appends to' : 'writes', content: stdin });
      }
      return stdin;
    }
    case 'sed':
    case 'perl': {
      // `sed -i … FILE`, `perl -pi -e … FILE`: the files are edited in place.
      if (!texts.some((t) => (name === 'sed' ? /^-[a-zA-Z]*i|^--in-place/ : /^-[a-zA-Z]*i/).test(t))) break;
      const script = texts.some((t) => /^-[a-zA-Z]*e$|^--expression/.test(t));
      const plain = args.filter((a, k) => !a.v.text.startsWith('-') && !(k > 0 && /^-[a-zA-Z]*[ef]$/.test(texts[k - 1]!)));
      for (const a of plain.slice(script ? 0 : 1)) r.f.wrote({ ...at, path: a.v.text, how: 'edits', content: NOTHING });
      break;
    }
    case 'crontab': {
      // `crontab -` or `crontab FILE` replaces the scheduled jobs; -l lists, -e edits by hand, -r removes.
      if (texts.some((t) => /^-[a-zA-Z]*[lerT]/.test(t))) return NOTHING;
      const file = args.find((a, k) => !a.v.text.startsWith('-') && !(k > 0 && texts[k - 1] === '-u'));
      const content = file ? fileValue(r.f, file.v, file.node.startIndex) : stdin;
      r.f.wrote({ ...at, path: 'crontab', how: 'installs as the user\'s', content });
      return NOTHING;
    }
    case 'xargs': {
      const inner = args.findIndex((a) => !a.v.text.startsWith('-'));
      const prog = args[inner];
      if (prog && isInterpreter(programName(prog.v.text))) recordExec(r.f, node, `xargs ${programName(prog.v.text)}`, stdin);
      return NOTHING;
    }
    case 'scp':
    case 'rsync':
    case 'sftp':
    case 'ftp':
    case 'rclone': {
      const plain = args.filter((a) => !a.v.text.startsWith('-'));
      const target = plain.at(-1)?.v.text ?? '';
      const host = /^(?:[^@\s]+@)?([^:\s/]+):/.exec(target)?.[1] ?? hostOf(target);
      const payload = union(...plain.slice(0, -1).map((a) => fileValue(r.f, a.v, a.node.startIndex)), stdin);
      if (payload.steps.length) r.f.facts.sends.push({ ...at, verb: `copies it with ${name}`, ...(host ? { host } : {}), payload });
      return NOTHING;
    }
    case 'mail':
    case 'mailx':
    case 'sendmail':
    case 'mutt':
    case 'msmtp': {
      const payload = union(stdin, ...args.map((a) => a.v));
      if (payload.steps.length) r.f.facts.sends.push({ ...at, verb: `mails it with ${name}`, payload });
      return NOTHING;
    }
    case 'dig':
    case 'nslookup':
    case 'host':
    case 'ping':
    case 'drill': {
      const payload = union(...args.map((a) => a.v));
      if (payload.steps.some((s) => s.kind === 'secret' || s.kind === 'environment')) r.f.facts.sends.push({ ...at, verb: `sends it inside a DNS name (${name})`, payload });
      return NOTHING;
    }
    case 'printf':
    case 'echo': {
      const out = concat(args.filter((a, n) => !(n === 0 && /^-[neE]+$/.test(a.v.text))).map((a) => a.v), ' ');
      const escapes = args.some((a) => /\\(?:x[0-9a-f]{2}|[0-7]{3})/i.test(a.v.text)) && (name === 'printf' || texts.some((t) => /^-[nE]*e/.test(t)));
      return escapes ? stepped('decoded', node.startIndex, `writes text as escape codes (${name})`, out) : out;
    }
  }

  const decoded = decoder(r, node, name, args, stdin);
  if (decoded) return decoded;

  const language = languageOfRunner(name);
  if (isInterpreter(name)) return interpreter(r, node, name, language, args, stdin, io);

  // A program run by its path: ./install, /tmp/x, or a file this code wrote.
  const path = program.v.text;
  if (program.v.exact && (/[/\\]/.test(path) || /\.(?:sh|bash|py|pl|rb|ps1|js|bin|run|exe|appimage)$/i.test(path))) {
    const file = fileValue(r.f, program.v, program.node.startIndex);
    recordExec(r.f, node, 'the program', file, path);
    return NOTHING;
  }

  if (CHECKSUMS.has(name)) return NOTHING;
  const creds = args.map((a) => (credentialPlace(a.v.text) ? fileValue(r.f, a.v, a.node.startIndex) : NOTHING));
  if (READERS.has(name)) {
    const files = args.filter((a) => !a.v.text.startsWith('-')).map((a) => fileValue(r.f, a.v, a.node.startIndex));
    const out = union(stdin, ...files, ...creds);
    if (name === 'security' && texts.some((t) => /^find-(?:generic|internet)-password$|^dump-keychain$/.test(t))) return stepped('secret', node.startIndex, 'reads a password from the macOS keychain (security)', out);
    return out;
  }
  return union(stdin, ...creds);
}

function decoder(r: ShellReader, node: Node, name: string, args: Word[], stdin: Value): Value | undefined {
  const texts = args.map((a) => a.v.text);
  const flags = texts.filter((t) => t.startsWith('-'));
  const files = args.filter((a) => !a.v.text.startsWith('-'));
  const input = () => union(stdin, ...files.map((a) => fileValue(r.f, a.v, a.node.startIndex)));
  let what: string | undefined;
  if ((name === 'base64' || name === 'base32' || name === 'basenc') && flags.some((f) => /^-[a-z]*[dD]|^--decode$/.test(f))) what = `decodes ${name}`;
  else if (name === 'openssl' && texts.some((t) => /^(?:base64|enc|-base64|-a)$/.test(t)) && flags.includes('-d')) what = 'decodes with openssl';
  else if (name === 'xxd' && flags.some((f) => /^-[a-z]*r/.test(f))) what = 'turns hex back into bytes (xxd -r)';
  else if (name === 'uudecode') what = 'decodes uuencoded text';
  else if (/^(?:gunzip|zcat|gzcat|bunzip2|bzcat|xzcat|unxz|unlzma|lzcat|zstdcat|unzstd)$/.test(name) || (/^(?:gzip|bzip2|xz|lzma|zstd|brotli)$/.test(name) && flags.some((f) => /^-[a-z]*d|^--decompress$/.test(f)))) what = `decompresses (${name})`;
  else if (name === 'rev') what = 'reverses text (rev)';
  else if (name === 'tr' && files.length >= 2 && /^\[?a-z|^\[?A-Z/i.test(files[0]!.v.text) && /^\[?[n-z]-/i.test(files[1]!.v.text)) what = 'decodes rot13 (tr)';
  if (!what) return undefined;
  return stepped('decoded', node.startIndex, what, input());
}
