// The tokens of Perl, Ruby and PHP code as far as the one-liner reader
// (one-liners.ts) needs them: names with their sigils, strings and commands in
// backticks (with the languages' quote operators), punctuation. Apart so that
// the reader is about what the code does, not how it is spelled.
import type { Tok } from './one-liner-processes.js';

/** Tokens read at most: one-liners and heredoc bodies are short. */
const MAX_TOKENS = 4000;

/** Strings in #{…} in strings followed, at most: deeper, a quote is taken as a character (and the stack stays small). */
const MAX_NESTING = 8;

const CLOSE: Readonly<Record<string, string>> = { '(': ')', '{': '}', '[': ']', '<': '>' };

/**
 * One past the `}` that closes Ruby's `#{` whose `{` is at k: strings inside it (`#{ENV["X"]}`) are stepped over
 * whole, with their own #{…}, so their quotes do not end the string the interpolation is in.
 */
function interpolationEnd(code: string, k: number, nesting = 0): number {
  let depth = 0;
  for (let j = k; j < code.length; j++) {
    const c = code[j]!;
    if (c === '\\') j++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return j + 1;
    else if ((c === '"' || c === "'" || c === '`') && nesting < MAX_NESTING) j = rubyStringEnd(code, j + 1, c, nesting + 1) - 1;
  }
  return code.length;
}

/** One past the closing quote of a Ruby string opened with `quote` before `from`; #{…} nests in all but '…'. */
function rubyStringEnd(code: string, from: number, quote: string, nesting: number): number {
  for (let j = from; j < code.length; j++) {
    const c = code[j]!;
    if (c === '\\') j++;
    else if (c === quote) return j + 1;
    else if (quote !== "'" && c === '#' && code[j + 1] === '{') j = interpolationEnd(code, j + 1, nesting) - 1;
  }
  return code.length;
}

/**
 * The tokens of Perl, Ruby or PHP code, as far as a one-liner needs: names, strings, commands in backticks,
 * punctuation. In Ruby a string's #{…} is read as code may be, quotes and all; single quotes put nothing in.
 */
export function tokens(code: string, language = ''): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  const ruby = language === 'ruby';
  const quoted = (open: string, from: number, kind: 'str' | 'cmd', literal = false): number => {
    const close = CLOSE[open] ?? open;
    let depth = 1;
    let k = from;
    for (; k < code.length; k++) {
      const c = code[k]!;
      if (c === '\\') {
        k++;
        continue;
      }
      if (ruby && !literal && c === '#' && code[k + 1] === '{') {
        k = interpolationEnd(code, k + 1) - 1;
        continue;
      }
      if (c === open && close !== open) depth++;
      else if (c === close && --depth === 0) break;
    }
    out.push({ kind, text: code.slice(from, k), start: from, end: k + 1, ...(literal ? { literal } : {}) });
    return k + 1;
  };
  while (i < code.length && out.length < MAX_TOKENS) {
    const c = code[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '#' && code[i - 1] !== '$') {
      // A comment, to the end of the line.
      const nl = code.indexOf('\n', i);
      i = nl < 0 ? code.length : nl + 1;
      continue;
    }
    if (c === '"' || c === "'") {
      i = quoted(c, i + 1, 'str', c === "'");
      continue;
    }
    if (c === '`') {
      i = quoted('`', i + 1, 'cmd');
      continue;
    }
    // Perl's q(), qq{}, qx() and Ruby's %q(), %Q[], %x{}: quoted strings with a bracket of choice.
    const quoteOp = /^(?:qq|qx|q|%[qQwx]?)([({[<|/!])/.exec(code.slice(i, i + 4));
    if (quoteOp && !/\w/.test(code[i - 1] ?? '')) {
      i = quoted(quoteOp[1]!, i + quoteOp[0].length, /x/.test(quoteOp[0]) ? 'cmd' : 'str', /^(?:q[^qx]|%[qw])/.test(quoteOp[0]));
      if (/^%[wW]/.test(quoteOp[0])) out[out.length - 1] = { ...out.at(-1)!, words: true };
      continue;
    }
    const name = /^[$@%&]?[A-Za-z_]\w*(?:::\w+)*[?!]?/.exec(code.slice(i, i + 200));
    if (name) {
      out.push({ kind: 'id', text: name[0], start: i, end: i + name[0].length });
      i += name[0].length;
      continue;
    }
    const two = code.slice(i, i + 2);
    const p = two === '->' || two === '::' || two === '=>' || two === '<<' || two === '=~' ? two : c;
    out.push({ kind: 'p', text: p, start: i, end: i + p.length });
    i += p.length;
  }
  return out;
}
