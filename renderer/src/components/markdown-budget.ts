// How much of a skill's markdown is rendered. The markdown parser runs on the
// window's one thread, and some inputs cost it far more than their size: a
// line of 2,000 `>` overflowed the stack (the skill view showed its fault
// notice instead of the skill), 10,000 `- ` on one line took minutes, 40 KB of
// `*_*_…_*_*` in one paragraph 23 s, and plain links cost about as much per
// kilobyte as a page of text. So, before parsing, one pass over the text finds
// where rendering stops: past 64 KB, at a line that nests quotes or lists too
// deep, or where the paragraphs' emphasis, link and code marks would make
// their pairing (quadratic in a paragraph's marks) too slow. What comes
// before is rendered; the rest is named, not dropped unseen — the exact bytes
// show every character.

/** Characters of a markdown body rendered at most. */
export const MAX_RENDERED_CHARS = 64 * 1024;
/** Quotes and list items a line may open or continue (counted from its start); deeper, it is not rendered. */
export const MAX_CONTAINER_DEPTH = 64;
/**
 * Pairing emphasis, brackets and code spans costs about the square of the
 * marks in one paragraph: this bounds the sum of those squares (8,000 marks
 * in one paragraph, or 80 paragraphs of 900).
 */
export const MAX_MARKUP_WORK = 8_000 * 8_000;

export type CutReason = 'size' | 'nesting' | 'markup';

export interface MarkdownPart {
  /** The part of the body rendered: all of it, or what comes before the cut. */
  readonly rendered: string;
  /** Characters in the whole body (the text after the frontmatter). */
  readonly bodyChars: number;
  /** Where rendering stopped, when it did: the reason, and the line of the file (1-based, the frontmatter counted) the rest starts on. */
  readonly cut?: { readonly reason: CutReason; readonly line: number };
}

/** Marks whose pairing is searched for within a paragraph (and table cells, and raw HTML's `<`). */
const MARKUP = new Set(['*', '_', '[', ']', '!', '`', '~', '<', '|']);

/** Upper bound of the containers a line opens or continues: each `>` or list marker at its start, and every 2 columns of indentation besides the space after a marker (a nested list item is indented at least 2). */
export function containerDepth(line: string): number {
  let depth = 0;
  let indent = 0;
  let i = 0;
  for (;;) {
    const c = line[i];
    if (c === ' ') {
      indent++;
      i++;
    } else if (c === '\t') {
      indent += 4;
      i++;
    } else if (c === '>' || ((c === '-' || c === '*' || c === '+') && isBreak(line[i + 1]))) {
      depth++;
      i++;
      // The space after a marker belongs to it, not to indentation.
      if (line[i] === ' ') i++;
    } else if (c !== undefined && c >= '0' && c <= '9') {
      let j = i;
      while (j - i < 9 && line[j] !== undefined && line[j]! >= '0' && line[j]! <= '9') j++;
      if ((line[j] === '.' || line[j] === ')') && isBreak(line[j + 1])) {
        depth++;
        i = j + 1;
        if (line[i] === ' ') i++;
      } else break;
    } else break;
    // A line is a prefix of containers at most this deep: no need to read on.
    if (depth + (indent >> 1) > MAX_CONTAINER_DEPTH) break;
  }
  return depth + (indent >> 1);
}

const isBreak = (c: string | undefined) => c === undefined || c === ' ' || c === '\t';

/** Does not end between the two halves of a surrogate pair. */
function safeEnd(text: string, end: number): number {
  const before = text.charCodeAt(end - 1);
  return end > 0 && end < text.length && before >= 0xd800 && before <= 0xdbff ? end - 1 : end;
}

/**
 * The part of `body` to render. `firstLine` is the file's line number of the
 * body's first line (after a frontmatter block), so the cut names a line the
 * Bytes tab numbers the same way.
 */
