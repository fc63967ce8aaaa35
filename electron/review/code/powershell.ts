// PowerShell read for where values come from and where they go: pipelines,
// variables ($env:X included), .NET calls on WebClient, Convert and
// scriptblock, and the cmdlets that download (Invoke-WebRequest), run code
// (Invoke-Expression, Start-Process, & …) or send (-Body, UploadString).
import type { Node } from 'web-tree-sitter';
import { concat, credentialPlace, hostOf, isLoopback, isSecretName, literal, NOTHING, shown, sliceOf, union, withStep, type Value } from './facts.js';
import { field, Flow, named, place, programName } from './flow.js';
import { decodePowerShell } from './shell-interpreters.js';

const SWITCHES = new Set(['usebasicparsing', 'noprofile', 'nop', 'noninteractive', 'noni', 'nologo', 'sta', 'mta', 'force', 'passthru', 'wait', 'verbose', 'debug', 'whatif', 'confirm', 'recurse', 'raw', 'hidden', 'nonewwindow', 'asjob', 'skipcertificatecheck']);
const DOWNLOAD_CMDLETS = new Set(['iwr', 'invoke-webrequest', 'irm', 'invoke-restmethod', 'curl', 'wget', 'start-bitstransfer']);

interface Element {
  readonly node: Node;
  readonly v: Value;
}

/** Reads a script (or its pieces, in order: analyze.ts parses a long file in pieces). */
export function analyzePowerShell(roots: readonly Node[], flow: Flow): void {
  const walker = new PsWalker(flow);
  for (const root of roots) walker.eval(root);
  walker.finish();
}

class PsWalker {
  private tcp: { offset: number; length: number; host?: string } | undefined;
  private runsText: { offset: number; length: number; what: string } | undefined;

  constructor(private readonly f: Flow) {}

  finish(): void {
    // The classic PowerShell reverse shell: a TCPClient stream read into a buffer and each chunk passed to iex.
    if (this.tcp && this.runsText && !isLoopback(this.tcp.host)) {
      // One finding for the loop: at the connection, not again where its data is run.
      const shells = this.f.facts.shells;
      for (let i = shells.length - 1; i >= 0; i--) if (shells[i]!.what.startsWith('runs what it receives')) shells.splice(i, 1);
      this.f.facts.shells.push({ ...this.tcp, what: `opens a TCP connection${this.tcp.host ? ` to ${this.tcp.host}` : ''} (Net.Sockets.TCPClient) and ${this.runsText.what}: whoever is there can type commands on this computer` });
    }
  }

  private exec(node: Node, runner: string, input: Value, file?: string): void {
    if (!file) this.runsText ??= { ...place(node), what: `runs text with ${runner}` };
    if (this.f.full) return;
    this.f.facts.execs.push({ ...place(node), runner, input, ...(file !== undefined ? { file } : {}) });
    if (input.steps.some((s) => s.kind === 'socket')) this.f.facts.shells.push({ ...place(node), what: `runs what it receives over a network connection (${runner}): whoever is at the other end controls this computer` });
  }

  private send(node: Node, verb: string, url: string, payload: Value): void {
    if (!payload.steps.some((s) => s.kind === 'secret' || s.kind === 'environment')) return;
    const host = hostOf(url);
    if (isLoopback(host)) return;
    this.f.facts.sends.push({ ...place(node), verb, ...(host ? { host } : {}), payload });
  }

  private variable(node: Node): Value {
    const text = node.text.replace(/^\$\{?|\}$/g, '');
    const env = /^env:(\w+)$/i.exec(text);
    if (env) {
      const name = env[1]!;
      if (/^(?:HOME|USERPROFILE)$/i.test(name)) return literal('~');
      return isSecretName(name) ? withStep(NOTHING, { kind: 'secret', offset: node.startIndex, what: `reads the secret variable $env:${name}` }) : NOTHING;
    }
    if (/^home$/i.test(text)) return literal('~');
    if (/^profile$/i.test(text) && !this.f.vars.has('profile')) return literal('$PROFILE');
    return this.f.vars.get(text.toLowerCase()) ?? NOTHING;
  }

