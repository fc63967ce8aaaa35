// Python read for where values come from and where they go: imports and
// aliases (so `b64decode`, `__import__("os").system` and `getattr(os,
// "system")` are known for what they are), assignments, loops and
// comprehensions over the environment, f-strings and concatenation, and the
// calls that download, decode, read secrets, send, or run code.
import type { Node } from 'web-tree-sitter';
import { concat, credentialPlace, hostOf, isLoopback, isSecretName, literal, NOTHING, shown, union, withStep, type StepKind, type Value } from './facts.js';
import { field, Flow, isInterpreter, languageOfRunner, named, place, programName, PYTHONS, SHELLS } from './flow.js';
import { unescape } from './snippet.js';

const DECODERS = new Map<string, string>([
  ['base64.b64decode', 'base64'],
  ['base64.b32decode', 'base32'],
  ['base64.b16decode', 'base16'],
  ['base64.b85decode', 'base85'],
  ['base64.a85decode', 'ascii85'],
  ['base64.urlsafe_b64decode', 'base64'],
  ['base64.standard_b64decode', 'base64'],
  ['base64.decodebytes', 'base64'],
  ['base64.decodestring', 'base64'],
  ['binascii.unhexlify', 'hex'],
  ['binascii.a2b_hex', 'hex'],
  ['binascii.a2b_base64', 'base64'],
  ['bytes.fromhex', 'hex'],
  ['bytearray.fromhex', 'hex'],
  ['codecs.decode', 'codecs.decode'],
  ['zlib.decompress', 'zlib'],
  ['gzip.decompress', 'gzip'],
  ['bz2.decompress', 'bz2'],
  ['lzma.decompress', 'lzma'],
  ['marshal.loads', 'marshal'],
  ['chr', 'character codes'],
]);

const EXECS = new Set(['exec', 'eval', 'builtins.exec', 'builtins.eval', 'compile', 'types.FunctionType', 'pickle.loads', 'pickle.load', 'cPickle.loads', '_pickle.loads', 'dill.loads', 'cloudpickle.loads', 'jsonpickle.decode', 'yaml.unsafe_load', 'runpy.run_path', 'code.InteractiveInterpreter.runsource']);
const SHELL_CALLS = new Set(['os.system', 'os.popen', 'commands.getoutput', 'commands.getstatusoutput', 'subprocess.getoutput', 'subprocess.getstatusoutput', 'asyncio.create_subprocess_shell']);
const PROCESS_CALLS = /^(?:subprocess\.(?:run|call|check_call|check_output|Popen)|asyncio\.create_subprocess_exec|os\.(?:exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?)|pty\.spawn|sh\.Command|pexpect\.spawn|pexpect\.run)$/;
const HTTP_ROOTS = /^(?:requests|httpx|urllib3|aiohttp|grequests|treq)(?:\.[\w]+)*$/;
const HTTP_METHODS = /\.(?:get|post|put|patch|delete|head|options|request|stream|urlopen)$/;

export function analyzePython(root: Node, flow: Flow): void {
  const walker = new PythonWalker(flow);
  walker.visit(root);
  // A function that returns a secret or a download may be called above where it is defined: read again, knowing it.
  if (walker.taintedFunctions) {
    flow.resetFacts();
    const second = new PythonWalker(flow);
    second.visit(root);
    second.finish();
  } else walker.finish();
}

class PythonWalker {
  private socketHost: string | undefined;
  private dup: { offset: number; length: number } | undefined;
  private spawned: { offset: number; length: number; what: string } | undefined;
  private readonly returns: Value[][] = [];
  taintedFunctions = false;

  constructor(private readonly f: Flow) {}

  finish(): void {
    if (this.dup && this.spawned && !isLoopback(this.socketHost)) {
      this.f.facts.shells.push({ ...this.dup, what: `puts a network socket${this.socketHost ? ` to ${this.socketHost}` : ''} on its standard input and output (os.dup2), then ${this.spawned.what}: whoever is there can type commands on this computer` });
    }
  }

