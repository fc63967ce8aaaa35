// JavaScript and TypeScript read for where values come from and where they
// go: require/import bindings (so `cp.execSync`, a destructured `exec` and
// `require("child_process").exec` are known for what they are), template
// literals and concatenation, promise chains and callbacks (the response a
// `.then` or an `on("data")` handler receives), and the calls that
// download, decode, read secrets, send, or run code.
import type { Node } from 'web-tree-sitter';
import { concat, credentialPlace, hostOf, isLoopback, isSecretName, literal, NOTHING, shown, union, withStep, type Value } from './facts.js';
import { field, Flow, isInterpreter, languageOfRunner, named, place, programName, SHELLS } from './flow.js';
import { unescape } from './snippet.js';

const CHILD_PROCESS = /^child_process\.(exec|execSync|spawn|spawnSync|execFile|execFileSync|fork)$/;
const VM_RUN = /^vm\.(?:runInThisContext|runInNewContext|runInContext|compileFunction|Script|SourceTextModule)$|^vm\.Script\.(?:runInThisContext|runInNewContext|runInContext)$/;
const DECODERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:atob|window\.atob|globalThis\.atob)$/, 'base64 (atob)'],
  [/^String\.fromCharCode$|^String\.fromCodePoint$/, 'character codes (String.fromCharCode)'],
  [/^(?:decodeURIComponent|decodeURI|unescape)$/, 'escaped text'],
  [/^zlib\.(?:inflateSync|gunzipSync|inflateRawSync|brotliDecompressSync|unzipSync|inflate|gunzip|unzip)$/, 'compressed data (zlib)'],
];
const NETWORK_CALLS = /^(?:fetch|node-fetch|undici\.fetch|undici\.request|axios(?:\.(?:get|post|put|patch|delete|request|head))?|got(?:\.(?:get|post|put|patch))?|superagent\.(?:get|post|put)|request(?:\.(?:get|post|put))?|needle(?:\.(?:get|post|put))?|ky(?:\.(?:get|post|put))?|navigator\.sendBeacon|\$\.(?:ajax|post|get))$/;

export function analyzeJavaScript(root: Node, flow: Flow): void {
  const walker = new JsWalker(flow);
  walker.visit(root);
  // A function that returns a secret or a download may be called above where it is written: read again, knowing it.
  if (walker.taintedFunctions) {
    flow.resetFacts();
    new JsWalker(flow).visit(root);
  }
}

function moduleName(text: string): string {
  return text.replace(/^node:/, '');
}

class JsWalker {
  private readonly returns: Value[][] = [];
  taintedFunctions = false;

  constructor(private readonly f: Flow) {}

  private ref(name: string): Value {
    return this.f.vars.get(name) ?? { ...NOTHING, ref: name };
  }

