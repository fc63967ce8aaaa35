// Shell scripts read as a shell would: statements in order, variables,
// command substitutions, pipelines carrying each command's output into the
// next one's input, redirections to and from files, heredocs. Each command
// is judged by what it is (a download, a decoder, a shell, a network tool),
// after unwrapping sudo, env, exec and the like. Nothing is ever run.
import type { Node } from 'web-tree-sitter';
import { concat, credentialPlace, hostOf, isLoopback, isSecretName, literal, NOTHING, shown, union, withStep, type StepKind, type Value } from './facts.js';
import { field, fields, Flow, foreignReverseShell, isInterpreter, languageOfRunner, named, place, programName, PYTHONS, SHELLS } from './flow.js';
import { unescape } from './snippet.js';

interface Io {
  /** Redirect targets on /dev/tcp or /dev/udp (a network connection). */
  readonly tcp: Array<{ fd: string; host: string; port: string }>;
  /** File descriptors it reads or writes through (`<&5`, `>&5`). */
  readonly fds: string[];
  readonly heredoc?: Value;
}

interface Word {
  readonly node: Node;
  readonly v: Value;
}

const NO_IO: Io = { tcp: [], fds: [] };

const DOWNLOADERS = new Set(['curl', 'wget', 'aria2c', 'fetch', 'lwp-download', 'axel']);
const NETWORK_TOOLS = new Set(['nc', 'ncat', 'netcat', 'nc.traditional', 'nc.openbsd', 'telnet', 'socat', 'openssl']);
const CHECKSUMS = new Set(['sha256sum', 'sha1sum', 'sha512sum', 'sha224sum', 'sha384sum', 'md5sum', 'md5', 'shasum', 'cksum', 'b2sum', 'wc', 'gpg', 'gpgv', 'minisign', 'cosign', 'true', 'test', '[', 'sleep', 'mkdir', 'rm', 'chmod', 'chown', 'touch']);
const READERS = new Set(['cat', 'tac', 'head', 'tail', 'less', 'more', 'strings', 'od', 'hexdump', 'xxd', 'base64', 'base32', 'sed', 'awk', 'grep', 'cut', 'sort', 'uniq', 'tr', 'jq', 'yq', 'tar', 'zip', 'gzip', 'bzip2', 'xz', 'openssl', 'find', 'ls', 'sqlite3', 'security', 'nl', 'fold', 'paste', 'column', 'iconv', 'dd', 'gpg']);
const WRAPPERS = new Set(['sudo', 'doas', 'exec', 'command', 'builtin', 'nohup', 'time', 'nice', 'ionice', 'stdbuf', 'setsid', 'unbuffer', 'chronic', 'caffeinate', 'timeout', 'env', 'su', 'runuser', 'watch', 'strace', 'ltrace', 'script']);
const WRAPPER_VALUE_FLAGS = /^-(?:u|g|C|D|h|p|U|r|t|n|s|k|l|c)$|^--(?:user|group|chdir|signal|kill-after)$/;

function stepped(kind: StepKind, offset: number, what: string, base: Value = NOTHING): Value {
  return withStep(base, { kind, offset, what });
}

export function analyzeShell(root: Node, flow: Flow): void {
  const walker = new ShellWalker(flow);
  walker.block(root, NOTHING);
  walker.finish();
}

class ShellWalker {
  private readonly tcpFds = new Map<string, { offset: number; length: number; host: string; port: string }>();
  private pipe: { shell?: { offset: number; length: number }; net?: { offset: number; length: number; host: string; tool: string } } | undefined;

  constructor(private readonly f: Flow) {}

  finish(): void {
    // Nothing to settle: reverse shells through file descriptors are judged as they are used.
  }

  /** Statements one after the other; the output is the last one's. */
  block(node: Node, stdin: Value): Value {
    let out: Value = NOTHING;
    for (const child of named(node)) out = this.stmt(child, stdin);
    return out;
  }