  private ref(name: string): Value {
    return this.f.vars.get(name) ?? { ...NOTHING, ref: name };
  }

  private bind(target: Node, value: Value): void {
    switch (target.type) {
      case 'identifier':
        this.f.vars.set(target.text, value);
        return;
      case 'pattern_list':
      case 'tuple_pattern':
      case 'list_pattern':
      case 'tuple':
      case 'list':
      case 'expression_list':
        for (const c of named(target)) this.bind(c, value);
        return;
      case 'subscript':
      case 'attribute': {
        // data[k] = v, obj.field = v: the container holds it from now on.
        const base = field(target, target.type === 'subscript' ? 'value' : 'object');
        if (base?.type === 'identifier') this.f.vars.set(base.text, union(this.ref(base.text), value));
        this.f.vars.set(target.text, value);
        return;
      }
      default:
        for (const c of named(target)) this.bind(c, value);
    }
  }

  visit(node: Node): void {
    this.f.deeper(() => {
      switch (node.type) {
        case 'comment':
          break;
        case 'import_statement':
          for (const c of named(node)) {
            if (c.type === 'aliased_import') {
              const name = field(c, 'name')?.text ?? '';
              const alias = field(c, 'alias')?.text;
              if (alias) this.f.vars.set(alias, { ...NOTHING, ref: name });
            } else if (c.type === 'dotted_name') {
              const first = c.text.split('.')[0]!;
              this.f.vars.set(first, { ...NOTHING, ref: first });
            }
          }
          break;
        case 'import_from_statement': {
          const module = field(node, 'module_name')?.text ?? '';
          for (const c of named(node).slice(1)) {
            if (c.type === 'aliased_import') {
              const name = field(c, 'name')?.text ?? '';
              const alias = field(c, 'alias')?.text;
              if (alias) this.f.vars.set(alias, { ...NOTHING, ref: `${module}.${name}` });
            } else if (c.type === 'dotted_name') {
              this.f.vars.set(c.text, { ...NOTHING, ref: `${module}.${c.text}` });
            }
          }
          break;
        }
        case 'assignment': {
          const right = field(node, 'right');
          const left = field(node, 'left');
          const value = right ? this.eval(right) : NOTHING;
          if (left) this.bind(left, value);
          break;
        }
        case 'augmented_assignment': {
          const left = field(node, 'left');
          const right = field(node, 'right');
          const value = right ? this.eval(right) : NOTHING;
          if (left) this.bind(left, left.type === 'identifier' ? union(this.ref(left.text), value) : value);
          break;
        }
        case 'for_statement': {
          const left = field(node, 'left');
          const right = field(node, 'right');
          if (left && right) this.bind(left, this.eval(right));
          for (const c of named(node).filter((c) => c.id !== left?.id && c.id !== right?.id)) this.visit(c);
          break;
        }
        case 'with_item': {
          const value = field(node, 'value');
          if (value?.type === 'as_pattern') {
            const expr = named(value)[0];
            const alias = field(value, 'alias') ?? named(value)[1];
            const v = expr ? this.eval(expr) : NOTHING;
            if (alias) this.bind(named(alias)[0] ?? alias, v);
          } else if (value) this.eval(value);
          break;
        }
        case 'function_definition': {
          const name = field(node, 'name')?.text;
          const body = field(node, 'body');
          // Parameters hide outer names of the same spelling.
          const params = field(node, 'parameters');
          for (const p of params ? named(params) : []) {
            const id = p.type === 'identifier' ? p : (field(p, 'name') ?? named(p).find((c) => c.type === 'identifier'));
            if (id?.type === 'identifier') this.f.vars.set(id.text, NOTHING);
          }
          this.returns.push([]);
          if (body) this.visit(body);
          const returns = union(...(this.returns.pop() ?? []));
          if (returns.steps.length) this.taintedFunctions = true;
          if (name) this.f.vars.set(name, { ...NOTHING, ref: name, returns });
          break;
        }
        case 'return_statement':
          this.returns.at(-1)?.push(union(...named(node).map((c) => this.eval(c))));
          break;
        case 'expression_statement':
          for (const c of named(node)) {
            if (c.type === 'assignment' || c.type === 'augmented_assignment') this.visit(c);
            else this.eval(c);
          }
          break;
        default:
          if (isExpression(node.type)) this.eval(node);
          else for (const c of named(node)) this.visit(c);
      }
      return NOTHING;
    });
  }

