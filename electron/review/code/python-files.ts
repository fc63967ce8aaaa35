// Files written and read by Python: open() for writing and what is written
// through the handle (write, json.dump), Path.write_text, copies and moves
// (what is written there is what a later run of that file runs), and files
// read from a secret place (the content is then a secret). Apart because
// files carry values from one step of a chain to the next.
import type { Node } from 'web-tree-sitter';
import { credentialPlace, literal, NOTHING, shown, union, withStep, type Value } from './facts.js';
import { field, place } from './flow.js';
import type { PythonCall, PythonReader } from './python-reader.js';

/** Writing files: what is written there is what a later run of that file runs. */
export function fileWriteCall(r: PythonReader, c: PythonCall): Value | undefined {
  const { node, fnNode, positional, positionalNodes, kw, receiver, ref, method, at, arg0 } = c;
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
    wrote(r, node, receiver.text, receiver.props?.get('var')?.text, positional[0], receiver.props?.get('mode')?.text);
    return NOTHING;
  }
  // json.dump(config, f), yaml.dump(data, f), toml.dump(data, f): written through a handle.
  if (/^(?:json|yaml|toml|tomli_w|tomlkit|pickle)\.(?:dump|safe_dump)$/.test(ref) && positional[1]?.ref === 'file.handle') {
    wrote(r, node, positional[1].text, positional[1].props?.get('var')?.text, positional[0] ?? NOTHING, positional[1].props?.get('mode')?.text);
    return NOTHING;
  }
  if (/^shutil\.(?:copy|copy2|copyfile|copytree|move)$|^os\.(?:rename|replace|symlink|link)$/.test(ref) && positional[1]) {
    r.f.wrote({ ...at, path: positional[1].text, how: /move|rename|replace/.test(ref) ? 'moves a file to' : /link/.test(ref) ? 'links a file in as' : 'copies a file to', content: union(positional[0] ?? NOTHING) });
    return NOTHING;
  }
  if (/^(?:Path\.)?write_(?:bytes|text)$|\.write_(?:bytes|text)$/.test(ref) || method === 'write_bytes' || method === 'write_text') {
    if (positional[0]) wrote(r, node, receiver.text, fnNode?.type === 'attribute' && field(fnNode, 'object')?.type === 'identifier' ? field(fnNode, 'object')!.text : undefined, positional[0]);
    return NOTHING;
  }
  return undefined;
}

/** Reading files: a secret place makes the content a secret. */
export function fileReadCall(c: PythonCall): Value | undefined {
  const { node, fnNode, positionalNodes, receiver, ref, method, arg0 } = c;
  if (/^(?:open|io\.open|codecs\.open|os\.open|sqlite3\.connect|shutil\.copyfileobj)$/.test(ref) || /^Path\.(?:read_text|read_bytes|open)$/.test(ref) || (method === 'read_text' || method === 'read_bytes')) {
    const path = method === 'read_text' || method === 'read_bytes' || ref === 'Path.open' ? receiver : arg0;
    const what = credentialPlace(`${path.text} ${positionalNodes[0]?.text ?? fnNode?.text ?? ''}`);
    if (what) return withStep(union(path), { kind: what.startsWith('the environment') ? 'environment' : 'secret', offset: node.startIndex, what: `reads ${what} (${shown(path.text !== '*' ? path.text : (positionalNodes[0]?.text ?? ''), 60)})` });
    return union(path);
  }
  return undefined;
}

/** A file written; with a value of known origin, a path held in a variable makes the variable carry it too. */
function wrote(r: PythonReader, node: Node, path: string, variable: string | undefined, value: Value, mode = ''): void {
  r.f.wrote({ ...place(node), path, how: mode.includes('a') ? 'appends to' : 'writes', content: value });
  if (!value.steps.length) return;
  r.f.write({ ...place(node), path, value });
  if (variable) {
    const before = r.ref(variable);
    r.f.vars.set(variable, { ...union(before, value), text: before.text, exact: before.exact });
  }
}
