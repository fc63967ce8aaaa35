// What the SDK's SKILL.md frontmatter reader refuses that the YAML library reads. The SDK (its skills
// extension's frontmatter.ts, which servers' catalogs and SkillsClient.read both call) reads a subset of YAML
// and throws on anything outside it, so a host built on it loads no such skill: the app must not show the file
// as verified or loadable. The reader itself is not exported (only skillEntry, which is asynchronous and builds a
// whole catalog entry, reaches it), so each check here mirrors one of its refusals; frontmatter-sdk.unit holds
// every one to what skillEntry says.
import { CST, Parser, isAlias, isCollection, isMap, isNode, isPair, isScalar, isSeq, type Document, type Node } from 'yaml';

export interface SdkRefusal {
  readonly reason: string;
  /** Where in the YAML (a character offset); -1 for the opening line. */
  readonly offset: number;
}

/** The deepest collection the SDK reads: the frontmatter mapping is depth 0 (its MAX_DEPTH). */
export const SDK_MAX_DEPTH = 32;

/** The SDK reads frontmatter only after a first line of exactly `---` ("SKILL.md must begin with a "---" line"). */
export function sdkRefusalOfPaddedOpening(): SdkRefusal {
  return { reason: 'its first line is "---" followed by spaces or tabs, and they read frontmatter only after a line of exactly "---"', offset: -1 };
}

// A `...` line ends a YAML document, and the library reads the fields before it; the SDK reads it as a line that
// is not `key: value`.
const DOCUMENT_END = /^\.\.\.(?:[\t ]|$)/m;
// `|2`, `>-1`, `|1+`: the SDK takes a block scalar header of `|` or `>` and a chomping sign only.
const INDENTATION_INDICATOR = /^[>|][+-]?\d|^[>|]\d/;

/** The first construct in a parsed frontmatter the SDK refuses, or undefined. */
export function sdkRefusalInYaml(doc: Document, yaml: string): SdkRefusal | undefined {
  let found: SdkRefusal | undefined;
  const refuse = (offset: number, reason: string) => {
    if (found === undefined || offset < found.offset) found = { reason, offset };
  };
  const blockScalars: Array<readonly [number, number]> = [];
  walk(doc, yaml, refuse, blockScalars);
  tabIndentedLine(yaml, blockScalars, refuse);
  const end = DOCUMENT_END.exec(yaml);
  if (end) refuse(end.index, 'it has a "..." document-end line, which their reader does not take as the end of the frontmatter but refuses as a line that is not "key: value"');
  // A `?` key is found in the source tokens: the parsed document keeps the key, not how it was written.
  if (yaml.includes('?')) explicitKeys(yaml, refuse);
  return found;
}

type Refuse = (offset: number, reason: string) => void;