  stmt(node: Node, stdin: Value, io: Io = NO_IO): Value {
    return this.f.deeper(() => {
      switch (node.type) {
        case 'comment':
          return NOTHING;
        case 'command':
          return this.command(node, stdin, io);
        case 'pipeline':
          return this.pipeline(named(node), stdin);
        case 'redirected_statement':
          return this.redirected(node, stdin);
        case 'variable_assignment':
          this.assign(node);
          return NOTHING;
        case 'variable_assignments':
          for (const a of named(node)) this.assign(a);
          return NOTHING;
        case 'declaration_command':
          for (const c of named(node)) {
            if (c.type === 'variable_assignment') this.assign(c);
          }
          return NOTHING;
        case 'for_statement': {
          const name = field(node, 'variable')?.text;
          const values = fields(node, 'value').map((v) => this.word(v));
          if (name) this.f.vars.set(name, union(...values));
          const body = field(node, 'body');
          return body ? this.block(body, stdin) : NOTHING;
        }
        case 'function_definition': {
          const body = field(node, 'body');
          return body ? this.stmt(body, NOTHING) : NOTHING;
        }
        case 'while_statement':
        case 'until_statement': {
          // `while read line; do … done < file`: the loop's input feeds `read`.
          for (const c of fields(node, 'condition')) this.stmt(c, stdin);
          const body = field(node, 'body');
          return body ? this.block(body, stdin) : NOTHING;
        }
        case 'command_substitution':
        case 'process_substitution':
          return this.substitution(node);
        default:
          return this.block(node, stdin);
      }
    });
  }

  private assign(node: Node): void {
    const name = field(node, 'name')?.text;
    const value = field(node, 'value');
    if (name) this.f.vars.set(name, value ? this.word(value) : literal(''));
  }

  private pipeline(parts: Node[], stdin: Value): Value {
    const saved = this.pipe;
    this.pipe = {};
    let value = stdin;
    for (const part of parts) value = this.stmt(part, value);
    const { shell, net } = this.pipe;
    // `mkfifo f; cat f | sh -i 2>&1 | nc host port > f`: a shell whose input and output travel over a connection.
    if (shell && net && !isLoopback(net.host)) {
      this.f.facts.shells.push({ offset: shell.offset, length: net.offset + net.length - shell.offset, what: `pipes a shell through ${net.tool} to ${net.host}: whoever is there can type commands on this computer` });
    } else if (saved) {
      // `(cat f | sh -i 2>&1) | nc host port`: the parts may sit in nested pipelines.
      saved.shell ??= shell;
      saved.net ??= net;
    }
    this.pipe = saved;
    return value;
  }