  eval(node: Node, stdin: Value = NOTHING): Value {
    return this.f.deeper(() => {
      switch (node.type) {
        case 'comment':
          return NOTHING;
        case 'variable':
          return this.variable(node);
        case 'string_literal': {
          const inner = named(node)[0];
          const parts = inner ? named(inner).filter((c) => c.type !== 'escaped_character') : [];
          const raw = inner?.text ?? node.text;
          const quote = /^@?["']/.exec(raw)?.[0].length ?? 0;
          const body = raw.slice(quote, raw.length - quote);
          if (parts.length === 0) return { ...literal(body), span: (inner ?? node).startIndex + quote };
          return { ...union(...parts.map((p) => this.eval(p))), text: body.replace(/\$(?:\{[^}]*\}|\([^)]*\)|[\w:]+)/g, '*') };
        }
        case 'command_name':
        case 'generic_token':
        case 'integer_literal':
        case 'decimal_integer_literal':
          return literal(node.text);
        case 'type_literal':
          return { ...NOTHING, ref: `type:${node.text.replace(/^\[|\]$/g, '').replace(/^system\./i, '').toLowerCase()}` };
        case 'command':
          return this.command(node, stdin);
        case 'pipeline_chain':
        case 'pipeline': {
          let value = stdin;
          for (const c of named(node)) value = c.type === 'redirections' ? this.redirect(c, value) : this.eval(c, value);
          return value;
        }
        case 'assignment_expression': {
          const left = named(node)[0];
          const value = field(node, 'value');
          const v = value ? this.eval(value) : NOTHING;
          const name = left ? /\$\{?([\w:]+)/.exec(left.text)?.[1]?.toLowerCase() : undefined;
          if (name) this.f.vars.set(name, left && /\+=/.test(node.text.slice(left.endIndex - node.startIndex, left.endIndex - node.startIndex + 4)) ? union(this.f.vars.get(name) ?? NOTHING, v) : v);
          return v;
        }
        case 'invokation_expression':
          return this.invoke(node);
        case 'element_access':
          return this.elementAccess(node);
        case 'comparison_expression': {
          // `$chars -join ''`: the characters put back together, as they are.
          const parts = named(node);
          const [left, op, right] = parts;
          if (parts.length === 3 && op?.type === 'comparison_operator' && /^-join$/i.test(op.text.trim()) && /^(?:''|"")$/.test(right!.text.trim())) return this.eval(left!);
          if (parts.length === 1) return this.eval(parts[0]!, stdin);
          return union(...parts.map((c) => this.eval(c)));
        }
        case 'member_access': {
          const target = named(node)[0];
          const member = named(node).find((c) => c.type === 'member_name')?.text.toLowerCase() ?? '';
          const base = target ? this.eval(target) : NOTHING;
          return { ...union(base), ...(base.ref ? { ref: `${base.ref}.${member}` } : {}) };
        }
        default: {
          // Expression wrappers (unary_expression, argument_expression, …) hand their one child through unchanged.
          const children = named(node);
          if (children.length === 1) return this.eval(children[0]!, stdin);
          return union(...children.map((c) => this.eval(c)));
        }
      }
    });
  }

