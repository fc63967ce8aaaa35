// Duplicate keys in a YAML document, found in one pass. The YAML library's own
// check (`uniqueKeys: true`) compares each key with every key before it in its
// map: a SKILL.md frontmatter of 25,000 fields (240 KB) took seconds to parse
// and one of 100,000 (1 MB) minutes, all of it on the main process. The rule
// is the library's: two scalar keys are the same when their values are (`a`
// and `"a"` are, `1` and `"1"` are not), two missing keys are the same, any
// other key only equals itself.
import { isMap, isPair, isScalar, isSeq, type Document, type Node } from 'yaml';

/** The offset of the first key that repeats one before it in its map, or undefined. */
export function firstDuplicateKey(doc: Document): number | undefined {
  const stack: unknown[] = [doc.contents];
  let first: number | undefined;
  // Iterative, not recursive: a document may nest thousands deep.
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        const key: unknown = pair.key;
        const same = key === null || key === undefined ? NO_KEY : isScalar(key) ? key.value : key;
        if (seen.has(same)) {
          const at = offsetOf(key) ?? offsetOf(pair.value) ?? node.range?.[0] ?? 0;
          if (first === undefined || at < first) first = at;
        } else seen.add(same);
        stack.push(key, pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(isPair(item) ? item.value : item);
    }
  }
  return first;
}

const NO_KEY = Symbol('no key');

function offsetOf(node: unknown): number | undefined {
  return (node as Node | null | undefined)?.range?.[0];
}
