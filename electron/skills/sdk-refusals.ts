// What the SDK's SKILL.md frontmatter reader refuses that the YAML library reads. The SDK (its skills
// extension's frontmatter.ts, which servers' catalogs and SkillsClient.read both call) reads a subset of YAML
// and throws on anything outside it, so a host built on it loads no such skill: the app must not show the file
// as verified or loadable. Each check mirrors one of its refusals.
import { isAlias, isNode, visit, type Document } from 'yaml';

export interface SdkRefusal {
  readonly reason: string;
  /** Where in the YAML (a character offset); -1 for the opening line. */
  readonly offset: number;
}

/** The SDK reads frontmatter only after a first line of exactly `---` ("SKILL.md must begin with a "---" line"). */
export function sdkRefusalOfPaddedOpening(): SdkRefusal {
  return { reason: 'its first line is "---" followed by spaces or tabs, and they read frontmatter only after a line of exactly "---"', offset: -1 };
}

// A `...` line ends a YAML document, and the library reads the fields before it; the SDK reads it as a line that
// is not `key: value`.
const DOCUMENT_END = /^\.\.\.(?:[\t ]|$)/m;

/** The first construct in a parsed frontmatter the SDK refuses, or undefined. */
export function sdkRefusalInYaml(doc: Document, yaml: string): SdkRefusal | undefined {
  let found: SdkRefusal | undefined;
  // "anchors, aliases and tags are not supported": keys and values alike, block or flow.
  visit(doc, (_key, node) => {
    if (!isNode(node)) return undefined;
    const what = isAlias(node) ? `an alias (*${node.source})` : node.anchor !== undefined ? `an anchor (&${node.anchor})` : node.tag !== undefined ? `a tag (${node.tag})` : undefined;
    if (what === undefined) return undefined;
    found = { reason: `it uses ${what}, and their reader takes no YAML anchors, aliases or tags`, offset: node.range?.[0] ?? 0 };
    return visit.BREAK;
  });
  const end = DOCUMENT_END.exec(yaml);
  if (end && (found === undefined || end.index < found.offset)) {
    found = { reason: 'it has a "..." document-end line, which their reader does not take as the end of the frontmatter but refuses as a line that is not "key: value"', offset: end.index };
  }
  return found;
}