  private redirected(node: Node, stdin: Value): Value {
    const body = field(node, 'body');
    let input = stdin;
    const outs: Array<{ path: string; append: boolean }> = [];
    const io: { tcp: Io['tcp']; fds: string[]; heredoc?: Value } = { tcp: [], fds: [] };
    let after: Node[] = [];
    for (const r of fields(node, 'redirect')) {
      if (r.type === 'heredoc_redirect') {
        const bodyNode = named(r).find((c) => c.type === 'heredoc_body');
        const start = named(r).find((c) => c.type === 'heredoc_start')?.text ?? '';
        if (bodyNode) {
          io.heredoc = this.heredoc(bodyNode, /['"\\]/.test(start));
          input = io.heredoc;
        }
        after = named(r).filter((c) => c.type === 'pipeline' || c.type === 'command' || c.type === 'list');
      } else if (r.type === 'herestring_redirect') {
        const v = named(r).find((c) => c.type !== 'file_descriptor');
        if (v) input = this.word(v);
      } else if (r.type === 'file_redirect') {
        const op = r.child(r.childCount > 0 && r.child(0)?.type === 'file_descriptor' ? 1 : 0)?.type ?? '';
        const fd = named(r).find((c) => c.type === 'file_descriptor')?.text;
        for (const dest of fields(r, 'destination')) {
          const text = this.word(dest).text;
          const tcp = /^\/dev\/(?:tcp|udp)\/([^/\s]+)\/(\S+)$/.exec(text);
          if (tcp) io.tcp.push({ fd: fd ?? (op.startsWith('<') ? '0' : '1'), host: tcp[1]!, port: tcp[2]! });
          if (dest.type === 'number' && (op === '<&' || op === '>&' || op === '&>')) io.fds.push(dest.text);
          else if (op === '<') input = this.fileValue(this.word(dest), dest.startIndex);
          else if (/^(?:>|>>|&>|&>>|>\||>&)$/.test(op) && dest.type !== 'number') outs.push({ path: text, append: op.endsWith('>>') });
        }
      }
    }
    const output = body ? this.stmt(body, input, io) : NOTHING;
    for (const { path, append } of outs) {
      const tcp = /^\/dev\/(?:tcp|udp)\/([^/\s]+)\//.exec(path);
      if (!tcp) this.f.wrote({ ...place(node), path, how: append ? 'appends to' : 'writes', content: output });
      if (tcp) {
        if (output.steps.length && !isLoopback(tcp[1])) this.f.facts.sends.push({ ...place(node), verb: 'writes it to a network connection', host: tcp[1]!, payload: output });
      } else if (output.steps.length || io.heredoc) {
        this.f.write({ ...place(node), path, value: output });
        // `cat > x.py <<'PY'`: the file written is code; read it as code too.
        const lang = languageOfPath(path);
        if (io.heredoc && lang && this.isCopy(body)) this.f.nest(lang, io.heredoc, `the heredoc written to ${path}`);
      }
    }
    if (after.length) return this.pipeline(after, output);
    return outs.length ? NOTHING : output;
  }

  private isCopy(body: Node | undefined): boolean {
    const name = body?.type === 'command' ? field(body, 'name')?.text : undefined;
    return name === 'cat' || name === 'tee';
  }

  private heredoc(node: Node, quoted: boolean): Value {
    const text = node.text;
    const span = node.startIndex;
    if (quoted) return { ...literal(text), span };
    const parts = named(node).filter((c) => c.type !== 'heredoc_content').map((c) => this.word(c));
    return { ...union(...parts), text, exact: parts.length === 0, span };
  }

  private substitution(node: Node): Value {
    // Only a substitution that runs a program counts as code run while computing a value (`\s*` in backticks is a regex).
    // A lone word in backticks is how prose marks code (`any`), not a command run.
    const text = node.text;
    if (/^(?:\$\(|`|<\(|>\()\s*(?:sudo\s+)?[A-Za-z_./~][\w./~-]*/.test(text) && (!text.startsWith('`') || /\s|[/|;]/.test(text.slice(1, -1).trim()))) this.f.facts.expansions.push(place(node));
    const saved = this.pipe;
    this.pipe = undefined;
    const out = this.block(node, NOTHING);
    this.pipe = saved;
    return { ...union(out), ...(out.shell ? { shell: true } : {}) };
  }

  /** The value of a word: its text where it is written down, and the origins of what is substituted in. */
  word(node: Node): Value {
    return this.f.deeper(() => {
      switch (node.type) {
        case 'word': {
          const raw = node.text;
          if (!raw.includes('\\')) return { ...literal(raw), span: node.startIndex };
          return literal(raw.replace(/\\(.)/g, '$1'));
        }
        case 'raw_string': {
          const inner = node.text.slice(1, -1);
          return { ...literal(inner), span: node.startIndex + 1 };
        }
        case 'ansi_c_string': {
          const decoded = unescape(node.text.slice(2, -1), node.startIndex + 2);
          const escapes = /\\(?:x[0-9a-f]|[0-7]{3}|u[0-9a-f])/i.test(node.text);
          const v: Value = { ...literal(decoded.text), span: decoded.offsets };
          return escapes ? stepped('decoded', node.startIndex, "writes text as escape codes ($'\\x..')", v) : v;
        }
        case 'string': {
          const parts = named(node);
          if (parts.every((p) => p.type === 'string_content')) {
            const inner = node.text.slice(1, -1);
            if (!inner.includes('\\')) return { ...literal(inner), span: node.startIndex + 1 };
            const decoded = unescape(inner, node.startIndex + 1, 'shell-double');
            return { ...literal(decoded.text), span: decoded.offsets };
          }
          return concat(parts.map((p) => (p.type === 'string_content' ? literal(unescape(p.text, 0, 'shell-double').text) : this.word(p))));
        }
        case 'concatenation':
          return concat(named(node).map((p) => this.word(p)));
        case 'simple_expansion':
        case 'expansion': {
          const name = named(node).find((c) => c.type === 'variable_name' || c.type === 'special_variable_name')?.text ?? '';
          const rest = named(node).filter((c) => c.type !== 'variable_name' && c.type !== 'special_variable_name').map((c) => this.word(c));
          return rest.length ? union(this.variable(name, node.startIndex), ...rest) : this.variable(name, node.startIndex);
        }
        case 'command_substitution':
        case 'process_substitution':
          return this.substitution(node);
        case 'command_name': {
          const inner = named(node)[0];
          return inner ? this.word(inner) : literal(node.text);
        }
        case 'number':
        case 'arithmetic_expansion':
          return literal(node.text);
        default:
          return union(...named(node).map((c) => this.word(c)));
      }
    });
  }

  private variable(name: string, offset: number): Value {
    const known = this.f.vars.get(name);
    if (known) return known;
    if (name === 'HOME' || name === 'USERPROFILE') return literal('~');
    if (isSecretName(name)) return stepped('secret', offset, `reads the secret variable $${name}`);
    return NOTHING;
  }

  /** What reading a file gives: what the code wrote there, or the secret it is. */
  private fileValue(path: Value, offset: number): Value {
    const written = this.f.written(path.text);
    if (written) return union(written.value, path);
    const what = credentialPlace(path.text);
    if (what) return stepped(what.startsWith('the environment') ? 'environment' : 'secret', offset, `reads ${what} (${shown(path.text, 60)})`, union(path));
    return union(path);
  }

  private command(node: Node, stdin: Value, io: Io): Value {
    for (const c of named(node)) {
      if (c.type === 'variable_assignment') this.assign(c);
    }
    const nameNode = field(node, 'name');
    if (!nameNode) return NOTHING;
    const words: Word[] = [nameNode, ...fields(node, 'argument')].map((n) => ({ node: n, v: this.word(n) }));
    // Unwrap sudo, env, exec …: what runs is the program after them.
    let i = 0;
    let envOnly = false;
    while (i < words.length && WRAPPERS.has(programName(words[i]!.v.text))) {
      const wrapper = programName(words[i]!.v.text);
      i++;
      if (wrapper === 'timeout' && i < words.length && /^\d/.test(words[i]!.v.text)) i++;
      while (i < words.length) {
        const t = words[i]!.v.text;
        if (t.startsWith('-') && t !== '-') {
          i += WRAPPER_VALUE_FLAGS.test(t) && wrapper !== 'env' ? 2 : 1;
        } else if (wrapper === 'env' && /^[A-Za-z_]\w*=/.test(t)) {
          i++;
        } else break;
      }
      if (i >= words.length) envOnly = wrapper === 'env';
      if (wrapper === 'exec' && i >= words.length) {
        // `exec 5<>/dev/tcp/host/port`: a connection kept open on a file descriptor.
        for (const t of io.tcp) if (!isLoopback(t.host)) this.tcpFds.set(t.fd, { ...place(node), host: t.host, port: t.port });
      }
    }
    if (envOnly) return stepped('environment', node.startIndex, 'reads the whole environment (env)');
    if (i >= words.length) return NOTHING;
    return this.run(node, words[i]!, words.slice(i + 1), stdin, io);
  }

  private exec(node: Node, runner: string, input: Value, file?: string): void {
    if (this.f.full) return;
    this.f.facts.execs.push({ ...place(node), runner, input, ...(file !== undefined ? { file } : {}) });
  }

  private run(node: Node, program: Word, args: Word[], stdin: Value, io: Io): Value {
    const name = programName(program.v.text);
    const at = place(node);
    const texts = args.map((a) => a.v.text);

    // Reverse shells through /dev/tcp: a shell whose input or output is a connection.
    const remote = io.tcp.find((t) => !isLoopback(t.host));
    const viaFd = io.fds.map((fd) => this.tcpFds.get(fd)).find((t) => t !== undefined);
    const runsCommands = isInterpreter(name) || (!program.v.exact && program.node.type !== 'word');
    if (runsCommands && (remote || viaFd)) {
      const t = remote ?? viaFd!;
      // Through a kept descriptor, the place is where the connection opens (`exec 5<>/dev/tcp/…`).
      this.f.facts.shells.push({ ...(remote ? at : { offset: viaFd!.offset, length: viaFd!.length }), what: `connects ${program.v.exact ? name : 'a command read from the connection'} to ${t.host} port ${t.port} through /dev/tcp: whoever is there can type commands on this computer` });
    }

    // A command whose name is computed from a download or a decoder: what it says is what runs.
    if (!program.v.exact && program.v.steps.some((s) => s.kind === 'download' || s.kind === 'decoded' || s.kind === 'socket')) {
      this.exec(node, 'the shell', program.v);
    }

    if (DOWNLOADERS.has(name)) return this.download(node, name, args, stdin);
    if (NETWORK_TOOLS.has(name)) return this.network(node, name, args, stdin);

    switch (name) {
      case 'eval': {
        const code = concat(args.map((a) => a.v), ' ');
        this.exec(node, 'eval', union(code, ...args.map((a) => a.v)));
        if (args.length === 1) this.f.nest('bash', args[0]!.v, 'the code given to eval');
        return NOTHING;
      }
      case 'source':
      case '.': {
        const file = args[0];
        if (file) this.exec(node, name === '.' ? '. (source)' : 'source', union(this.fileValue(file.v, file.node.startIndex), file.v), file.v.text);
        else if (stdin.steps.length) this.exec(node, 'source', stdin);
        return NOTHING;
      }
      case 'printenv':
      case 'set':
      case 'export':
      case 'declare':
      case 'typeset':
      case 'compgen': {
        const plain = texts.filter((t) => !t.startsWith('-'));
        if (name === 'printenv' && plain.length) return union(...plain.map((p) => this.variable(p, node.startIndex)));
        if (plain.length === 0 && (name !== 'declare' || texts.some((t) => /^-[a-z]*[px]/.test(t)))) return stepped('environment', node.startIndex, `reads the whole environment (${name})`);
        return NOTHING;
      }
      case 'read': {
        for (const t of texts.filter((x) => !x.startsWith('-'))) this.f.vars.set(t, stdin);
        return NOTHING;
      }
      case 'cp':
      case 'mv':
      case 'install':
      case 'ln': {
        const plain = args.filter((a) => !a.v.text.startsWith('-'));
        const dst = plain.at(-1);
        const src = plain.slice(0, -1).map((a) => this.fileValue(a.v, a.node.startIndex));
        const value = union(...src);
        if (dst && value.steps.length) this.f.write({ ...at, path: dst.v.text, value });
        if (dst && plain.length > 1) this.f.wrote({ ...at, path: dst.v.text, how: name === 'ln' ? 'links a file in as' : name === 'mv' ? 'moves a file to' : 'copies a file to', content: value });
        return NOTHING;
      }
      case 'tar':
      case 'unzip':
      case 'bsdtar':
      case '7z': {
        // Unpacking an archive: every file it holds carries what the archive carried.
        const extract = name === 'unzip' || (name === '7z' ? texts[0] === 'x' || texts[0] === 'e' : texts.some((t, k) => (k === 0 || t.startsWith('-')) && /^-?-?[a-wyzA-Z]*x/.test(t) && !t.startsWith('--exclude')));
        if (!extract) return union(stdin, ...args.map((a) => (credentialPlace(a.v.text) ? this.fileValue(a.v, a.node.startIndex) : NOTHING)));
        const fileFlag = texts.findIndex((t, k) => /^-[a-zA-Z]*f$|^--file$/.test(t) || (k === 0 && /^[a-zA-Z]*f$/.test(t)));
        const archive = name === 'unzip' || name === '7z' ? args.find((a, k) => k > (name === '7z' ? 0 : -1) && !a.v.text.startsWith('-')) : fileFlag >= 0 ? args[fileFlag + 1] : undefined;
        const dirFlag = texts.findIndex((t) => t === '-C' || t === '--directory' || (name === 'unzip' && t === '-d'));
        const dir = dirFlag >= 0 ? (texts[dirFlag + 1] ?? '.') : (/^(?:--directory=|-o)(.+)$/.exec(texts.find((t) => /^(?:--directory=|-o)/.test(t)) ?? '')?.[1] ?? '.');
        const value = union(archive && archive.v.text !== '-' ? this.fileValue(archive.v, archive.node.startIndex) : stdin);
        if (value.steps.length) this.f.write({ ...at, path: `${dir.replace(/\/+$/, '')}/*`, value });
        return NOTHING;
      }
      case 'tee': {
        const append = texts.some((t) => /^-[a-z]*a|^--append$/.test(t));
        for (const a of args.filter((x) => !x.v.text.startsWith('-'))) {
          if (stdin.steps.length) this.f.write({ ...at, path: a.v.text, value: stdin });
          this.f.wrote({ ...at, path: a.v.text, how: append ? 'appends to' : 'writes', content: stdin });
        }
        return stdin;
      }
      case 'sed':
      case 'perl': {
        // `sed -i … FILE`, `perl -pi -e … FILE`: the files are edited in place.
        if (!texts.some((t) => (name === 'sed' ? /^-[a-zA-Z]*i|^--in-place/ : /^-[a-zA-Z]*i/).test(t))) break;
        const script = texts.some((t) => /^-[a-zA-Z]*e$|^--expression/.test(t));
        const plain = args.filter((a, k) => !a.v.text.startsWith('-') && !(k > 0 && /^-[a-zA-Z]*[ef]$/.test(texts[k - 1]!)));
        for (const a of plain.slice(script ? 0 : 1)) this.f.wrote({ ...at, path: a.v.text, how: 'edits', content: NOTHING });
        break;
      }
      case 'xargs': {
        const inner = args.findIndex((a) => !a.v.text.startsWith('-'));
        const prog = args[inner];
        if (prog && isInterpreter(programName(prog.v.text))) this.exec(node, `xargs ${programName(prog.v.text)}`, stdin);
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
        const payload = union(...plain.slice(0, -1).map((a) => this.fileValue(a.v, a.node.startIndex)), stdin);
        if (payload.steps.length) this.f.facts.sends.push({ ...at, verb: `copies it with ${name}`, ...(host ? { host } : {}), payload });
        return NOTHING;
      }
      case 'mail':
      case 'mailx':
      case 'sendmail':
      case 'mutt':
      case 'msmtp': {
        const payload = union(stdin, ...args.map((a) => a.v));
        if (payload.steps.length) this.f.facts.sends.push({ ...at, verb: `mails it with ${name}`, payload });
        return NOTHING;
      }
      case 'dig':
      case 'nslookup':
      case 'host':
      case 'ping':
      case 'drill': {
        const payload = union(...args.map((a) => a.v));
        if (payload.steps.some((s) => s.kind === 'secret' || s.kind === 'environment')) this.f.facts.sends.push({ ...at, verb: `sends it inside a DNS name (${name})`, payload });
        return NOTHING;
      }
      case 'printf':
      case 'echo': {
        const out = concat(args.filter((a, n) => !(n === 0 && /^-[neE]+$/.test(a.v.text))).map((a) => a.v), ' ');
        const escapes = args.some((a) => /\\(?:x[0-9a-f]{2}|[0-7]{3})/i.test(a.v.text)) && (name === 'printf' || texts.some((t) => /^-[nE]*e/.test(t)));
        return escapes ? stepped('decoded', node.startIndex, `writes text as escape codes (${name})`, out) : out;
      }
    }

    const decoded = this.decoder(node, name, args, stdin);
    if (decoded) return decoded;

    const language = languageOfRunner(name);
    if (isInterpreter(name)) return this.interpreter(node, name, language, args, stdin, io);

    // A program run by its path: ./install, /tmp/x, or a file this code wrote.
    const path = program.v.text;
    if (program.v.exact && (/[/\\]/.test(path) || /\.(?:sh|bash|py|pl|rb|ps1|js|bin|run|exe|appimage)$/i.test(path))) {
      const file = this.fileValue(program.v, program.node.startIndex);
      this.exec(node, 'the program', file, path);
      return NOTHING;
    }

    if (CHECKSUMS.has(name)) return NOTHING;
    const creds = args.map((a) => (credentialPlace(a.v.text) ? this.fileValue(a.v, a.node.startIndex) : NOTHING));
    if (READERS.has(name)) {
      const files = args.filter((a) => !a.v.text.startsWith('-')).map((a) => this.fileValue(a.v, a.node.startIndex));
      const out = union(stdin, ...files, ...creds);
      if (name === 'security' && texts.some((t) => /^find-(?:generic|internet)-password$|^dump-keychain$/.test(t))) return stepped('secret', node.startIndex, 'reads a password from the macOS keychain (security)', out);
      return out;
    }
    return union(stdin, ...creds);
  }

  private decoder(node: Node, name: string, args: Word[], stdin: Value): Value | undefined {
    const texts = args.map((a) => a.v.text);
    const flags = texts.filter((t) => t.startsWith('-'));
    const files = args.filter((a) => !a.v.text.startsWith('-'));
    const input = () => union(stdin, ...files.map((a) => this.fileValue(a.v, a.node.startIndex)));
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

  private interpreter(node: Node, name: string, language: ReturnType<typeof languageOfRunner>, args: Word[], stdin: Value, io: Io): Value {
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
      this.exec(node, `${name} -EncodedCommand`, value);
      if (decodedText) this.f.nest('powershell', { ...literal(decodedText), span: new Array<number>(decodedText.length + 1).fill(encoded.node.startIndex) }, 'the decoded -EncodedCommand');
      return NOTHING;
    }
    if (code) {
      this.exec(node, `${name} ${POWERSHELL_NAMES.has(name) ? '-Command' : name === 'cmd' ? '/c' : texts.find((t) => t.startsWith('-')) ?? '-c'}`, code.v);
      if (language) this.f.nest(language, code.v, `the code given to ${name}`);
      else if (code.v.exact && foreignReverseShell(code.v.text)) this.f.facts.shells.push({ ...at, what: `runs ${name} code that opens a network socket and hands it a shell` });
      if (shellLike && interactive) this.markShell(at);
      return NOTHING;
    }
    if (script) {
      const file = this.fileValue(script.v, script.node.startIndex);
      this.exec(node, name, union(file, script.v), script.v.text);
      return NOTHING;
    }
    // No program given: it runs what arrives on its input (a pipe, a heredoc).
    if (shellLike) this.markShell(at);
    if (stdin.steps.length || io.heredoc) this.exec(node, name, stdin);
    if (io.heredoc && language) this.f.nest(language, io.heredoc, `the heredoc given to ${name}`);
    if (interactive) this.markShell(at);
    return NOTHING;
  }

  private markShell(at: { offset: number; length: number }): void {
    if (this.pipe && !this.pipe.shell) this.pipe.shell = at;
  }

  private download(node: Node, name: string, args: Word[], stdin: Value): Value {
    const at = place(node);
    const urls: Word[] = [];
    const data: Value[] = [];
    let output: string | undefined;
    let outputWord: Word | undefined;
    let remoteName = false;
    let toStdout = false;
    let upload: string | undefined;
    const curlValue = /^-(?:o|d|F|T|H|u|X|A|e|b|c|K|x|w|m|r|C|z|E|U|Y|y|P|Q)$/;
    for (let k = 0; k < args.length; k++) {
      const t = args[k]!.v.text;
      const next = args[k + 1];
      if (name === 'curl') {
        if (/^--(?:data|data-binary|data-raw|data-urlencode|data-ascii|json|form|form-string)$/.test(t) || /^-[a-zA-Z]*[dF]$/.test(t)) {
          if (next) data.push(this.dataValue(next, stdin));
          upload ??= 'POSTs';
          k++;
          continue;
        }
        if (t === '--upload-file' || /^-[a-zA-Z]*T$/.test(t)) {
          if (next) data.push(next.v.text === '-' || next.v.text === '.' ? stdin : this.fileValue(next.v, next.node.startIndex));
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
          data.push(t.includes('=') ? this.dataValue({ node: args[k]!.node, v: { ...args[k]!.v, text: t.slice(t.indexOf('=') + 1) } }, stdin) : next ? this.dataValue(next, stdin) : NOTHING);
          upload = 'POSTs';
          if (!t.includes('=')) k++;
          continue;
        }
        if (/^--(?:post-file|body-file)(?:=|$)/.test(t)) {
          const file = t.includes('=') ? t.slice(t.indexOf('=') + 1) : next?.v.text;
          if (file) data.push(this.fileValue(literal(file), args[k]!.node.startIndex));
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
      this.f.facts.sends.push({ ...at, verb: upload ?? 'sends it in the address of a request', ...(host ? { host } : {}), payload });
    }
    if (upload && !output && !remoteName) return NOTHING;
    const fetched = stepped('download', node.startIndex, `downloads ${url && url !== '*' ? shown(url, 100) : 'from an address built at run time'}`, urlValue);
    if (name === 'wget' && !toStdout && !output) {
      remoteName = true;
    }
    if (remoteName && !output) output = (url.split(/[?#]/)[0] ?? '').split('/').filter(Boolean).pop() ?? 'index.html';
    if (output && output !== '-') {
      this.f.write({ ...at, path: output, value: fetched });
      this.f.wrote({ ...at, path: output, how: 'downloads a file into', content: fetched });
      this.taintVariable(outputWord, fetched);
      return NOTHING;
    }
    return fetched;
  }

  /** `curl -o "$F" …`: the path is only known at run time, so the variable itself carries what was written there. */
  private taintVariable(word: Word | undefined, value: Value): void {
    const name = word ? /^"?\$\{?([A-Za-z_]\w*)\}?"?$/.exec(word.node.text)?.[1] : undefined;
    if (!name) return;
    const before = this.f.vars.get(name) ?? NOTHING;
    this.f.vars.set(name, { ...union(before, value), text: before.text, exact: before.exact });
  }

  /** curl -d/-F values: `@file` reads a file, `@-` the input. */
  private dataValue(word: Word, stdin: Value): Value {
    const t = word.v.text;
    const at = /^(?:[^=@]*=)?[@<](.*)$/.exec(t);
    if (at) return at[1] === '-' ? union(stdin, word.v) : union(this.fileValue(literal(at[1]!.replace(/;.*$/, '')), word.node.startIndex), word.v);
    return word.v;
  }

  private network(node: Node, name: string, args: Word[], stdin: Value): Value {
    const at = place(node);
    const texts = args.map((a) => a.v.text);
    const plain = args.filter((a, k) => !a.v.text.startsWith('-') && !(k > 0 && /^-[a-zA-Z]*[epcswiWqx]$|^--(?:exec|sh-exec|lua-exec|source|wait|proxy)$/.test(texts[k - 1]!)));
    const host = name === 'openssl' ? /^([^:\s]+):/.exec(texts[texts.indexOf('-connect') + 1] ?? '')?.[1] : name === 'socat' ? /tcp[46]?(?:-connect)?:([^:\s,]+):/i.exec(texts.join(' '))?.[1] : plain[0]?.v.text;
    if (name === 'openssl' && !texts.includes('s_client')) return union(stdin);
    const exe = texts.findIndex((t) => /^-[a-zA-Z]*[ec]$|^--(?:exec|sh-exec|lua-exec)$/.test(t));
    if (name !== 'socat' && name !== 'openssl' && name !== 'telnet' && exe >= 0 && !isLoopback(host)) {
      this.f.facts.shells.push({ ...at, what: `runs ${name} ${texts[exe]} ${shown(texts[exe + 1] ?? '', 40)}: it hands a shell to ${host && host !== '*' ? host : 'whoever connects'}` });
      return NOTHING;
    }
    if (name === 'socat' && /\b(?:exec|system):/i.test(texts.join(' ')) && /\btcp|\bssl|\bopenssl|\budp/i.test(texts.join(' ')) && !isLoopback(host)) {
      this.f.facts.shells.push({ ...at, what: `runs socat with exec: over a network connection${host ? ` to ${host}` : ''}: it hands a shell to whoever is there` });
      return NOTHING;
    }
    if (this.pipe && host && host !== '*') this.pipe.net = { ...at, host, tool: name };
    if (stdin.steps.some((s) => s.kind === 'secret' || s.kind === 'environment') && !isLoopback(host)) {
      this.f.facts.sends.push({ ...at, verb: `sends it over a raw connection (${name})`, ...(host && host !== '*' ? { host } : {}), payload: stdin });
    }
    // What a connection sends back is code only if something runs it; mark it as from the network.
    return host && !isLoopback(host) ? stepped('socket', node.startIndex, `reads from a connection to ${host} (${name})`) : NOTHING;
  }
}

const POWERSHELL_NAMES = new Set(['powershell', 'pwsh']);

function languageOfPath(path: string): ReturnType<typeof languageOfRunner> {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  if (ext === 'sh' || ext === 'bash') return 'bash';
  if (ext === 'py') return 'python';
  if (ext === 'js' || ext === 'mjs' || ext === 'cjs') return 'javascript';
  if (ext === 'ps1') return 'powershell';
  return undefined;
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