  private string(node: Node): Value {
    const start = named(node).find((c) => c.type === 'string_start')?.text ?? '"';
    const raw = /r/i.test(start.replace(/["']/g, ''));
    const parts = named(node).filter((c) => c.type === 'string_content' || c.type === 'interpolation');
    if (parts.length === 1 && parts[0]!.type === 'string_content') {
      const p = parts[0]!;
      if (raw || !p.text.includes('\\')) return { ...literal(p.text), span: p.startIndex };
      const decoded = unescape(p.text, p.startIndex);
      return { ...literal(decoded.text), span: decoded.offsets };
    }
    if (parts.length === 0) return literal('');
    return concat(parts.map((p) => (p.type === 'string_content' ? literal(raw ? p.text : unescape(p.text, 0).text) : this.eval(named(p)[0] ?? p))));
  }

  eval(node: Node): Value {
    return this.f.deeper(() => {
      switch (node.type) {
        case 'identifier':
          return this.ref(node.text);
        case 'string':
          return this.string(node);
        case 'concatenated_string':
          return concat(named(node).map((c) => this.eval(c)));
        case 'integer':
        case 'float':
        case 'true':
        case 'false':
        case 'none':
          return literal(node.text);
        case 'attribute': {
          const obj = field(node, 'object');
          const attr = field(node, 'attribute')?.text ?? '';
          const base = obj ? this.eval(obj) : NOTHING;
          const ref = base.ref ? `${base.ref}.${attr}` : undefined;
          if (ref === 'os.environ' || ref === 'os.environb') return withStep({ ...NOTHING, ref }, { kind: 'environment', offset: node.startIndex, what: 'reads the whole environment (os.environ)' });
          if (ref === 'sys.executable') return literal('python3');
          // A method keeps its object's text and fields (`f.write` knows the path `f` was opened on).
          return { ...union(base), text: base.text, ...(base.props ? { props: base.props } : {}), ...(ref ? { ref } : {}) };
        }
        case 'subscript': {
          const base = field(node, 'value');
          const keys = named(node).filter((c) => c.id !== base?.id);
          const b = base ? this.eval(base) : NOTHING;
          const k = keys.map((c) => this.eval(c));
          if (b.ref === 'os.environ' || b.ref === 'os.environb') return this.envVar(k[0], node);
          if (b.items && k[0]?.exact && /^-?\d+$/.test(k[0].text)) return b.items.at(Number(k[0].text)) ?? union(b);
          return union(b, ...k.filter((v) => v.steps.some((s) => s.kind !== 'environment')));
        }
        case 'binary_operator': {
          const l = field(node, 'left');
          const r = field(node, 'right');
          const op = field(node, 'operator')?.type ?? '';
          const lv = l ? this.eval(l) : NOTHING;
          const rv = r ? this.eval(r) : NOTHING;
          if (op === '+' || op === '%') return concat([lv, rv]);
          if (op === '/') return concat([lv, rv], '/');
          return union(lv, rv);
        }
        case 'list':
        case 'tuple':
        case 'set': {
          const items = named(node).map((c) => this.eval(c));
          return { ...union(...items), items };
        }
        case 'dictionary': {
          const props = new Map<string, Value>();
          const values: Value[] = [];
          for (const c of named(node)) {
            if (c.type === 'pair') {
              const k = field(c, 'key');
              const v = field(c, 'value');
              const kv = k ? this.eval(k) : NOTHING;
              const vv = v ? this.eval(v) : NOTHING;
              if (kv.exact) props.set(kv.text, vv);
              values.push(vv, kv);
            } else values.push(this.eval(c));
          }
          return { ...union(...values), props };
        }
        case 'call':
          return this.call(node);
        case 'list_comprehension':
        case 'dictionary_comprehension':
        case 'set_comprehension':
        case 'generator_expression': {
          for (const clause of named(node).filter((c) => c.type === 'for_in_clause')) {
            const left = field(clause, 'left');
            const right = field(clause, 'right');
            if (left && right) this.bind(left, this.eval(right));
          }
          return union(...named(node).filter((c) => c.type !== 'for_in_clause').map((c) => this.eval(c)));
        }
        case 'lambda': {
          const body = field(node, 'body');
          return body ? this.eval(body) : NOTHING;
        }
        case 'keyword_argument': {
          const v = field(node, 'value');
          return v ? this.eval(v) : NOTHING;
        }
        case 'comment':
          return NOTHING;
        default:
          if (!isExpression(node.type)) {
            this.visit(node);
            return NOTHING;
          }
          if (node.type === 'parenthesized_expression' && node.namedChildCount === 1) return this.eval(named(node)[0]!);
          return union(...named(node).map((c) => this.eval(c)));
      }
    });
  }

  private envVar(key: Value | undefined, node: Node): Value {
    if (key?.exact) {
      if (key.text === 'HOME' || key.text === 'USERPROFILE') return literal('~');
      return isSecretName(key.text) ? withStep(NOTHING, { kind: 'secret', offset: node.startIndex, what: `reads the secret variable ${key.text} from the environment` }) : NOTHING;
    }
    // A name only known at run time (a loop over every variable): the environment as a whole.
    return withStep(NOTHING, { kind: 'environment', offset: node.startIndex, what: 'reads variables of the environment by name (os.environ[…])' });
  }

  private exec(node: Node, runner: string, input: Value, file?: string): void {
    if (this.f.full) return;
    this.f.facts.execs.push({ ...place(node), runner, input, ...(file !== undefined ? { file } : {}) });
    if (input.steps.some((s) => s.kind === 'socket')) this.f.facts.shells.push({ ...place(node), what: `runs what it receives over a network connection (${runner}): whoever is at the other end controls this computer` });
  }

  private call(node: Node): Value {
    const fnNode = field(node, 'function');
    const argsNode = field(node, 'arguments');
    const fn = fnNode ? this.eval(fnNode) : NOTHING;
    const argNodes = argsNode ? named(argsNode).filter((c) => c.type !== 'comment') : [];
    const positional: Value[] = [];
    const positionalNodes: Node[] = [];
    const kw = new Map<string, Value>();
    for (const a of argNodes) {
      if (a.type === 'keyword_argument') kw.set(field(a, 'name')?.text ?? '', this.eval(a));
      else {
        positional.push(this.eval(a));
        positionalNodes.push(a);
      }
    }
    const all = union(...positional, ...kw.values());
    const receiver = fnNode?.type === 'attribute' ? fn : NOTHING;
    const ref = normalise(fn.ref ?? '');
    // A method of a value with no known module (`settings.write_text(…)` on a path built with `/`) is known by its name.
    const method = ref.split('.').pop() || (fnNode?.type === 'attribute' ? (field(fnNode, 'attribute')?.text ?? '') : '');
    const at = place(node);
    const arg0 = positional[0] ?? kw.get('args') ?? kw.get('source') ?? kw.get('cmd') ?? NOTHING;

    // Ways of naming a module or a function without writing it.
    if ((ref === '__import__' || ref === 'importlib.import_module' || ref === 'builtins.__import__') && arg0.exact) return { ...NOTHING, ref: arg0.text };
    if (ref === 'getattr' && positional[0]?.ref && positional[1]?.exact) return { ...NOTHING, ref: `${positional[0].ref}.${positional[1].text}` };

    // The environment.
    if (ref === 'os.getenv' || ref === 'os.environ.get' || ref === 'os.getenvb' || ref === 'os.environ.pop') return this.envVar(arg0, node);
    if (/^os\.environ\.(?:items|keys|values|copy)$/.test(ref)) return withStep(NOTHING, { kind: 'environment', offset: node.startIndex, what: `reads the whole environment (os.environ.${method}())` });

    // Decoders.
    const decoder = DECODERS.get(ref) ?? (method === 'decode' && positional[0]?.exact && /^(?:rot.?13|base64|hex|zlib|bz2|uu)$/i.test(positional[0].text) ? positional[0].text : undefined);
    if (decoder && (ref !== 'codecs.decode' || !positional[1]?.exact || !/^utf-?8$|^ascii$|^latin-?1$/i.test(positional[1].text))) {
      return withStep(union(all, receiver), { kind: 'decoded', offset: node.startIndex, what: `decodes ${decoder} (${ref || method})` });
    }

    // Paths.
    if (ref === 'pathlib.Path.home' || ref === 'Path.home' || ref === 'os.path.expanduser' || ref === 'os.path.expandvars' || ref === 'os.path.abspath' || ref === 'os.path.realpath' || ref === 'pathlib.Path' || ref === 'Path' || ref === 'str' || ref === 'os.fspath') {
      return { ...(ref.endsWith('home') ? literal('~') : (positional[0] ?? literal(''))), ref: 'Path', steps: all.steps };
    }
    if (ref === 'os.path.join' || ref === 'posixpath.join' || ref === 'Path.joinpath' || ref === 'pathlib.Path.joinpath') return concat(method === 'joinpath' ? [receiver, ...positional] : positional, '/');

    // Code run in this process.
    if (EXECS.has(ref)) {
      if (ref !== 'compile') this.exec(node, `${ref}()`, arg0);
      if ((ref === 'exec' || ref === 'eval') && arg0.span) this.f.nest('python', arg0, `the code given to ${ref}()`);
      return union(arg0);
    }
    if (ref === 'yaml.load' && !/Safe|Base/.test(kw.get('Loader')?.ref ?? (positional[1]?.ref ?? ''))) {
      this.exec(node, 'yaml.load() (unsafe loader)', arg0);
      return union(arg0);
    }

    // Programs.
    if (SHELL_CALLS.has(ref) || (PROCESS_CALLS.test(ref) && kw.get('shell')?.text === 'True' && !arg0.items)) {
      this.exec(node, `${ref}()`, arg0);
      if (arg0.span) this.f.nest('bash', arg0, `the command given to ${ref}()`);
      return this.processOutput(node, arg0);
    }
    if (PROCESS_CALLS.test(ref)) {
      const items = /^os\.(?:exec|spawn)/.test(ref) ? (positional.find((p) => p.items)?.items ?? positional.slice(/^os\.spawn/.test(ref) ? 1 : 0)) : (arg0.items ?? [arg0, ...(ref === 'pty.spawn' ? [] : positional.slice(1))]);
      this.program(node, ref, items, kw);
      return this.processOutput(node, arg0);
    }

    // Downloads and sends.
    if (ref === 'urllib.request.urlretrieve' || ref === 'urllib.urlretrieve' || ref === 'urlretrieve' || ref === 'wget.download') {
      const url = arg0;
      const target = positional[1] ?? kw.get('filename') ?? kw.get('out');
      const fetched = withStep(NOTHING, { kind: 'download', offset: node.startIndex, what: `downloads ${url.exact || url.text !== '*' ? shown(url.text, 100) : 'from an address built at run time'}` });
      if (target) {
        this.f.write({ ...at, path: target.text, value: fetched });
        const targetNode = positionalNodes[1];
        if (targetNode?.type === 'identifier') this.f.vars.set(targetNode.text, union(target, fetched));
      }
      return fetched;
    }
    if (/^(?:requests|httpx|aiohttp)\.(?:Session|Client|AsyncClient|ClientSession|session)$/.test(ref)) return { ...NOTHING, ref: ref.split('.')[0]! };
    const http = (HTTP_ROOTS.test(ref) && (HTTP_METHODS.test(ref) || /^(?:requests|httpx)$/.test(ref))) || /^(?:urllib\.request\.urlopen|urllib2\.urlopen|urlopen|urllib\.request\.Request|Request)$/.test(ref);
    if (http) {
      const url = kw.get('url') ?? arg0;
      const sends = /\.(?:post|put|patch)$/.test(ref) ? [positional[1]] : [];
      const payload = union(url, ...sends.filter((v): v is Value => v !== undefined), ...['data', 'json', 'params', 'files', 'content', 'body'].map((k) => kw.get(k) ?? NOTHING));
      if (/Request$/.test(ref)) return { ...payload, text: url.text, ref: 'urllib.request.Request' };
      this.send(node, /\.(?:post)$/.test(ref) || kw.has('data') || kw.has('json') ? 'POSTs' : /\.put$/.test(ref) ? 'PUTs' : 'sends it in a request', url.text, payload);
      return withStep(NOTHING, { kind: 'download', offset: node.startIndex, what: `downloads ${url.text !== '*' ? shown(url.text, 100) : 'from an address built at run time'}` });
    }
    if (/^http\.client\.HTTPS?Connection$|^HTTPS?Connection$/.test(ref)) return { ...literal(arg0.text), ref: 'http.client.conn' };
    if (ref === 'http.client.conn.request') {
      this.send(node, positional[0]?.text === 'POST' ? 'POSTs' : 'sends it in a request', `//${receiver.text}${positional[1]?.text ?? ''}`, union(positional[1] ?? NOTHING, positional[2] ?? NOTHING, kw.get('body') ?? NOTHING));
      return NOTHING;
    }
    if (ref === 'http.client.conn.getresponse') return withStep(NOTHING, { kind: 'download', offset: node.startIndex, what: `downloads from ${receiver.text}` });

    // Sockets.
    if (ref === 'socket.socket' || ref === 'socket.create_connection' || ref === 'socket.fromfd' || ref === 'ssl.wrap_socket') {
      if (ref === 'socket.create_connection') this.socketHost = arg0.items?.[0]?.text;
      return withStep({ ...NOTHING, ref: 'socket.socket' }, { kind: 'socket', offset: node.startIndex, what: 'opens a network socket' });
    }
    if (ref === 'socket.socket.connect' || ref === 'socket.socket.connect_ex') {
      this.socketHost = arg0.items?.[0]?.text ?? this.socketHost;
      return NOTHING;
    }
    if (/^socket\.socket\.(?:send|sendall|sendto|sendfile)$/.test(ref)) {
      const host = method === 'sendto' ? positional[1]?.items?.[0]?.text : this.socketHost;
      this.send(node, 'sends it over a socket', host ? `//${host}` : '*', union(arg0));
      return NOTHING;
    }
    if (ref === 'os.dup2' && positional[0]?.steps.some((s) => s.kind === 'socket')) {
      this.dup ??= at;
      return NOTHING;
    }
    if (/^smtplib\.SMTP(?:_SSL)?$/.test(ref)) return { ...literal(arg0.text), ref: 'smtplib.conn' };
    if (/^smtplib\.conn\.(?:sendmail|send_message)$/.test(ref)) {
      this.send(node, 'mails it', `//${receiver.text}`, all);
      return NOTHING;
    }

    // Writing files: what is written there is what a later run of that file runs.
    const mode = positional[1]?.text ?? kw.get('mode')?.text ?? '';
    if (/^(?:open|io\.open|codecs\.open)$/.test(ref) && /[wax]/.test(mode)) {
      const props = new Map<string, Value>([['mode', literal(mode)]]);
      if (positionalNodes[0]?.type === 'identifier') props.set('var', literal(positionalNodes[0].text));
      return { ...NOTHING, ref: 'file.handle', text: arg0.text, props };
    }
    if (ref === 'Path.open' && /[wax]/.test(positional[0]?.text ?? kw.get('mode')?.text ?? '')) {
      const props = new Map<string, Value>([['mode', literal(positional[0]?.text ?? kw.get('mode')?.text ?? '')]]);
      return { ...NOTHING, ref: 'file.handle', text: receiver.text, props };
    }
    if ((ref === 'file.handle.write' || ref === 'file.handle.writelines') && positional[0]) {
      this.wrote(node, receiver.text, receiver.props?.get('var')?.text, positional[0], receiver.props?.get('mode')?.text);
      return NOTHING;
    }
    // json.dump(config, f), yaml.dump(data, f), toml.dump(data, f): written through a handle.
    if (/^(?:json|yaml|toml|tomli_w|tomlkit|pickle)\.(?:dump|safe_dump)$/.test(ref) && positional[1]?.ref === 'file.handle') {
      this.wrote(node, positional[1].text, positional[1].props?.get('var')?.text, positional[0] ?? NOTHING, positional[1].props?.get('mode')?.text);
      return NOTHING;
    }
    if (/^shutil\.(?:copy|copy2|copyfile|copytree|move)$|^os\.(?:rename|replace|symlink|link)$/.test(ref) && positional[1]) {
      this.f.wrote({ ...at, path: positional[1].text, how: /move|rename|replace/.test(ref) ? 'moves a file to' : /link/.test(ref) ? 'links a file in as' : 'copies a file to', content: union(positional[0] ?? NOTHING) });
      return NOTHING;
    }
    if (/^(?:Path\.)?write_(?:bytes|text)$|\.write_(?:bytes|text)$/.test(ref) || method === 'write_bytes' || method === 'write_text') {
      if (positional[0]) this.wrote(node, receiver.text, fnNode?.type === 'attribute' && field(fnNode, 'object')?.type === 'identifier' ? field(fnNode, 'object')!.text : undefined, positional[0]);
      return NOTHING;
    }

    // Reading files: a secret place makes the content a secret.
    if (/^(?:open|io\.open|codecs\.open|os\.open|sqlite3\.connect|shutil\.copyfileobj)$/.test(ref) || /^Path\.(?:read_text|read_bytes|open)$/.test(ref) || (method === 'read_text' || method === 'read_bytes')) {
      const path = method === 'read_text' || method === 'read_bytes' || ref === 'Path.open' ? receiver : arg0;
      const what = credentialPlace(`${path.text} ${positionalNodes[0]?.text ?? fnNode?.text ?? ''}`);
      if (what) return withStep(union(path), { kind: what.startsWith('the environment') ? 'environment' : 'secret', offset: node.startIndex, what: `reads ${what} (${shown(path.text !== '*' ? path.text : (positionalNodes[0]?.text ?? ''), 60)})` });
      return union(path);
    }

    // Anything else carries what went in (json.dumps(env), "".join(keys), r.text, d.decode()), and what a known function returns.
    return union(all, receiver, fn.returns ?? NOTHING);
  }

  /** A file written; with a value of known origin, a path held in a variable makes the variable carry it too. */
  private wrote(node: Node, path: string, variable: string | undefined, value: Value, mode = ''): void {
    this.f.wrote({ ...place(node), path, how: mode.includes('a') ? 'appends to' : 'writes', content: value });
    if (!value.steps.length) return;
    this.f.write({ ...place(node), path, value });
    if (variable) {
      const before = this.ref(variable);
      this.f.vars.set(variable, { ...union(before, value), text: before.text, exact: before.exact });
    }
  }

  private processOutput(node: Node, command: Value): Value {
    const text = command.items ? command.items.map((i) => i.text).join(' ') : command.text;
    if (/^\s*(?:env|printenv|set)\s*$/.test(text)) return withStep(NOTHING, { kind: 'environment', offset: node.startIndex, what: `reads the whole environment (${text.trim()})` });
    if (/\bsecurity\s+(?:find-(?:generic|internet)-password|dump-keychain)\b/.test(text)) return withStep(NOTHING, { kind: 'secret', offset: node.startIndex, what: 'reads a password from the macOS keychain' });
    const what = credentialPlace(text);
    if (what) return withStep(NOTHING, { kind: 'secret', offset: node.startIndex, what: `reads ${what} (${shown(text, 60)})` });
    return union(command);
  }

  /** A program started with an argument list: what runs is the program, or the script or code it is given. */
  private program(node: Node, ref: string, items: readonly Value[], kw: Map<string, Value>): void {
    const first = items[0] ?? NOTHING;
    const name = programName(first.text);
    const stdin = kw.get('stdin') ?? NOTHING;
    const input = kw.get('input') ?? NOTHING;
    if (SHELLS.has(name) || name === 'cmd' || name === 'powershell' || name === 'pwsh') {
      const socketStd = [kw.get('stdin'), kw.get('stdout'), kw.get('stderr')].some((v) => v?.steps.some((s: { kind: StepKind }) => s.kind === 'socket'));
      if (socketStd) this.f.facts.shells.push({ ...place(node), what: `starts ${name} with its input and output on a network socket${this.socketHost ? ` to ${this.socketHost}` : ''}: whoever is there can type commands on this computer` });
      else this.spawned ??= { ...place(node), what: `starts ${name}` };
    }
    if (isInterpreter(name)) {
      const flag = items.findIndex((v, i) => i > 0 && /^-[a-zA-Z]*[ceE]$|^-Command$/i.test(v.text));
      const code = flag > 0 ? items[flag + 1] : undefined;
      const lang = languageOfRunner(name);
      if (code) {
        this.exec(node, `${ref}() running ${name}`, code);
        if (lang) this.f.nest(lang, code, `the code given to ${name}`);
        return;
      }
      const script = items.slice(1).find((v) => !v.text.startsWith('-'));
      if (script) this.exec(node, `${ref}() running ${name}`, script, script.text);
      else this.exec(node, `${ref}() running ${name}`, union(stdin, input));
      return;
    }
    if (PYTHONS.test(name)) return;
    this.exec(node, `${ref}()`, first, first.text);
  }

  private send(node: Node, verb: string, url: string, payload: Value): void {
    if (!payload.steps.some((s) => s.kind === 'secret' || s.kind === 'environment')) return;
    const host = hostOf(url);
    if (isLoopback(host)) return;
    this.f.facts.sends.push({ ...place(node), verb, ...(host ? { host } : {}), payload });
  }
}

function normalise(ref: string): string {
  return ref
    .replace(/^subprocess32\./, 'subprocess.')
    .replace(/^(?:requests|httpx|aiohttp)\.(?:Session|Client|AsyncClient|ClientSession)\(\)\./, (m) => `${m.split('.')[0]}.`)
    .replace(/^urllib\.request\.(?=urlretrieve)/, 'urllib.request.')
    .replace(/^from\./, '');
}

const EXPRESSIONS = new Set([
  'identifier',
  'string',
  'concatenated_string',
  'attribute',
  'subscript',
  'call',
  'binary_operator',
  'boolean_operator',
  'comparison_operator',
  'not_operator',
  'unary_operator',
  'conditional_expression',
  'parenthesized_expression',
  'await',
  'list',
  'tuple',
  'set',
  'dictionary',
  'list_comprehension',
  'dictionary_comprehension',
  'set_comprehension',
  'generator_expression',
  'lambda',
  'keyword_argument',
  'list_splat',
  'dictionary_splat',
  'named_expression',
  'slice',
  'integer',
  'float',
  'true',
  'false',
  'none',
  'pair',
  'expression_list',
]);

function isExpression(type: string): boolean {
  return EXPRESSIONS.has(type);
}
