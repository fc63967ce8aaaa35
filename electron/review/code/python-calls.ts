// What a Python call is, in order: a way of naming a module or function
// without writing it (__import__, getattr), the environment, a decoder
// (base64, zlib, marshal, codecs, chr), a path, or code run in this process
// (exec, eval, pickle.loads, unsafe yaml.load); then programs, network
// and files, each in its own file. The first reader that knows the call
// says what it gives; anything else carries what went in.
import type { Node } from 'web-tree-sitter';
import { concat, literal, NOTHING, union, withStep, type Value } from './facts.js';
import { field, named, place } from './flow.js';
import { fileReadCall, fileWriteCall } from './python-files.js';
import { formatCall } from './python-format.js';
import { joinCall, listGrowthCall } from './python-lists.js';
import { downloadCall, socketCall } from './python-network.js';
import { processCall } from './python-processes.js';
import type { PythonCall, PythonReader } from './python-reader.js';

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

/** What a call gives, and the facts it records. */
export function callValue(r: PythonReader, node: Node): Value {
  const c = parseCall(r, node);
  return namingCall(c) ?? formatCall(r, c) ?? joinCall(r, c) ?? listGrowthCall(r, c) ?? environmentCall(r, c) ?? decoderCall(c) ?? pathCall(c) ?? codeRunCall(r, c) ?? processCall(r, c) ?? downloadCall(r, c) ?? socketCall(r, c) ?? fileWriteCall(r, c) ?? fileReadCall(c) ?? union(c.all, c.receiver, c.fn.returns ?? NOTHING);
}

function parseCall(r: PythonReader, node: Node): PythonCall {
  const fnNode = field(node, 'function');
  const argsNode = field(node, 'arguments');
  const fn = fnNode ? r.eval(fnNode) : NOTHING;
  const argNodes = argsNode ? named(argsNode).filter((c) => c.type !== 'comment') : [];
  const positional: Value[] = [];
  const positionalNodes: Node[] = [];
  const kw = new Map<string, Value>();
  for (const a of argNodes) {
    if (a.type === 'keyword_argument') kw.set(field(a, 'name')?.text ?? '', r.eval(a));
    else {
      positional.push(r.eval(a));
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
  return { node, fnNode, fn, positional, positionalNodes, kw, all, receiver, ref, method, at, arg0 };
}

/** Ways of naming a module or a function without writing it. */
function namingCall(c: PythonCall): Value | undefined {
  const { positional, ref, arg0 } = c;
  if ((ref === '__import__' || ref === 'importlib.import_module' || ref === 'builtins.__import__') && arg0.exact) return { ...NOTHING, ref: arg0.text };
  if (ref === 'getattr' && positional[0]?.ref && positional[1]?.exact) return { ...NOTHING, ref: `${positional[0].ref}.${positional[1].text}` };
  return undefined;
}

/** Reading the environment: one variable, or all of them. */
function environmentCall(r: PythonReader, c: PythonCall): Value | undefined {
  const { node, ref, method, arg0 } = c;
  if (ref === 'os.getenv' || ref === 'os.environ.get' || ref === 'os.getenvb' || ref === 'os.environ.pop') return r.envVar(arg0, node);
  if (/^os\.environ\.(?:items|keys|values|copy)$/.test(ref)) return withStep(NOTHING, { kind: 'environment', offset: node.startIndex, what: `reads the whole environment (os.environ.${method}())` });
  return undefined;
}

/** Decoders: base64 and its kin, hex, compression, marshal, codecs (not a plain text encoding). */
function decoderCall(c: PythonCall): Value | undefined {
  const { node, positional, all, receiver, ref, method } = c;
  const decoder = DECODERS.get(ref) ?? (method === 'decode' && positional[0]?.exact && /^(?:rot.?13|base64|hex|zlib|bz2|uu)$/i.test(positional[0].text) ? positional[0].text : undefined);
  if (decoder && (ref !== 'codecs.decode' || !positional[1]?.exact || !/^utf-?8$|^ascii$|^latin-?1$/i.test(positional[1].text))) {
    return withStep(union(all, receiver), { kind: 'decoded', offset: node.startIndex, what: `decodes ${decoder} (${ref || method})` });
  }
  return undefined;
}

/** Paths: the home folder, a path built from parts. */
function pathCall(c: PythonCall): Value | undefined {
  const { positional, all, receiver, ref } = c;
  if (ref === 'pathlib.Path.home' || ref === 'Path.home' || ref === 'os.path.expanduser' || ref === 'os.path.expandvars' || ref === 'os.path.abspath' || ref === 'os.path.realpath' || ref === 'pathlib.Path' || ref === 'Path' || ref === 'str' || ref === 'os.fspath') {
    return { ...(ref.endsWith('home') ? literal('~') : (positional[0] ?? literal(''))), ref: 'Path', steps: all.steps };
  }
  if (ref === 'os.path.join' || ref === 'posixpath.join') return concat(positional, '/');
  // A path joined is still a path: `Path.home().joinpath('.ssh', 'authorized_keys').open('a')`.
  if (ref === 'Path.joinpath' || ref === 'pathlib.Path.joinpath') return { ...concat([receiver, ...positional], '/'), ref: 'Path' };
  return undefined;
}

/** Code run in this process. */
function codeRunCall(r: PythonReader, c: PythonCall): Value | undefined {
  const { node, positional, kw, ref, arg0 } = c;
  if (EXECS.has(ref)) {
    if (ref !== 'compile') r.exec(node, `${ref}()`, arg0);
    if ((ref === 'exec' || ref === 'eval') && arg0.span) r.f.nest('python', arg0, `the code given to ${ref}()`);
    return union(arg0);
  }
  if (ref === 'yaml.load' && !/Safe|Base/.test(kw.get('Loader')?.ref ?? (positional[1]?.ref ?? ''))) {
    r.exec(node, 'yaml.load() (unsafe loader)', arg0);
    return union(arg0);
  }
  return undefined;
}

function normalise(ref: string): string {
  return ref
    .replace(/^subprocess32\./, 'subprocess.')
    .replace(/^(?:requests|httpx|aiohttp)\.(?:Session|Client|AsyncClient|ClientSession)\(\)\./, (m) => `${m.split('.')[0]}.`)
    .replace(/^urllib\.request\.(?=urlretrieve)/, 'urllib.request.')
    .replace(/^from\./, '');
}