  /**
   * `$u[-1..-($u.Length)]`, `$u[($u.Length-1)..0]`: the characters of a string backwards, which `-join` puts back
   * together — a way to hide an address or a command. The reversal is undone here (never run) and named.
   */
  private elementAccess(node: Node): Value {
    const [target, index] = named(node);
    const base = target ? this.eval(target) : NOTHING;
    const name = target?.type === 'variable' ? /^\$\{?([\w:]+)/.exec(target.text)?.[1] : undefined;
    const backwards = name && index ? new RegExp(String.raw`^\s*(?:-1\s*\.\.\s*-\s*\(?\s*\$${name}\.(?:Length|Count)\s*\)?|\(?\s*\$${name}\.(?:Length|Count)\s*-\s*1\s*\)?\s*\.\.\s*0)\s*$`, 'i').test(index.text) : false;
    if (!backwards || !base.exact) return union(base, ...(index ? [this.eval(index)] : []));
    return withStep(literal(Array.from(base.text).reverse().join('')), { kind: 'decoded', offset: node.startIndex, what: `reverses a string (${shown(node.text, 40)})` });
  }

  private args(node: Node | undefined): Value[] {
    if (!node) return [];
    const list = named(node).find((c) => c.type === 'argument_expression_list');
    return list ? named(list).map((c) => this.eval(c)) : [];
  }

  private invoke(node: Node): Value {
    const target = named(node)[0];
    const member = named(node).find((c) => c.type === 'member_name')?.text.toLowerCase() ?? '';
    const args = this.args(named(node).find((c) => c.type === 'argument_list'));
    const base = target ? this.eval(target) : NOTHING;
    const ref = base.ref ?? '';
    const arg0 = args[0] ?? NOTHING;
    if (/^(?:downloadstring|downloaddata|openread|downloadstringtaskasync|downloaddatataskasync)$/.test(member)) {
      this.send(node, 'sends it in a request', arg0.text, arg0);
      return withStep(NOTHING, { kind: 'download', offset: node.startIndex, what: `downloads ${arg0.text !== '*' ? shown(arg0.text, 100) : 'from an address built at run time'} (${member})` });
    }
    if (member === 'downloadfile' || member === 'downloadfiletaskasync') {
      const path = args[1];
      if (path) this.f.write({ ...place(node), path: path.text, value: withStep(NOTHING, { kind: 'download', offset: node.startIndex, what: `downloads ${shown(arg0.text, 100)} (DownloadFile)` }) });
      return NOTHING;
    }
    if (/^upload(?:string|data|values|file)(?:taskasync)?$/.test(member)) {
      this.send(node, `uploads it (${member})`, arg0.text, union(...args.slice(1), arg0));
      return NOTHING;
    }
    if (member === 'frombase64string' || member === 'fromhexstring') return withStep(union(...args), { kind: 'decoded', offset: node.startIndex, what: `decodes base64 ([Convert]::${member === 'frombase64string' ? 'FromBase64String' : 'FromHexString'})` });
    if (member === 'create' && /scriptblock/.test(ref)) {
      this.exec(node, '[scriptblock]::Create', arg0);
      return union(arg0);
    }
    if (member === 'new' && /tcpclient|sockets\.socket/.test(ref)) return this.tcpClient(node, arg0.text);
    if (member === 'getenvironmentvariables') return withStep(NOTHING, { kind: 'environment', offset: node.startIndex, what: 'reads the whole environment ([Environment]::GetEnvironmentVariables)' });
    if (member === 'getenvironmentvariable') return arg0.exact && isSecretName(arg0.text) ? withStep(NOTHING, { kind: 'secret', offset: node.startIndex, what: `reads the secret variable ${arg0.text}` }) : NOTHING;
    if (/^readall(?:text|bytes|lines)$/.test(member)) {
      const what = credentialPlace(arg0.text);
      return what ? withStep(NOTHING, { kind: 'secret', offset: node.startIndex, what: `reads ${what} (${shown(arg0.text, 60)})` }) : union(arg0);
    }
    return { ...union(base, ...args), ...(base.ref === 'webclient' ? { ref: 'webclient' } : {}) };
  }

  /** `… > file`, `… >> $PROFILE`: the output goes to a file. */
  private redirect(node: Node, output: Value): Value {
    for (const r of named(node).filter((c) => c.type === 'redirection')) {
      const op = named(r).find((c) => c.type === 'file_redirection_operator')?.text.trim() ?? '';
      const target = named(r).find((c) => c.type === 'redirected_file_name');
      const parts = target ? named(target).filter((c) => c.type !== 'command_argument_sep') : [];
      if (!op || !parts.length) continue;
      const path = concat(parts.map((c) => this.eval(c)));
      this.f.wrote({ ...place(r), path: path.text, how: op.endsWith('>>') ? 'appends to' : 'writes', content: output });
    }
    return NOTHING;
  }

  private tcpClient(node: Node, host: string): Value {
    this.tcp ??= { ...place(node), ...(host && host !== '*' ? { host } : {}) };
    return withStep({ ...NOTHING, ref: 'tcpclient' }, { kind: 'socket', offset: node.startIndex, what: `opens a TCP connection${host && host !== '*' ? ` to ${host}` : ''}` });
  }

  private command(node: Node, stdin: Value): Value {
    const nameNode = field(node, 'command_name');
    const invoke = named(node).find((c) => c.type === 'command_invokation_operator')?.text;
    const elementsNode = field(node, 'command_elements');
    // `% { iex $_ }`: the script block sees each input as $_.
    this.f.vars.set('_', stdin);
    this.f.vars.set('psitem', stdin);
    const elements: Element[] = [];
    const params = new Map<string, Value>();
    const paramNodes = new Map<string, Node>();
    const raw = elementsNode ? named(elementsNode).filter((c) => c.type !== 'command_argument_sep') : [];
    for (let i = 0; i < raw.length; i++) {
      const c = raw[i]!;
      if (c.type === 'command_parameter') {
        const m = /^-([\w-]+)(?::(.*))?$/.exec(c.text);
        const p = m?.[1]?.toLowerCase() ?? '';
        if (m?.[2]) params.set(p, literal(m[2]));
        else if (!SWITCHES.has(p) && raw[i + 1] && raw[i + 1]!.type !== 'command_parameter') {
          params.set(p, this.eval(raw[i + 1]!, NOTHING));
          paramNodes.set(p, raw[i + 1]!);
          i++;
        } else params.set(p, literal('true'));
      } else if (c.type === 'argument_list' && elements.length && /\.(?:DownloadString|DownloadData|OpenRead)\s*$/i.test(elements.at(-1)!.node.text)) {
        // `IEX (New-Object Net.WebClient).DownloadString(u)` parses as a member and a separate argument list.
        const url = this.args(c)[0] ?? NOTHING;
        const prev = elements.pop()!;
        elements.push({ node: prev.node, v: withStep(prev.v, { kind: 'download', offset: prev.node.startIndex, what: `downloads ${url.text !== '*' ? shown(url.text, 100) : 'from an address built at run time'} (DownloadString)` }) });
      } else elements.push({ node: c, v: this.eval(c, NOTHING) });
    }
    const nameValue = nameNode ? (nameNode.type === 'command_name' ? literal(nameNode.text) : this.eval(nameNode)) : NOTHING;
    const name = programName(nameValue.text);
    const positional = elements.map((e) => e.v);
    const get = (...keys: string[]) => keys.map((k) => params.get(k)).find((v) => v !== undefined);

    if (invoke && !nameValue.exact) {
      if (nameValue.steps.some((s) => s.kind === 'download' || s.kind === 'decoded' || s.kind === 'socket')) this.exec(node, `${invoke} (call operator)`, nameValue);
      return NOTHING;
    }
    if (name === 'iex' || name === 'invoke-expression') {
      const input = union(get('command') ?? NOTHING, ...positional, stdin);
      this.exec(node, 'Invoke-Expression', input);
      const only = elements.length === 1 ? elements[0]!.v : undefined;
      if (only?.span) this.f.nest('powershell', only, 'the code given to Invoke-Expression');
      return NOTHING;
    }
    if (DOWNLOAD_CMDLETS.has(name)) {
      const url = get('uri', 'source', 'url') ?? positional[0] ?? NOTHING;
      const out = get('outfile', 'destination', 'o') ?? (name === 'start-bitstransfer' ? positional[1] : undefined);
      const body = union(get('body') ?? NOTHING, ...(get('infile') ? [this.fileValue(get('infile')!, node)] : []));
      const method = get('method')?.text.toLowerCase();
      this.send(node, method === 'post' || get('body') ? 'POSTs' : 'sends it in a request', url.text, union(url, body));
      const fetched = withStep(NOTHING, { kind: 'download', offset: node.startIndex, what: `downloads ${url.text !== '*' ? shown(url.text, 100) : 'from an address built at run time'} (${name})` });
      if (out) {
        this.f.write({ ...place(node), path: out.text, value: fetched });
        // `-OutFile $target`: the variable carries what was written where it points.
        const outNode = paramNodes.get('outfile') ?? paramNodes.get('destination');
        const variable = outNode ? /^\$([\w]+)$/.exec(outNode.text.trim())?.[1]?.toLowerCase() : undefined;
        if (variable && !/^env:/i.test(variable)) this.f.vars.set(variable, { ...union(this.f.vars.get(variable) ?? NOTHING, fetched), text: out.text, exact: out.exact });
        return NOTHING;
      }
      return fetched;
    }
    if (name === 'new-object') {
      const type = (get('typename') ?? positional[0] ?? NOTHING).text.toLowerCase();
      const ctorArgs = union(...positional.slice(1), get('argumentlist') ?? NOTHING);
      if (/net\.webclient$/.test(type)) return { ...NOTHING, ref: 'webclient' };
      if (/sockets\.tcpclient$/.test(type)) return this.tcpClient(node, (get('argumentlist') ?? positional[1] ?? NOTHING).text.split(/[\s,]/)[0]?.replace(/["']/g, '') ?? '');
      if (/compression\.(?:gzip|deflate|brotli)stream$/.test(type)) return withStep(ctorArgs, { kind: 'decoded', offset: node.startIndex, what: 'decompresses data (Compression stream)' });
      return ctorArgs;
    }
    if (name === 'start-process' || name === 'saps' || name === 'start') {
      const file = get('filepath', 'path') ?? positional[0] ?? NOTHING;
      const argList = get('argumentlist') ?? positional[1] ?? NOTHING;
      const prog = programName(file.text);
      if (prog === 'powershell' || prog === 'pwsh' || prog === 'cmd') this.runsText ??= { ...place(node), what: `starts ${prog}` };
      if (/(?:^|\s)-e(?:nc|ncodedcommand)?\s+[A-Za-z0-9+/=]{16,}/i.test(argList.text)) this.exec(node, `${prog} -EncodedCommand`, withStep(argList, { kind: 'decoded', offset: node.startIndex, what: 'decodes the base64 -EncodedCommand' }));
      this.exec(node, 'Start-Process', union(this.fileValue(file, node), file), file.text);
      // `Start-Process powershell -ArgumentList "-NoP -C iex (irm …)"`: the code after -Command is read as PowerShell.
      const command = (prog === 'powershell' || prog === 'pwsh') && argList.exact ? /(?:^|\s)-(?:c|command)\s+/i.exec(argList.text) : null;
      if (command) this.f.nest('powershell', sliceOf(argList, command.index + command[0].length, argList.text.length), `the code given to ${prog}`);
      return NOTHING;
    }
    if (name === 'powershell' || name === 'pwsh') {
      const enc = get('encodedcommand', 'enc', 'e', 'ec', 'en', 'encoded');
      if (enc) {
        this.exec(node, `${name} -EncodedCommand`, withStep(enc, { kind: 'decoded', offset: node.startIndex, what: 'decodes the base64 -EncodedCommand' }));
        const text = decodePowerShell(enc.text);
        const at = paramNodes.get('encodedcommand') ?? paramNodes.get('enc') ?? paramNodes.get('e') ?? paramNodes.get('ec');
        if (text) this.f.nest('powershell', { ...literal(text), span: new Array<number>(text.length + 1).fill(at?.startIndex ?? node.startIndex) }, 'the decoded -EncodedCommand');
        return NOTHING;
      }
      const cmd = get('command', 'c');
      if (cmd) {
        this.exec(node, `${name} -Command`, cmd);
        if (cmd.span) this.f.nest('powershell', cmd, `the code given to ${name}`);
        return NOTHING;
      }
      const file = get('file', 'f');
      if (file) this.exec(node, name, this.fileValue(file, node), file.text);
      else if (stdin.steps.length) this.exec(node, name, stdin);
      return NOTHING;
    }
    if (name === 'cmd' && positional.length) {
      this.exec(node, 'cmd /c', concat(positional.slice(1), ' '));
      return NOTHING;
    }
    if (/^(?:get-childitem|gci|ls|dir|get-item|gi)$/.test(name) && /^env:\\?\*?$/i.test((get('path') ?? positional[0] ?? NOTHING).text)) {
      return withStep(NOTHING, { kind: 'environment', offset: node.startIndex, what: 'reads the whole environment (Get-ChildItem env:)' });
    }
    if (name === 'join-path') return concat([get('path') ?? positional[0] ?? NOTHING, get('childpath') ?? positional[1] ?? NOTHING], '\\');
    if (/^(?:get-content|gc|cat|type)$/.test(name)) return this.fileValue(get('path', 'literalpath') ?? positional[0] ?? NOTHING, node);
    if (/^(?:set-content|sc|add-content|ac|out-file|tee-object|tee)$/.test(name)) {
      const path = get('path', 'filepath', 'literalpath', 'file') ?? positional[0] ?? NOTHING;
      const value = get('value', 'inputobject') ?? positional[1];
      const content = value && !stdin.steps.length ? value : union(value ?? NOTHING, stdin);
      this.f.wrote({ ...place(node), path: path.text, how: /^(?:add-content|ac)$/.test(name) || get('append') ? 'appends to' : 'writes', content });
      return /^tee/.test(name) ? stdin : NOTHING;
    }
    if (/^(?:copy-item|copy|cpi|cp|move-item|move|mi|mv)$/.test(name)) {
      const dst = get('destination') ?? positional[1];
      if (dst) this.f.wrote({ ...place(node), path: dst.text, how: /^(?:move|mi|mv)/.test(name) ? 'moves a file to' : 'copies a file to', content: union(get('path', 'literalpath') ?? positional[0] ?? NOTHING) });
      return NOTHING;
    }
    if ((name === 'new-item' || name === 'ni') && get('value')) {
      this.f.wrote({ ...place(node), path: (get('path') ?? positional[0] ?? NOTHING).text, how: 'writes', content: get('value')! });
      return NOTHING;
    }
    if (invoke || /[\\/]/.test(nameValue.text) || /\.(?:ps1|exe|bat|cmd)$/i.test(nameValue.text)) {
      this.exec(node, invoke ? `${invoke} (call operator)` : 'the program', this.fileValue(nameValue, node), nameValue.text);
      return NOTHING;
    }
    return union(stdin, ...positional.filter((v) => v.steps.length), ...[...params.values()].filter((v) => v.steps.length));
  }

  private fileValue(path: Value, node: Node): Value {
    const written = this.f.written(path.text);
    if (written) return union(written.value, path);
    const what = credentialPlace(path.text.replace(/\\/g, '/').replace(/\$env:USERPROFILE|\$HOME/gi, '~'));
    if (what) return withStep(union(path), { kind: 'secret', offset: node.startIndex, what: `reads ${what} (${shown(path.text, 60)})` });
    return union(path);
  }
}
