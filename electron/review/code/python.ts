// Python read for where values come from and where they go: imports and
// aliases (so `b64decode`, `__import__("os").system` and `getattr(os,
// "system")` are known for what they are), assignments, loops and
// comprehensions over the environment, f-strings and concatenation, and the
// calls that download, decode, read secrets, send, or run code.
// This file walks statements and expressions; what each call is lives in
// python-calls.ts (with python-processes.ts, python-network.ts and
// python-files.ts), and the shapes they share in python-reader.ts.
import type { Node } from 'web-tree-sitter';
import { concat, isLoopback, isSecretName, literal, NOTHING, union, withStep, type Value } from './facts.js';
import { field, Flow, named, place } from './flow.js';
import { callValue } from './python-calls.js';
import { percentFormatted } from './python-format.js';
import { grown, repeated } from './python-lists.js';
import type { PythonReader, SocketSteps } from './python-reader.js';
import { unescape } from './snippet.js';

/** Reads a module (or its pieces, in order: analyze.ts parses a long file in pieces). */
export function analyzePython(roots: readonly Node[], flow: Flow): void {
  const walker = new PythonWalker(flow);
  for (const root of roots) walker.visit(root);
  // A function that returns a secret or a download may be called above where it is defined: read again, knowing it.
  if (walker.taintedFunctions) {
    flow.resetFacts();
    const second = new PythonWalker(flow);
    for (const root of roots) second.visit(root);
    second.finish();
  } else walker.finish();
}

class PythonWalker implements PythonReader {
  readonly sockets: SocketSteps = { host: undefined, dup: undefined, spawned: undefined };
  private readonly returns: Value[][] = [];
  taintedFunctions = false;

  constructor(readonly f: Flow) {}

  finish(): void {
    if (this.sockets.dup && this.sockets.spawned && !isLoopback(this.sockets.host)) {
      this.f.facts.shells.push({ ...this.sockets.dup, what: `puts a network socket${this.sockets.host ? ` to ${this.sockets.host}` : ''} on its standard input and output (os.dup2), then ${this.sockets.spawned.what}: whoever is there can type commands on this computer` });
    }
  }

  ref(name: string): Value {
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
          // `parts += ["|", "sh"]` on a list: the longer list, item by item (python-lists.ts).
          if (left) this.bind(left, left.type === 'identifier' ? grown(this, node.startIndex, this.ref(left.text), field(node, 'operator')?.text === '+=' ? value.items : undefined, value) : value);
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
    if (parts.length === 1 && parts[0]!.type === 'string_content') return this.content(parts[0]!, raw);
    if (parts.length === 0) return literal('');
    return concat(parts.map((p) => (p.type === 'string_content' ? this.content(p, raw) : this.eval(named(p)[0] ?? p))));
  }

  /** A piece of a string literal as written, with where its characters are. */
  private content(p: Node, raw: boolean): Value {
    if (raw || !p.text.includes('\\')) return { ...literal(p.text), span: p.startIndex };
    const decoded = unescape(p.text, p.startIndex);
    return { ...literal(decoded.text), span: decoded.offsets };
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
          if (op === '%' && lv.exact) return percentFormatted(lv, rv);
          // Two lists added are the longer list, item by item: `["true"] * 3 + ["curl … | sh"]` joined is a command.
          if (op === '+' && lv.items && rv.items) return grown(this, node.startIndex, lv, rv.items, rv);
          // A list repeated a number of times written out: its items that many times.
          const times = op === '*' ? (r?.type === 'integer' && lv.items ? r.text : l?.type === 'integer' && rv.items ? l.text : undefined) : undefined;
          if (times !== undefined && /^\d{1,6}$/.test(times)) return repeated(this, node.startIndex, lv.items ? lv : rv, Number(times));
          if (op === '+' || op === '%') return concat([lv, rv]);
          if (op === '/') return { ...concat([lv, rv], '/'), ...(lv.ref === 'Path' ? { ref: 'Path' } : {}) };
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

  envVar(key: Value | undefined, node: Node): Value {
    if (key?.exact) {
      if (key.text === 'HOME' || key.text === 'USERPROFILE') return literal('~');
      return isSecretName(key.text) ? withStep(NOTHING, { kind: 'secret', offset: node.startIndex, what: `reads the secret variable ${key.text} from the environment` }) : NOTHING;
    }
    // A name only known at run time (a loop over every variable): the environment as a whole.
    return withStep(NOTHING, { kind: 'environment', offset: node.startIndex, what: 'reads variables of the environment by name (os.environ[…])' });
  }

  exec(node: Node, runner: string, input: Value, file?: string): void {
    if (this.f.full) return;
    this.f.facts.execs.push({ ...place(node), runner, input, ...(file !== undefined ? { file } : {}) });
    if (input.steps.some((s) => s.kind === 'socket')) this.f.facts.shells.push({ ...place(node), what: `runs what it receives over a network connection (${runner}): whoever is at the other end controls this computer` });
  }

  private call(node: Node): Value {
    return callValue(this, node);
  }
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
