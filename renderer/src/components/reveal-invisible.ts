// A rehype step for rendered markdown: every text run that holds a character
// a reader cannot see (a bidi override, zero-width or tag characters) becomes
// a placeholder the Markdown component draws with InvisibleText, marks and
// all. Without it an RTL override in a skill's body renders reversed text
// with nothing to show it ("exe.txt" where the file says U+202E "txt.exe").
// The walk is iterative: the tree comes from a server's bytes.
import { findInvisible } from '../../../shared/invisible-chars.js';

/** The hast shapes this step touches (hast's own types are not a dependency of ours). */
interface HastText {
  type: 'text';
  value: string;
}
interface HastElement {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: HastNode[];
}
type HastNode = HastText | HastElement | { type: string; children?: HastNode[] };

/** The property (data-reveal-text in the DOM) that marks a placeholder and carries the text as written. */
export const REVEAL_PROPERTY = 'dataRevealText';

/** Printable ASCII and ordinary whitespace: nothing to mark, so no scan. */
const PLAIN = /^[\x20-\x7e\t\r\n]*$/;

function needsMarks(text: string): boolean {
  return !PLAIN.test(text) && findInvisible(text, { includeLeadingBom: true }).length > 0;
}

/** The plugin: `rehypePlugins={[revealInvisible]}`. */
export function revealInvisible() {
  return (tree: HastNode): void => {
    const stack: HastNode[] = [tree];
    while (stack.length > 0) {
      const node = stack.pop()!;
      const children = 'children' in node ? node.children : undefined;
      if (!children) continue;
      for (let i = 0; i < children.length; i++) {
        const child = children[i]!;
        if (child.type === 'text' && needsMarks((child as HastText).value)) {
          children[i] = { type: 'element', tagName: 'span', properties: { [REVEAL_PROPERTY]: (child as HastText).value }, children: [] };
        } else if ('children' in child && child.children) {
          stack.push(child);
        }
      }
    }
  };
}
