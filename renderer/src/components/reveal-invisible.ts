// A rehype step for rendered markdown: every text run that holds a character
// a reader cannot see (a bidi override, zero-width or tag characters) becomes
// a placeholder the Markdown component draws with InvisibleText, marks and
// all. Without it an RTL override in a skill's body renders reversed text
// with nothing to show it ("exe.txt" where the file says U+202E "txt.exe").
import { findInvisible } from '../../../shared/invisible-chars.js';
import { replaceChildren, type HastElement, type HastLeaf, type HastTreeNode } from './hast-children.js';

/** The property (data-reveal-text in the DOM) that marks a placeholder and carries the text as written. */
export const REVEAL_PROPERTY = 'dataRevealText';

/** Printable ASCII and ordinary whitespace: nothing to mark, so no scan. */
const PLAIN = /^[\x20-\x7e\t\r\n]*$/;

function needsMarks(text: string): boolean {
  return !PLAIN.test(text) && findInvisible(text, { includeLeadingBom: true }).length > 0;
}

/** The plugin: `rehypePlugins={[revealInvisible]}`. */
export function revealInvisible() {
  return (tree: HastTreeNode): void =>
    replaceChildren(tree, (child) =>
      child.type === 'text' && needsMarks((child as HastLeaf).value)
        ? ({ type: 'element', tagName: 'span', properties: { [REVEAL_PROPERTY]: (child as HastLeaf).value }, children: [] } satisfies HastElement)
        : undefined,
    );
}
