// What a JavaScript or TypeScript call is: require and import, a decoder
// (atob, Buffer.from(…, "base64"), String.fromCharCode, zlib), code run
// (eval, new Function, vm, setTimeout with a string), child_process, a
// network call or socket, a file written or read, a path; then what its
// callbacks receive (the response a `.then` or an `on("data")` handler is
// given). Apart from the walker: this is where a value's origin meets the
// thing that uses it.
import type { Node } from 'web-tree-sitter';
import { concat, credentialPlace, literal, NOTHING, shown, union, withStep, type Value } from './facts.js';
import { field, named, place } from './flow.js';
import { network, NETWORK_CALLS, send } from './javascript-network.js';
import { processOutput, program } from './javascript-processes.js';
import { moduleName, type JsReader } from './javascript-reader.js';

const CHILD_PROCESS = /^child_process\.(exec|execSync|spawn|spawnSync|execFile|execFileSync|fork)$/;
const VM_RUN = /^vm\.(?:runInThisContext|runInNewContext|runInContext|compileFunction|Script|SourceTextModule)$|^vm\.Script\.(?:runInThisContext|runInNewContext|runInContext)$/;
// The same require by another road: the main module's, the module object's, the loader's own.
const REQUIRE_ALIASES = /^(?:(?:global(?:This)?\.)?process\.mainModule\.require|module\.require|require\.main\.require|(?:(?:process\.mainModule\.)?constructor|module\.constructor|Module)\._load|module\.constructor\.prototype\.require)$/;
const DECODERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:atob|window\.atob|globalThis\.atob)$/, 'base64 (atob)'],
  [/^String\.fromCharCode$|^String\.fromCodePoint$/, 'character codes (String.fromCharCode)'],
  [/^(?:decodeURIComponent|decodeURI|unescape)$/, 'escaped text'],
  [/^zlib\.(?:inflateSync|gunzipSync|inflateRawSync|brotliDecompressSync|unzipSync|inflate|gunzip|unzip)$/, 'compressed data (zlib)'],
];

