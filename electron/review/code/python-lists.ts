// Python lists built before they are run: `" ".join(parts)` on a separator
// written in the code, and a list grown element by element first
// (`parts.append("curl …")`, `parts.extend([...])`; `parts += [...]` is
// read in python.ts). The joined text keeps where its pieces are written, so
// `os.system(" ".join(parts))` is read again as the shell command it makes,
// as a concatenation or a format is (python-format.ts).
import { concat, union, type Value } from './facts.js';
import { field } from './flow.js';
import type { PythonCall, PythonReader } from './python-reader.js';

/** Elements a list is followed for, at most: a command is a few words. */
const MAX_ITEMS = 64;

/** `sep.join(items)` on a separator written in the code (or a name holding one) and a list whose items are known. */
export function joinCall(r: PythonReader, c: PythonCall): Value | undefined {
  if (c.method !== 'join' || c.fnNode?.type !== 'attribute' || c.positional.length !== 1) return undefined;
  const obj = field(c.fnNode, 'object');
  if (!obj || !['string', 'identifier'].includes(obj.type)) return undefined;
  const separator = r.eval(obj);
  const items = c.positional[0]!.items;
  if (!separator.exact || !items) return undefined;
  return concat(items, separator.text);
}

/** `parts.append(x)`, `parts.extend([...])` on a name holding a list: the name holds the longer list from now on. */
export function listGrowthCall(r: PythonReader, c: PythonCall): Value | undefined {
  if ((c.method !== 'append' && c.method !== 'extend') || c.fnNode?.type !== 'attribute' || c.positional.length !== 1) return undefined;
  const obj = field(c.fnNode, 'object');
  const held = obj?.type === 'identifier' ? r.f.vars.get(obj.text) : undefined;
  if (!obj || !held?.items) return undefined;
  const more = c.method === 'append' ? [c.positional[0]!] : c.positional[0]!.items;
  r.f.vars.set(obj.text, grown(r, c.node.startIndex, held, more, c.positional[0]!));
  return union(c.all);
}

/**
 * A list with more items after it (`+=`, extend, `+`): the items joined on, or only what it may hold when they are
 * not known. Past MAX_ITEMS the items are not followed, and the walk says it stopped there: sixty-four harmless
 * `parts.append("true")` must not hide the command appended after them (analyze.ts leaves the rest of the file to
 * the text patterns and says so).
 */
export function grown(r: PythonReader, offset: number, list: Value, more: readonly Value[] | undefined, added: Value): Value {
  const known = list.items && more;
  if (known && list.items.length + more.length > MAX_ITEMS) r.f.stop(offset, `it builds a list of more than ${MAX_ITEMS} items`);
  const items = known && list.items.length + more.length <= MAX_ITEMS ? [...list.items, ...more] : undefined;
  return { ...union(list, added), ...(items ? { items } : {}) };
}

/**
 * A list repeated a number of times written in the code (`["true"] * 3`, `3 * ["true"]`): its items that many
 * times, so `["true"] * 3 + ["curl … | sh"]` joined is read as the command it makes. Past MAX_ITEMS the walk says
 * it stopped there, as for a list grown past them.
 */
export function repeated(r: PythonReader, offset: number, list: Value, times: number): Value {
  if (!list.items) return union(list);
  if (list.items.length * times > MAX_ITEMS) {
    r.f.stop(offset, `it builds a list of more than ${MAX_ITEMS} items`);
    return union(list);
  }
  return { ...union(list), items: Array.from({ length: times }, () => list.items!).flat() };
}