export function markdownPart(body: string, firstLine = 1): MarkdownPart {
  let start = 0;
  let line = firstLine;
  let work = 0; // squares of the marks of the paragraphs already closed
  let marks = 0; // marks in the paragraph still open
  const stop = (end: number, reason: CutReason): MarkdownPart => {
    const at = safeEnd(body, end);
    // A cut inside a line: the rest starts on that same line.
    return { rendered: body.slice(0, at), bodyChars: body.length, cut: { reason, line } };
  };
  while (start < body.length) {
    const newline = body.indexOf('\n', start);
    const end = newline < 0 ? body.length : newline;
    const text = body.slice(start, Math.min(end, start + MAX_RENDERED_CHARS + 1));
    if (containerDepth(text) > MAX_CONTAINER_DEPTH) return stop(start, 'nesting');
    if (text.trim() === '') {
      // A blank line ends every paragraph: its marks are paired by now.
      work += marks * marks;
      marks = 0;
    } else {
      for (let i = 0; i < text.length; i++) {
        if (start + i >= MAX_RENDERED_CHARS) return stop(start + i, 'size');
        if (MARKUP.has(text[i]!)) {
          marks++;
          if (work + marks * marks > MAX_MARKUP_WORK) return stop(start + i, 'markup');
        }
      }
    }
    if (newline < 0) break;
    if (newline + 1 > MAX_RENDERED_CHARS) {
      line++;
      return stop(newline + 1, 'size');
    }
    start = newline + 1;
    line++;
  }
  return { rendered: body, bodyChars: body.length };
}

/** What the note under a cut says: what was rendered, where the rest starts, and why. */
export function cutNote(part: MarkdownPart): string | undefined {
  if (!part.cut) return undefined;
  const kb = (chars: number) => `${Math.ceil(chars / 1024).toLocaleString('en-US')} KB`;
  const why =
    part.cut.reason === 'size'
      ? `markdown is rendered up to ${kb(MAX_RENDERED_CHARS)}, and this file's text is ${kb(part.bodyChars)}`
      : part.cut.reason === 'nesting'
        ? `line ${part.cut.line.toLocaleString('en-US')} nests quotes or lists more than ${MAX_CONTAINER_DEPTH} deep`
        : 'its paragraphs hold more emphasis, link and code marks (* _ [ ] ! ` ~ < |) than are rendered at once';
  const shown = part.rendered.length === 0 ? 'Nothing of this file is rendered' : `Rendered up to line ${part.cut.line.toLocaleString('en-US')} (${part.rendered.length.toLocaleString('en-US')} of ${part.bodyChars.toLocaleString('en-US')} characters)`;
  return `${shown}: ${why}. The rest is not rendered here; the exact bytes (Bytes) show every character.`;
}

/** Elements nested deeper than this in the rendered tree are drawn as their text. */
export const MAX_ELEMENT_DEPTH = 256;

interface TreeNode {
  type: string;
  value?: string;
  children?: TreeNode[];
}

/** The text of a subtree, in reading order, without recursion. */
function textOf(node: TreeNode): string {
  let text = '';
  const stack = [node];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next.type === 'text' && typeof next.value === 'string') text += next.value;
    if (next.children) for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i]!);
  }
  return text;
}

/**
 * A rehype step: an element nested deeper than MAX_ELEMENT_DEPTH (emphasis
 * inside emphasis thousands deep, within the marks the budget allows) becomes
 * its text, so rendering it, committing it and laying it out never recurse
 * that deep. The text stays; only its nesting goes.
 */
export function flattenDeep() {
  return (tree: TreeNode): void => {
    const stack: { node: TreeNode; depth: number }[] = [{ node: tree, depth: 0 }];
    while (stack.length > 0) {
      const { node, depth } = stack.pop()!;
      const children = node.children;
      if (!children) continue;
      for (let i = 0; i < children.length; i++) {
        const child = children[i]!;
        if (child.type === 'element' && depth >= MAX_ELEMENT_DEPTH) children[i] = { type: 'text', value: textOf(child) };
        else if (child.children) stack.push({ node: child, depth: depth + 1 });
      }
    }
  };
}