/** What a call gives, and the facts it records; `isNew` for `new X(…)`. */
export function callValue(r: JsReader, node: Node, isNew: boolean): Value {
  const fnNode = field(node, isNew ? 'constructor' : 'function');
  const argsNode = field(node, 'arguments');
  // The object of a method call is evaluated once (its own calls would otherwise count twice).
  const objNode = fnNode?.type === 'member_expression' ? field(fnNode, 'object') : undefined;
  const receiver = objNode ? r.eval(objNode) : NOTHING;
  const fn = objNode && fnNode ? r.member(receiver, field(fnNode, 'property')?.text ?? '', fnNode) : fnNode ? r.eval(fnNode) : NOTHING;
  const argNodes = argsNode && argsNode.type === 'arguments' ? named(argsNode).filter((c) => c.type !== 'comment') : argsNode ? [argsNode] : [];
  const isFn = (n: Node) => n.type === 'arrow_function' || n.type === 'function_expression' || n.type === 'function';
  const args = argNodes.map((a) => (isFn(a) ? NOTHING : r.eval(a)));
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

  if (ref === 'require' || ref === 'import' || REQUIRE_ALIASES.test(ref)) {
    result = arg0.exact ? { ...NOTHING, ref: moduleName(arg0.text) } : union(arg0);
  } else if (DECODERS.some(([re]) => re.test(ref))) {
    const what = DECODERS.find(([re]) => re.test(ref))![1];
    result = withStep(union(...args), { kind: 'decoded', offset: node.startIndex, what: `decodes ${what}` });
  } else if ((ref === 'Buffer.from' || ref === 'buffer.Buffer.from') && args[1]?.exact && /^(?:base64|base64url|hex|latin1|binary)$/i.test(args[1].text)) {
    result = withStep(union(arg0), { kind: 'decoded', offset: node.startIndex, what: `decodes ${args[1].text} (Buffer.from)` });
  } else if (ref === 'eval' || ref === 'window.eval' || ref === 'globalThis.eval' || ref === 'Function' || ref === 'AsyncFunction' || VM_RUN.test(ref) || ref === 'module._compile' || ref === 'Module._compile') {
    const input = ref === 'Function' || ref === 'AsyncFunction' ? union(...args) : arg0;
    r.exec(node, ref === 'Function' ? 'new Function()' : `${ref}()`, input);
    const code = ref === 'Function' ? args.at(-1) : arg0;
    if (code?.span) r.f.nest('javascript', code, `the code given to ${ref}()`);
    result = union(input);
  } else if ((ref === 'setTimeout' || ref === 'setInterval') && argNodes[0] && !isFn(argNodes[0]) && argNodes[0].type !== 'identifier') {
    r.exec(node, `${ref}() with a string`, arg0);
  } else if (CHILD_PROCESS.test(ref)) {
    const kind = CHILD_PROCESS.exec(ref)![1]!;
    const options = args.find((a, i) => i > 0 && a.props);
    if (kind === 'exec' || kind === 'execSync' || options?.props?.get('shell')?.text === 'true') {
      r.exec(node, `child_process.${kind}`, arg0);
      if (arg0.span) r.f.nest('bash', arg0, `the command given to child_process.${kind}`);
      result = processOutput(node, arg0.text, arg0);
    } else if (kind === 'fork') {
      r.exec(node, 'child_process.fork', arg0, arg0.text);
    } else {
      result = program(r, node, `child_process.${kind}`, arg0, args[1]?.items ?? []);
    }
  } else if (NETWORK_CALLS.test(ref) || ref === 'http.get' || ref === 'https.get' || ref === 'http.request' || ref === 'https.request') {
    result = network(r, node, ref, args);
  } else if (ref === 'XMLHttpRequest' || ref === 'WebSocket' || ref === 'ws' || ref === 'EventSource') {
    result = { ...literal(arg0.text), ref: 'net.request' };
  } else if (/^(?:net\.(?:connect|createConnection|Socket)|tls\.connect|dgram\.createSocket)$/.test(ref)) {
    const host = args.find((a) => a.exact && /[a-z.]/i.test(a.text) && !/^\d+$/.test(a.text))?.text ?? args[0]?.props?.get('host')?.text;
    result = withStep({ ...literal(host ?? '*'), ref: 'net.socket' }, { kind: 'socket', offset: node.startIndex, what: `opens a network connection${host ? ` to ${host}` : ''}` });
  } else if (/^net\.socket\.connect$/.test(ref)) {
    const host = args.find((a) => a.exact && !/^\d+$/.test(a.text))?.text;
    if (host && fnNode?.type === 'member_expression') {
      const obj = field(fnNode, 'object');
      if (obj?.type === 'identifier') r.f.vars.set(obj.text, { ...r.ref(obj.text), text: host });
    }
    result = receiver;
  } else if (/^(?:net\.socket|net\.request|http\.request)\.(?:write|end|send)$/.test(ref)) {
    send(r, node, ref.startsWith('net.socket') ? 'writes it to a network connection' : 'sends it in a request', `//${receiver.text}`, arg0);
    result = NOTHING;
  } else if (/^dns\.(?:lookup|resolve\w*)$|^dns\.promises\.\w+$/.test(ref)) {
    send(r, node, 'sends it inside a DNS name', arg0.text, arg0);
  } else if (/^(?:fs|fs\/promises|fs\.promises|fs-extra)\.(?:writeFileSync|writeFile|appendFileSync|appendFile|outputFile|outputFileSync)$/.test(ref)) {
    // What is written there is what a later run of that file runs; a path held in a variable carries it too.
    const value = args[1] ?? NOTHING;
    r.f.wrote({ ...at, path: arg0.text, how: /append/i.test(ref) ? 'appends to' : 'writes', content: value });
    if (value.steps.length) {
      r.f.write({ ...at, path: arg0.text, value });
      if (argNodes[0]?.type === 'identifier') {
        const before = r.ref(argNodes[0].text);
        r.f.vars.set(argNodes[0].text, { ...union(before, value), text: before.text, exact: before.exact });
      }
    }
    result = NOTHING;
  } else if (/^(?:fs|fs\/promises|fs\.promises|fs-extra)\.(?:copyFileSync|copyFile|cpSync|cp|renameSync|rename|symlinkSync|symlink|linkSync|link|copySync|copy|moveSync|move)$/.test(ref) && args[1]) {
    r.f.wrote({ ...at, path: args[1].text, how: /rename|move/i.test(ref) ? 'moves a file to' : /link/i.test(ref) ? 'links a file in as' : 'copies a file to', content: union(arg0) });
    result = NOTHING;
  } else if (/^(?:fs|fs\/promises|fs\.promises|fs-extra)\.createWriteStream$|^Bun\.write$|^Deno\.writeTextFile(?:Sync)?$|^Deno\.writeFile(?:Sync)?$/.test(ref)) {
    r.f.wrote({ ...at, path: arg0.text, how: args[1]?.props?.get('flags')?.text === 'a' || args[1]?.props?.get('append')?.text === 'true' ? 'appends to' : 'writes', content: args[1] ?? NOTHING });
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
    if (!r.f.facts.shells.some((sh) => sh.what.startsWith('pipes a network connection')))
      r.f.facts.shells.push({ ...at, what: 'pipes a network connection into a shell process (and back): whoever is at the other end can type commands on this computer' });
    result = NOTHING;
  }

  // `const client = net.connect(…, () => client.pipe(…))`: the callback already knows the name.
  const parent = node.parent;
  if (result && parent?.type === 'variable_declarator') {
    const name = field(parent, 'name');
    if (name?.type === 'identifier') r.f.vars.set(name.text, result);
  }
  // Callbacks: bind their first parameter and read their bodies.
  for (let i = 0; i < argNodes.length; i++) {
    const a = argNodes[i]!;
    if (isFn(a)) {
      const body = field(a, 'body');
      const params = r.params(a);
      let input = callbackInput();
      if (/^(?:https?\.(?:get|request))$/.test(ref) || NETWORK_CALLS.test(ref)) input = withStep(NOTHING, { kind: 'download', offset: node.startIndex, what: `downloads ${shown(arg0.text, 100)}` });
      if (/^fs\.readFile$/.test(ref)) input = result ?? NOTHING;
      const values = /^fs\.readFile$/.test(ref) ? [NOTHING, input] : [input];
      const returned = body ? r.fn(body, params.map((p, k) => ({ node: p, value: values[k] ?? NOTHING }))) : NOTHING;
      if (method === 'then') result = returned;
    } else if (method === 'then' && a.type === 'identifier' && /^(?:eval|Function)$/.test(r.ref(a.text).ref ?? '')) {
      // `.then(eval)`: the previous step's value is run.
      r.exec(node, `.then(${a.text})`, receiver);
    }
  }
  if (result) return result;
  if (method === 'spawn' && receiver.shell) return receiver;
  return { ...union(...args, receiver, fn.returns ?? NOTHING), ...(receiver.shell ? { shell: true } : {}), ...(receiver.ref === 'net.socket' ? { ref: 'net.socket' } : {}) };
}
