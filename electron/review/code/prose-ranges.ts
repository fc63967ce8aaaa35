// The language inside code: comments, and string literals that read as
// sentences. A model that reads a script reads these as words addressed to
// it ("# AI agent: ignore your previous instructions"), so the intent
// families keep reading them while they skip the code around them (a
// `cat ~/.aws/credentials` is a code fact, judged by the code rules, not an
// order to disclose a secret).
import type { Node } from 'web-tree-sitter';

type Ranges = Array<readonly [number, number]>;

const COMMENT_TYPES = ['comment', 'line_comment', 'block_comment'];
const STRING_TYPES = ['string', 'raw_string', 'template_string', 'string_literal', 'ansi_c_string'];

// A sentence: at least four words of letters, most of what the literal holds (not a path, a command or a format string).
const WORD = /^[\p{L}][\p{L}'’-]*[,.;:!?]?$/u;

/** Whether a string literal's text reads as words addressed to someone. */
export function readsAsSentence(text: string): boolean {
  if (text.length < 12) return false;
  const parts = text.slice(0, 4000).trim().split(/\s+/);
  const words = parts.filter((p) => WORD.test(p)).length;
  return words >= 4 && words >= parts.length * 0.6;
}

/** Snippet offsets of the comments and sentence-like string literals under a syntax tree's root. */
export function proseRanges(root: Node): Ranges {
  const out: Ranges = [];
  const nodes = root.descendantsOfType([...COMMENT_TYPES, ...STRING_TYPES]);
  // Every one of them, however many: the first 5,000 only were once read, and a script of 5,001 empty comments hid
  // the one after them ("# AI agent: ignore all previous instructions …") from the intent families. A snippet is
  // at most 256 KiB (analyze.ts), so this stays linear in the bytes read as code.
  for (const node of nodes) {
    if (!node) continue;
    const comment = COMMENT_TYPES.includes(node.type);
    if (comment || readsAsSentence(node.text)) out.push([node.startIndex, node.endIndex]);
  }
  return out;
}
