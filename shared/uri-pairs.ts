// Which item of one side is which item of the other, by URI: two listings of
// a catalog (two runs of a watch, a server and the folder it is built from).
// The same URI pairs first; only what is left is paired by canonical URI, and
// only one to one. A server may spell a URI another way (SKILL://, %2D, a dot
// segment) and still name the same file; but two URIs one side lists apart are
// two files even when their canonical forms are one: the SDK names a file
// `x\y.md` skill://s/x%5Cy.md beside skill://s/x/y.md, and canonicalUri reads
// "\" as "/". Keyed by canonical URI alone, one of the two was dropped, so a
// file missing, added or edited was never seen.
import { append } from './append.js';
import { canonicalUri } from './skill-uri.js';

export interface UriPair<T> {
  /** The canonical URI of the pair (of `a` where both are there). */
  readonly key: string;
  readonly a?: T;
  readonly b?: T;
}

/** Each URI's first item: a side that lists one URI twice says so elsewhere (the entry rules). */
function firstByUri<T extends { readonly uri: string }>(items: readonly T[]): Map<string, T> {
  const byUri = new Map<string, T>();
  for (const item of items) if (!byUri.has(item.uri)) byUri.set(item.uri, item);
  return byUri;
}

function byCanonical<T extends { readonly uri: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = canonicalUri(item.uri);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const compareText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** Every item of both sides once: paired, or alone on its side. Ordered by canonical URI, then by URI as listed. */
export function pairByUri<T extends { readonly uri: string }>(a: readonly T[], b: readonly T[]): UriPair<T>[] {
  const exactA = firstByUri(a);
  const exactB = firstByUri(b);
  const pairs: UriPair<T>[] = [];
  const leftA: T[] = [];
  for (const [uri, item] of exactA) {
    const other = exactB.get(uri);
    if (other) pairs.push({ key: canonicalUri(uri), a: item, b: other });
    else leftA.push(item);
  }
  const leftB = [...exactB].filter(([uri]) => !exactA.has(uri)).map(([, item]) => item);
  const groupsB = byCanonical(leftB);
  for (const [key, items] of byCanonical(leftA)) {
    const others = groupsB.get(key);
    // One to one only: with two on a side, which of them the other side's one is cannot be told.
    if (items.length === 1 && others?.length === 1) {
      pairs.push({ key, a: items[0]!, b: others[0]! });
      groupsB.delete(key);
    } else append(pairs, items.map((item) => ({ key, a: item })));
  }
  for (const [key, items] of groupsB) append(pairs, items.map((item) => ({ key, b: item })));
  const listed = (p: UriPair<T>) => (p.a ?? p.b)!.uri;
  return pairs.sort((x, y) => compareText(x.key, y.key) || compareText(listed(x), listed(y)));
}
