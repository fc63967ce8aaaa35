// JavaScript and TypeScript read for where values come from and where they
// go: require/import bindings (so `cp.execSync`, a destructured `exec` and
// `require("child_process").exec` are known for what they are), template
// literals and concatenation, promise chains and callbacks (the response a
// `.then` or an `on("data")` handler receives), and the calls that
// download, decode, read secrets, send, or run code.
// This file walks statements and expressions; what each call is lives in
// javascript-calls.ts (with javascript-processes.ts and
// javascript-network.ts), and the shape they share in javascript-reader.ts.
import type { Node } from 'web-tree-sitter';
import { concat, isSecretName, literal, NOTHING, union, withStep, type Value } from './facts.js';
import { field, Flow, named, place } from './flow.js';
import { callValue } from './javascript-calls.js';
import { moduleName, type JsReader } from './javascript-reader.js';
import { unescape } from './snippet.js';

/** Reads a program (or its pieces, in order: analyze.ts parses a long file in pieces). */
export function analyzeJavaScript(roots: readonly Node[], flow: Flow): void {
  const walker = new JsWalker(flow);
  for (const root of roots) walker.visit(root);
  // A function that returns a secret or a download may be called above where it is written: read again, knowing it.
  if (walker.taintedFunctions) {
    flow.resetFacts();
    const second = new JsWalker(flow);
    for (const root of roots) second.visit(root);
  }
}

class JsWalker implements JsReader {
  private readonly returns: Value[][] = [];
  taintedFunctions = false;

  constructor(readonly f: Flow) {}

  ref(name: string): Value {
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
  member(base: Value, prop: string, node: Node): Value {
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
  fn(body: Node, params: ReadonlyArray<{ node: Node; value: Value }>): Value {
    for (const p of params) this.bind(p.node, p.value);
    if (body.type !== 'statement_block') return this.eval(body);
    this.returns.push([]);
    for (const c of named(body)) this.visit(c);
    return union(...(this.returns.pop() ?? []));
  }

  params(fn: Node): Node[] {
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

  /** A piece of a template literal as written, with where its characters are. */
  private piece(p: Node): Value {
    const decoded = unescape(p.text, p.startIndex);
    return { ...literal(decoded.text), span: decoded.offsets };
  }

  eval(node: Node): Value {
    return this.f.deeper(() => {
      switch (node.type) {
        case 'identifier':
          return this.ref(node.text);
        case 'this':
          return this.ref('this');
        case 'import':
          // `import('node:child_process')`: the dynamic import is a call like require.
          return { ...NOTHING, ref: 'import' };
        case 'string':
          return this.string(node);
        case 'template_string': {
          const parts = named(node).filter((c) => c.type === 'template_substitution' || c.type === 'string_fragment' || c.type === 'escape_sequence');
          if (parts.every((p) => p.type !== 'template_substitution')) return this.string(node);
          return concat(
            parts
              .map((p) => (p.type === 'template_substitution' ? union(...named(p).map((c) => this.eval(c))) : this.piece(p)))
              .map((v, i) => (parts[i]!.type === 'template_substitution' && !v.exact ? { steps: v.steps, text: '*', exact: false } : v)),
          );
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

  exec(node: Node, runner: string, input: Value, file?: string): void {
    if (this.f.full) return;
    this.f.facts.execs.push({ ...place(node), runner, input, ...(file !== undefined ? { file } : {}) });
    if (input.steps.some((s) => s.kind === 'socket')) this.f.facts.shells.push({ ...place(node), what: `runs what it receives over a network connection (${runner}): whoever is at the other end controls this computer` });
  }

  private call(node: Node, isNew: boolean): Value {
    return callValue(this, node, isNew);
  }
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
