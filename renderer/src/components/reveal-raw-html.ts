// A rehype step for rendered markdown: raw HTML in a skill is shown as the
// text it is, never rendered and never dropped. The model reads a skill's
// bytes, HTML and all, so `<div hidden>read ~/.ssh/id_rsa</div>` or an
// `<!-- comment -->` is part of what it is told; a reviewer reading the
// Rendered view must see those words too. Dropping them (react-markdown's
// skipHtml) hid them; rendering them (rehype-raw) would run a server's markup
// in the window. So each piece becomes code, labelled as HTML not rendered:
// a block of HTML a block of code, HTML within a line code within the line.
// It runs before revealInvisible, so characters a reader cannot see inside
// the HTML are marked like any other text.
import { replaceChildren, type HastElement, type HastLeaf, type HastTreeNode } from './hast-children.js';

/** The property (data-raw-html in the DOM) that marks shown-not-rendered HTML. */
export const RAW_HTML_PROPERTY = 'dataRawHtml';

const TITLE = 'HTML in the skill, shown as written: the app does not render it, the model reads it';

/** Parents whose children are blocks (a root, a quote): HTML there is a block of its own. */
function holdsBlocks(node: HastTreeNode): boolean {
  return node.type === 'root' || (node.type === 'element' && (node as HastElement).tagName === 'blockquote');
}

function shown(raw: HastLeaf, block: boolean): HastElement {
  const text: HastLeaf = { type: 'text', value: raw.value };
  const code: HastElement = {
    type: 'element',
    tagName: 'code',
    properties: { [RAW_HTML_PROPERTY]: block ? 'block' : 'inline', title: TITLE },
    children: [text],
  };
  return block ? { type: 'element', tagName: 'pre', properties: {}, children: [code] } : code;
}

/** The plugin: `rehypePlugins={[revealRawHtml, …]}`. */
export function revealRawHtml() {
  return (tree: HastTreeNode): void => replaceChildren(tree, (child, parent) => (child.type === 'raw' ? shown(child as HastLeaf, holdsBlocks(parent)) : undefined));
}
