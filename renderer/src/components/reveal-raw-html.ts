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
import { replaceChildren, type HastTreeNode } from './hast-children.js';

interface HastRaw {
  type: 'raw';
  value: string;
}
interface HastElement {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: HastNode[];
}
type HastNode = HastRaw | HastElement | { type: string; value?: string; children?: HastNode[] };

/** The property (data-raw-html in the DOM) that marks shown-not-rendered HTML. */
export const RAW_HTML_PROPERTY = 'dataRawHtml';

const TITLE = 'HTML in the skill, shown as written: the app does not render it, the model reads it';

/** Parents whose children are blocks (a root, a quote): HTML there is a block of its own. */
function holdsBlocks(node: HastNode): boolean {
  return node.type === 'root' || (node.type === 'element' && (node as HastElement).tagName === 'blockquote');
}

function shown(raw: HastRaw, block: boolean): HastElement {
  const code: HastElement = {
    type: 'element',
    tagName: 'code',
    properties: { [RAW_HTML_PROPERTY]: block ? 'block' : 'inline', title: TITLE },
    children: [{ type: 'text', value: raw.value }],
  };
  return block ? { type: 'element', tagName: 'pre', properties: {}, children: [code] } : code;
}

/** The plugin: `rehypePlugins={[revealRawHtml, …]}`. */
export function revealRawHtml() {
  return (tree: HastNode): void =>
    replaceChildren<HastTreeNode>(tree, (child, parent) => (child.type === 'raw' ? (shown(child as HastRaw, holdsBlocks(parent as HastNode)) as HastTreeNode) : undefined));
}