/** Every node of the document with the depth of the collections holding it, iteratively (a document may nest deep). */
function walk(doc: Document, yaml: string, refuse: Refuse, blockScalars: Array<readonly [number, number]>): void {
  const stack: Array<{ node: unknown; depth: number; key?: true }> = [{ node: doc.contents, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth, key } = stack.pop()!;
    if (!isNode(node)) continue;
    const at = node.range?.[0] ?? 0;
    const what = isAlias(node) ? `an alias (*${node.source})` : node.anchor !== undefined ? `an anchor (&${node.anchor})` : node.tag !== undefined ? `a tag (${node.tag})` : undefined;
    // "anchors, aliases and tags are not supported": keys and values alike, block or flow.
    if (what !== undefined) refuse(at, `it uses ${what}, and their reader takes no YAML anchors, aliases or tags`);
    if (isScalar(node)) {
      if ((node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED') && node.range) blockScalars.push([node.range[0], node.range[2]]);
      judgeScalar(node, yaml, refuse, key === true);
      continue;
    }
    if (!isCollection(node)) continue;
    if (depth > SDK_MAX_DEPTH) refuse(at, `it nests data more than ${SDK_MAX_DEPTH} levels deep, past the most their reader follows`);
    if (node.flow === true && spansLines(yaml, node)) refuse(at, 'a flow collection ("[…]" or "{…}") runs over more than one line, and their reader takes one only on a single line');
    // `[a: b]`: the library reads a one-pair mapping into the sequence, which starts at its key; the SDK refuses it.
    if (isMap(node) && node.flow === true && yaml[at] !== '{') refuse(at, 'a flow sequence holds a "key: value" pair, and their reader takes no mapping inside a flow collection');
    if (isMap(node)) {
      for (const pair of node.items) {
        // `{a}`, `{a: }`: the library reads a null; the SDK wants "key: value" with a value in a flow mapping.
        if (node.flow === true && isEmptyValue(pair.value)) refuse(offsetOf(pair.key) ?? at, 'a flow mapping entry has no ": value", and their reader takes none without one');
        if (pair.key === null || pair.key === undefined) refuse(offsetOf(pair.value) ?? at, 'a mapping entry has no key, which their reader refuses as a line that is not "key: value"');
        else if (isCollection(pair.key)) refuse(offsetOf(pair.key) ?? at, 'it has a complex key (a collection as a key), which their reader does not take');
        stack.push({ node: pair.key, depth: depth + 1, key: true }, { node: pair.value, depth: depth + 1 });
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push({ node: isPair(item) ? item.value : item, depth: depth + 1 });
    }
  }
}

function judgeScalar(node: Node & { type?: string; value: unknown; source?: string }, yaml: string, refuse: Refuse, isKey: boolean): void {
  const at = node.range?.[0] ?? 0;
  const source = node.range ? yaml.slice(node.range[0], node.range[1]) : '';
  if ((node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') && source.includes('\n')) {
    refuse(at, 'a quoted value runs over more than one line, and their reader takes a quoted value only on a single line');
  }
  if (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED') {
    const header = yaml.slice(at, lineEnd(yaml, at)).trimEnd();
    if (INDENTATION_INDICATOR.test(header)) refuse(at, `a block scalar has an indentation indicator ("${header}"), which their reader does not take`);
  }
  if (isKey) {
    if (node.type === 'PLAIN' && source === '') refuse(at, 'a mapping entry has no key, which their reader refuses as a line that is not "key: value"');
    else if (node.type === 'PLAIN' && typeof node.value !== 'string') refuse(at, `the key "${source}" is not a string (YAML reads it as ${readAs(node.value)}), and their reader takes only string keys`);
    else if (node.value === '__proto__') refuse(at, 'it has a "__proto__" key, which their reader refuses');
    return;
  }
  // .inf, -.inf, .nan and numbers past a double (1e400): JSON has no such number, and the SDK refuses them unquoted.
  if (typeof node.value === 'number' && !Number.isFinite(node.value)) refuse(at, `the value "${source}" is not a number JSON can hold, and their reader refuses it unquoted`);
}

const readAs = (value: unknown) => (value === null ? 'null' : typeof value === 'boolean' ? `the boolean ${value}` : typeof value === 'number' ? `the number ${value}` : typeof value);

function spansLines(yaml: string, node: Node): boolean {
  const range = node.range;
  return range !== undefined && range !== null && yaml.slice(range[0], range[1]).includes('\n');
}

function lineEnd(yaml: string, from: number): number {
  const end = yaml.indexOf('\n', from);
  return end < 0 ? yaml.length : end;
}

/** No value node, or a plain scalar of no characters. */
const isEmptyValue = (value: unknown) => value === null || value === undefined || (isScalar(value) && value.type === 'PLAIN' && value.range?.[0] === value.range?.[1]);

const offsetOf = (node: unknown): number | undefined => (isNode(node) ? node.range?.[0] : undefined);

/**
 * A line whose indentation ends in a tab ("tabs cannot be used for indentation"): the library refuses most, but
 * reads one that continues a plain value. Blank and comment lines are skipped by the SDK too; a block scalar's
 * lines are its content.
 */
function tabIndentedLine(yaml: string, blockScalars: ReadonlyArray<readonly [number, number]>, refuse: Refuse): void {
  const tabbed = /^ *\t[\t ]*[^\t\n #]/gm;
  for (let match = tabbed.exec(yaml); match !== null; match = tabbed.exec(yaml)) {
    const at = match.index;
    if (blockScalars.some(([start, end]) => at > start && at < end)) continue;
    refuse(at, 'a line is indented with a tab, and their reader takes only spaces for indentation');
    return;
  }
}

/** `? key` (an explicit key), block or flow: the SDK says "complex keys ("?") are not supported". */
function explicitKeys(yaml: string, refuse: Refuse): void {
  for (const token of new Parser().parse(yaml)) {
    if (token.type !== 'document') continue;
    CST.visit(token, (item) => {
      const indicator = item.start.find((t) => t.type === 'explicit-key-ind');
      if (indicator === undefined) return undefined;
      refuse(indicator.offset, 'it has a complex key ("?"), which their reader does not take');
      return CST.visit.BREAK;
    });
  }
}