  private bind(target: Node, value: Value): void {
    switch (target.type) {
      case 'identifier':
      case 'shorthand_property_identifier_pattern':
        this.f.vars.set(target.text, value);
        return;
      case 'object_pattern':
        for (const c of named(target)) {
          if (c.type === 'shorthand_property_identifier_pattern') this.f.vars.set(c.text, this.member(value, c.text, c));
          else if (c.type === 'pair_pattern') {
            const key = field(c, 'key')?.text.replace(/^['"]|['"]$/g, '') ?? '';
            const v = field(c, 'value');
            if (v) this.bind(v, this.member(value, key, c));
          } else if (c.type === 'object_assignment_pattern') {
            const left = field(c, 'left');
            if (left) this.f.vars.set(left.text, this.member(value, left.text, c));
          } else this.bind(c, value);
        }
        return;
      case 'member_expression': {
        const obj = field(target, 'object');
        const prop = field(target, 'property')?.text ?? '';
        if (obj?.type === 'identifier') {
          const base = this.ref(obj.text);
          const props = new Map(base.props ?? []);
          props.set(prop, value);
          this.f.vars.set(obj.text, { ...union(base, value), ...(base.ref ? { ref: base.ref } : {}), props });
        }
        return;
      }
      default:
        for (const c of named(target)) this.bind(c, value);
    }
  }

  /** A property of a value: a module's function, process.env.X, an options field. */
  private member(base: Value, prop: string, node: Node): Value {
    const ref = base.ref ? `${base.ref}.${prop}` : undefined;
    if (base.ref === 'process.env') {
      if (prop === 'HOME' || prop === 'USERPROFILE') return literal('~');
      return isSecretName(prop) ? withStep(NOTHING, { kind: 'secret', offset: node.startIndex, what: `reads the secret variable ${prop} from process.env` }) : NOTHING;
    }
    if (ref === 'process.env') return withStep({ ...NOTHING, ref }, { kind: 'environment', offset: node.startIndex, what: 'reads the whole environment (process.env)' });
    const prop_ = base.props?.get(prop);
    if (prop_) return prop_;
    return { ...union(base), ...(ref ? { ref } : {}), ...(base.shell ? { shell: true } : {}) };
  }

  visit(node: Node): void {
    this.f.deeper(() => {
      switch (node.type) {
        case 'comment':
          break;
        case 'import_statement': {
          const source = moduleName(named(node).find((c) => c.type === 'string')?.text.slice(1, -1) ?? '');
          const clause = named(node).find((c) => c.type === 'import_clause');
          for (const c of clause ? named(clause) : []) {
            if (c.type === 'identifier') this.f.vars.set(c.text, { ...NOTHING, ref: source });
            else if (c.type === 'namespace_import') {
              const id = named(c)[0];
              if (id) this.f.vars.set(id.text, { ...NOTHING, ref: source });
            } else if (c.type === 'named_imports') {
              for (const s of named(c).filter((x) => x.type === 'import_specifier')) {
                const name = field(s, 'name')?.text ?? '';
                const alias = field(s, 'alias')?.text ?? name;
                this.f.vars.set(alias, { ...NOTHING, ref: `${source}.${name}` });
              }
            }
          }
          break;
        }
        case 'variable_declarator': {
          const name = field(node, 'name');
          const value = field(node, 'value');
          const v = value ? this.eval(value) : NOTHING;
          if (name) this.bind(name, v);
          break;
        }
        case 'function_declaration':
        case 'generator_function_declaration':
        case 'method_definition': {
          const body = field(node, 'body');
          const name = field(node, 'name')?.text;
          const returns = body ? this.fn(body, this.params(node).map((p) => ({ node: p, value: NOTHING }))) : NOTHING;
          if (returns.steps.length) this.taintedFunctions = true;
          if (name) this.f.vars.set(name, { ...NOTHING, ref: name, returns });
          break;
        }
        case 'return_statement': {
          const v = union(...named(node).map((c) => this.eval(c)));
          this.returns.at(-1)?.push(v);
          break;
        }
        case 'for_in_statement': {
          const left = field(node, 'left');
          const right = field(node, 'right');
          if (left && right) this.bind(left, this.eval(right));
          const body = field(node, 'body');
          if (body) this.visit(body);
          break;
        }
        case 'expression_statement':
          for (const c of named(node)) this.eval(c);
          break;
        default:
          if (EXPRESSIONS.has(node.type)) this.eval(node);
          else for (const c of named(node)) this.visit(c);
      }
      return NOTHING;
    });
  }

  /** A function body, with its parameters bound; the result is what it returns. */
  private fn(body: Node, params: ReadonlyArray<{ node: Node; value: Value }>): Value {
    for (const p of params) this.bind(p.node, p.value);
    if (body.type !== 'statement_block') return this.eval(body);
    this.returns.push([]);
    for (const c of named(body)) this.visit(c);
    return union(...(this.returns.pop() ?? []));
  }

  private params(fn: Node): Node[] {
    const single = field(fn, 'parameter');
    if (single) return [single];
    const list = field(fn, 'parameters');
    return list ? named(list).map((p) => (p.type === 'required_parameter' || p.type === 'optional_parameter' || p.type === 'assignment_pattern' ? (field(p, 'pattern') ?? field(p, 'left') ?? named(p)[0] ?? p) : p)) : [];
  }

  private string(node: Node): Value {
    const inner = node.text.slice(1, -1);
    if (!inner.includes('\\')) return { ...literal(inner), span: node.startIndex + 1 };
    const decoded = unescape(inner, node.startIndex + 1);
    return { ...literal(decoded.text), span: decoded.offsets };
  }

  eval(node: Node): Value {
    return this.f.deeper(() => {
      switch (node.type) {
        case 'identifier':
          return this.ref(node.text);
        case 'this':
          return this.ref('this');
        case 'string':
          return this.string(node);
        case 'template_string': {
          const parts = named(node).filter((c) => c.type === 'template_substitution' || c.type === 'string_fragment' || c.type === 'escape_sequence');
          if (parts.every((p) => p.type !== 'template_substitution')) return this.string(node);
          return concat(parts.map((p) => (p.type === 'template_substitution' ? union(...named(p).map((c) => this.eval(c))) : literal(unescape(p.text, 0).text))).map((v, i) => (parts[i]!.type === 'template_substitution' ? { ...v, text: v.exact ? v.text : '*' } : v)));
        }
        case 'number':
        case 'true':
        case 'false':
        case 'null':
        case 'undefined':
          return literal(node.text);
        case 'member_expression': {
          const obj = field(node, 'object');
          const prop = field(node, 'property')?.text ?? '';
          return this.member(obj ? this.eval(obj) : NOTHING, prop, node);
        }
        case 'subscript_expression': {
          const obj = field(node, 'object');
          const index = field(node, 'index');
          const base = obj ? this.eval(obj) : NOTHING;
          const key = index ? this.eval(index) : NOTHING;
          if (key.exact) return this.member(base, key.text, node);
          if (base.ref === 'process.env') return withStep(NOTHING, { kind: 'environment', offset: node.startIndex, what: 'reads variables of the environment by name (process.env[…])' });
          if (base.items && /^\d+$/.test(key.text)) return base.items[Number(key.text)] ?? union(base);
          return union(base);
        }
        case 'binary_expression': {
          const l = field(node, 'left');
          const r = field(node, 'right');
          const lv = l ? this.eval(l) : NOTHING;
          const rv = r ? this.eval(r) : NOTHING;
          return field(node, 'operator')?.type === '+' ? concat([lv, rv]) : union(lv, rv);
        }
        case 'assignment_expression': {
          const left = field(node, 'left');
          const right = field(node, 'right');
          const v = right ? this.eval(right) : NOTHING;
          if (left) this.bind(left, v);
          return v;
        }
        case 'augmented_assignment_expression': {
          const left = field(node, 'left');
          const right = field(node, 'right');
          const v = right ? this.eval(right) : NOTHING;
          if (left?.type === 'identifier') this.f.vars.set(left.text, concat([this.ref(left.text), v]));
          else if (left) this.bind(left, v);
          return v;
        }
        case 'array': {
          const items = named(node).map((c) => this.eval(c));
          return { ...union(...items), items };
        }
        case 'object': {
          const props = new Map<string, Value>();
          const values: Value[] = [];
          for (const c of named(node)) {
            if (c.type === 'pair') {
              const k = field(c, 'key');
              const v = field(c, 'value');
              const vv = v ? this.eval(v) : NOTHING;
              const key = k?.type === 'property_identifier' ? k.text : k ? this.eval(k).text : '';
              props.set(key, vv);
              values.push(vv);
            } else if (c.type === 'shorthand_property_identifier') {
              const vv = this.ref(c.text);
              props.set(c.text, vv);
              values.push(vv);
            } else values.push(this.eval(c));
          }
          return { ...union(...values), props };
        }
        case 'call_expression':
          return this.call(node, false);
        case 'new_expression':
          return this.call(node, true);
        case 'arrow_function':
        case 'function_expression':
        case 'function': {
          // A function not passed as a callback: its body still runs some day (its parameters hide outer names).
          const body = field(node, 'body');
          const returns = body ? this.fn(body, this.params(node).map((p) => ({ node: p, value: NOTHING }))) : NOTHING;
          if (returns.steps.length) this.taintedFunctions = true;
          return { ...NOTHING, returns };
        }
        case 'await_expression':
        case 'parenthesized_expression':
        case 'as_expression':
        case 'non_null_expression':
        case 'satisfies_expression':
        case 'type_assertion':
        case 'spread_element': {
          // Wrappers hand their value through (a type after `as` is not a value).
          const children = named(node);
          const first = children[0];
          if (first && (children.length === 1 || node.type !== 'parenthesized_expression')) return this.eval(first);
          return union(...children.map((c) => this.eval(c)));
        }
        case 'comment':
          return NOTHING;
        default:
          if (!EXPRESSIONS.has(node.type)) {
            this.visit(node);
            return NOTHING;
          }
          return union(...named(node).map((c) => this.eval(c)));
      }
    });
  }

  private exec(node: Node, runner: string, input: Value, file?: string): void {
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

  private call(node: Node, isNew: boolean): Value {
    const fnNode = field(node, isNew ? 'constructor' : 'function');
    const argsNode = field(node, 'arguments');
    // The object of a method call is evaluated once (its own calls would otherwise count twice).
    const objNode = fnNode?.type === 'member_expression' ? field(fnNode, 'object') : undefined;
    const receiver = objNode ? this.eval(objNode) : NOTHING;
    const fn = objNode && fnNode ? this.member(receiver, field(fnNode, 'property')?.text ?? '', fnNode) : fnNode ? this.eval(fnNode) : NOTHING;
    const argNodes = argsNode && argsNode.type === 'arguments' ? named(argsNode).filter((c) => c.type !== 'comment') : argsNode ? [argsNode] : [];
    const isFn = (n: Node) => n.type === 'arrow_function' || n.type === 'function_expression' || n.type === 'function';
    const args = argNodes.map((a) => (isFn(a) ? NOTHING : this.eval(a)));
    const ref = fn.ref ?? '';
    const method = fnNode?.type === 'member_expression' ? (field(fnNode, 'property')?.text ?? '') : ref;
    const arg0 = args[0] ?? NOTHING;
    const at = place(node);
    let result: Value | undefined;

    // Callbacks receive what the call produces: a response, a chunk of data, the previous promise's value.
    const callbackInput = (): Value => {
      if (/^(?:then|catch|finally|on|once|addListener|addEventListener|forEach|map|pipe)$/.test(method)) return receiver;
      return NOTHING;
    };

    if (ref === 'require' || ref === 'import') {
      result = arg0.exact ? { ...NOTHING, ref: moduleName(arg0.text) } : union(arg0);
    } else if (DECODERS.some(([re]) => re.test(ref))) {
      const what = DECODERS.find(([re]) => re.test(ref))![1];
      result = withStep(union(...args), { kind: 'decoded', offset: node.startIndex, what: `decodes ${what}` });
    } else if ((ref === 'Buffer.from' || ref === 'buffer.Buffer.from') && args[1]?.exact && /^(?:base64|base64url|hex|latin1|binary)$/i.test(args[1].text)) {
      result = withStep(union(arg0), { kind: 'decoded', offset: node.startIndex, what: `decodes ${args[1].text} (Buffer.from)` });
    } else if (ref === 'eval' || ref === 'window.eval' || ref === 'globalThis.eval' || ref === 'Function' || ref === 'AsyncFunction' || VM_RUN.test(ref) || ref === 'module._compile' || ref === 'Module._compile') {
      const input = ref === 'Function' || ref === 'AsyncFunction' ? union(...args) : arg0;
      this.exec(node, ref === 'Function' ? 'new Function()' : `${ref}()`, input);
      const code = ref === 'Function' ? args.at(-1) : arg0;
      if (code?.span) this.f.nest('javascript', code, `the code given to ${ref}()`);
      result = union(input);
    } else if ((ref === 'setTimeout' || ref === 'setInterval') && argNodes[0] && !isFn(argNodes[0]) && argNodes[0].type !== 'identifier') {
      this.exec(node, `${ref}() with a string`, arg0);
    } else if (CHILD_PROCESS.test(ref)) {
      const kind = CHILD_PROCESS.exec(ref)![1]!;
      const options = args.find((a, i) => i > 0 && a.props);
      if (kind === 'exec' || kind === 'execSync' || options?.props?.get('shell')?.text === 'true') {
        this.exec(node, `child_process.${kind}`, arg0);
        if (arg0.span) this.f.nest('bash', arg0, `the command given to child_process.${kind}`);
        result = processOutput(node, arg0.text, arg0);
      } else if (kind === 'fork') {
        this.exec(node, 'child_process.fork', arg0, arg0.text);
      } else {
        result = this.program(node, `child_process.${kind}`, arg0, args[1]?.items ?? []);
      }
    } else if (NETWORK_CALLS.test(ref) || ref === 'http.get' || ref === 'https.get' || ref === 'http.request' || ref === 'https.request') {
      result = this.network(node, ref, args);
    } else if (ref === 'XMLHttpRequest' || ref === 'WebSocket' || ref === 'ws' || ref === 'EventSource') {
      result = { ...literal(arg0.text), ref: 'net.request' };
    } else if (/^(?:net\.(?:connect|createConnection|Socket)|tls\.connect|dgram\.createSocket)$/.test(ref)) {
      const host = args.find((a) => a.exact && /[a-z.]/i.test(a.text) && !/^\d+$/.test(a.text))?.text ?? args[0]?.props?.get('host')?.text;
      result = withStep({ ...literal(host ?? '*'), ref: 'net.socket' }, { kind: 'socket', offset: node.startIndex, what: `opens a network connection${host ? ` to ${host}` : ''}` });
    } else if (/^net\.socket\.connect$/.test(ref)) {
      const host = args.find((a) => a.exact && !/^\d+$/.test(a.text))?.text;
      if (host && fnNode?.type === 'member_expression') {
        const obj = field(fnNode, 'object');
        if (obj?.type === 'identifier') this.f.vars.set(obj.text, { ...this.ref(obj.text), text: host });
      }
      result = receiver;
    } else if (/^(?:net\.socket|net\.request|http\.request)\.(?:write|end|send)$/.test(ref)) {
      this.send(node, ref.startsWith('net.socket') ? 'writes it to a network connection' : 'sends it in a request', `//${receiver.text}`, arg0);
      result = NOTHING;
    } else if (/^dns\.(?:lookup|resolve\w*)$|^dns\.promises\.\w+$/.test(ref)) {
      this.send(node, 'sends it inside a DNS name', arg0.text, arg0);
    } else if (/^(?:fs|fs\/promises|fs\.promises|fs-extra)\.(?:writeFileSync|writeFile|appendFileSync|appendFile|outputFile|outputFileSync)$/.test(ref)) {
      // What is written there is what a later run of that file runs; a path held in a variable carries it too.
      const value = args[1] ?? NOTHING;
      this.f.wrote({ ...at, path: arg0.text, how: /append/i.test(ref) ? 'appends to' : 'writes', content: value });
      if (value.steps.length) {
        this.f.write({ ...at, path: arg0.text, value });
        if (argNodes[0]?.type === 'identifier') {
          const before = this.ref(argNodes[0].text);
          this.f.vars.set(argNodes[0].text, { ...union(before, value), text: before.text, exact: before.exact });
        }
      }
      result = NOTHING;
    } else if (/^(?:fs|fs\/promises|fs\.promises|fs-extra)\.(?:copyFileSync|copyFile|cpSync|cp|renameSync|rename|symlinkSync|symlink|linkSync|link|copySync|copy|moveSync|move)$/.test(ref) && args[1]) {
      this.f.wrote({ ...at, path: args[1].text, how: /rename|move/i.test(ref) ? 'moves a file to' : /link/i.test(ref) ? 'links a file in as' : 'copies a file to', content: union(arg0) });
      result = NOTHING;
    } else if (/^(?:fs|fs\/promises|fs\.promises|fs-extra)\.createWriteStream$|^Bun\.write$|^Deno\.writeTextFile(?:Sync)?$|^Deno\.writeFile(?:Sync)?$/.test(ref)) {
      this.f.wrote({ ...at, path: arg0.text, how: args[1]?.props?.get('flags')?.text === 'a' || args[1]?.props?.get('append')?.text === 'true' ? 'appends to' : 'writes', content: args[1] ?? NOTHING });
      result = NOTHING;
    } else if (/^(?:fs|fs\/promises|fs\.promises|fs-extra)\.(?:readFileSync|readFile|createReadStream|readdirSync|readdir|openSync|open)$|^Bun\.file$|^Deno\.readTextFile(?:Sync)?$/.test(ref)) {
      const what = credentialPlace(`${arg0.text} ${argNodes[0]?.text ?? ''}`);
      result = what ? withStep(union(arg0), { kind: what.startsWith('the environment') ? 'environment' : 'secret', offset: node.startIndex, what: `reads ${what} (${shown(arg0.text !== '*' ? arg0.text : (argNodes[0]?.text ?? ''), 60)})` }) : union(arg0);
    } else if (ref === 'os.homedir' || ref === 'os.userInfo') {
      result = literal('~');
    } else if (/^path\.(?:join|resolve|posix\.join)$/.test(ref)) {
      result = concat(args, '/');
    } else if (method === 'pipe' && (receiver.shell || arg0.shell) && (receiver.steps.some((s) => s.kind === 'socket') || arg0.steps.some((s) => s.kind === 'socket'))) {
      // stdin, stdout and stderr are usually piped one after the other: one finding, at the first.
      if (!this.f.facts.shells.some((sh) => sh.what.startsWith('pipes a network connection')))
        this.f.facts.shells.push({ ...at, what: 'pipes a network connection into a shell process (and back): whoever is at the other end can type commands on this computer' });
      result = NOTHING;
    }

    // `const client = net.connect(…, () => client.pipe(…))`: the callback already knows the name.
    const parent = node.parent;
    if (result && parent?.type === 'variable_declarator') {
      const name = field(parent, 'name');
      if (name?.type === 'identifier') this.f.vars.set(name.text, result);
    }
    // Callbacks: bind their first parameter and read their bodies.
    for (let i = 0; i < argNodes.length; i++) {
      const a = argNodes[i]!;
      if (isFn(a)) {
        const body = field(a, 'body');
        const params = this.params(a);
        let input = callbackInput();
        if (/^(?:https?\.(?:get|request))$/.test(ref) || NETWORK_CALLS.test(ref)) input = withStep(NOTHING, { kind: 'download', offset: node.startIndex, what: `downloads ${shown(arg0.text, 100)}` });
        if (/^fs\.readFile$/.test(ref)) input = result ?? NOTHING;
        const values = /^fs\.readFile$/.test(ref) ? [NOTHING, input] : [input];
        const returned = body ? this.fn(body, params.map((p, k) => ({ node: p, value: values[k] ?? NOTHING }))) : NOTHING;
        if (method === 'then') result = returned;
      } else if (method === 'then' && a.type === 'identifier' && /^(?:eval|Function)$/.test(this.ref(a.text).ref ?? '')) {
        // `.then(eval)`: the previous step's value is run.
        this.exec(node, `.then(${a.text})`, receiver);
      }
    }
    if (result) return result;
    if (method === 'spawn' && receiver.shell) return receiver;
    return { ...union(...args, receiver, fn.returns ?? NOTHING), ...(receiver.shell ? { shell: true } : {}), ...(receiver.ref === 'net.socket' ? { ref: 'net.socket' } : {}) };
  }

  private program(node: Node, runner: string, command: Value, argv: readonly Value[]): Value {
    const name = programName(command.text);
    const out: Value = { ...union(command, ...argv), ...(SHELLS.has(name) || name === 'cmd' || name === 'powershell' || name === 'pwsh' ? { shell: true } : {}) };
    if (isInterpreter(name)) {
      const flag = argv.findIndex((v) => /^-[a-zA-Z]*[ceE]$|^-Command$|^\/c$/i.test(v.text));
      const code = flag >= 0 ? argv[flag + 1] : undefined;
      const lang = languageOfRunner(name);
      if (code) {
        this.exec(node, `${runner} running ${name}`, code);
        if (lang) this.f.nest(lang, code, `the code given to ${name}`);
      } else {
        const script = argv.find((v) => !v.text.startsWith('-'));
        if (script) this.exec(node, `${runner} running ${name}`, script, script.text);
      }
      return out;
    }
    this.exec(node, runner, command, command.text);
    return processOutput(node, [command.text, ...argv.map((a) => a.text)].join(' '), out);
  }

  private network(node: Node, ref: string, args: Value[]): Value {
    const arg0 = args[0] ?? NOTHING;
    const config = arg0.props ? arg0 : undefined;
    const url = config ? (config.props?.get('url') ?? config.props?.get('hostname') ?? config.props?.get('host') ?? NOTHING) : arg0;
    const options = config ?? args[1];
    let payload: Value;
    if (/^axios\.(?:post|put|patch)$|^got\.(?:post|put|patch)$|^navigator\.sendBeacon$|^\$\.post$/.test(ref)) payload = union(url, args[1] ?? NOTHING);
    else if (options?.props) payload = union(url, ...['body', 'data', 'json', 'form', 'params', 'searchParams', 'qs'].map((k) => options.props?.get(k) ?? NOTHING));
    else payload = union(url, ...(options ? [options] : []));
    const verb = /post|sendBeacon/i.test(ref) || /^post$/i.test(options?.props?.get('method')?.text ?? '') ? 'POSTs' : 'sends it in a request';
    this.send(node, verb, url.text.startsWith('/') || /^[a-z]+:|^\/\//i.test(url.text) ? url.text : `//${url.text}`, payload);
    if (/request$/.test(ref) && /^https?\./.test(ref)) return { ...literal(url.text), ref: 'http.request' };
    return withStep(NOTHING, { kind: 'download', offset: node.startIndex, what: `downloads ${url.text !== '*' ? shown(url.text, 100) : 'from an address built at run time'}` });
  }
}

function processOutput(node: Node, text: string, base: Value): Value {
  if (/^\s*(?:env|printenv|set)\s*$/.test(text)) return withStep(NOTHING, { kind: 'environment', offset: node.startIndex, what: `reads the whole environment (${text.trim()})` });
  const what = credentialPlace(text);
  if (what) return withStep(base, { kind: 'secret', offset: node.startIndex, what: `reads ${what} (${shown(text, 60)})` });
  return base;
}

const EXPRESSIONS = new Set([
  'identifier',
  'this',
  'string',
  'template_string',
  'number',
  'true',
  'false',
  'null',
  'undefined',
  'member_expression',
  'subscript_expression',
  'binary_expression',
  'unary_expression',
  'update_expression',
  'ternary_expression',
  'assignment_expression',
  'augmented_assignment_expression',
  'array',
  'object',
  'call_expression',
  'new_expression',
  'arrow_function',
  'function_expression',
  'function',
  'await_expression',
  'parenthesized_expression',
  'sequence_expression',
  'spread_element',
  'as_expression',
  'non_null_expression',
  'satisfies_expression',
  'type_assertion',
  'template_substitution',
  'yield_expression',
  'regex',
]);
