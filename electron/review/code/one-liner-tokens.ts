// The tokens of Perl, Ruby and PHP code as far as the one-liner reader
// (one-liners.ts) needs them: names with their sigils, strings and commands in
// backticks (with the languages' quote operators), punctuation. Apart so that
// the reader is about what the code does, not how it is spelled.
import type { Tok } from './one-liner-processes.js';

/** Tokens read at most: one-liners and heredoc bodies are short. */
export const MAX_TOKENS = 4000;

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
 * Ruby's or Perl's heredoc opened at i (`<<~CMD`, `<<-CMD`, `<<CMD`, `<<~'CMD'`, Perl's `<<"EOF"`, `<<'EOF'`,
 * `<<~EOF`; `system(<<"EOF")`, `my $c = <<'EOF'`): its body as a string, from the line after
 * the opener (or after the heredoc before it on the same line, `from`) to the terminator's line; the opener's line
 * goes on. A bare `<<NAME` after a value is an append or a shift, not a heredoc. Its body, not the code after it,
 * is what the string holds, so a command in it is read as the string it is, not as Ruby.
 */
function heredocAt(code: string, i: number, before: Tok | undefined, from: number | undefined): { body: Tok; next: number; resume: number } | undefined {
  const m = /^<<([~-]?)(?:(['"`])(\w+)\2|([A-Za-z_]\w*))/.exec(code.slice(i, i + 80));
  if (!m) return undefined;
  const afterValue = before && (before.kind === 'str' || before.kind === 'cmd' || /^[)\]}]$/.test(before.text) || (before.kind === 'id' && !/\s/.test(code[i - 1] ?? '')));
  if (!m[1] && (afterValue || (!m[2] && !/^[A-Z_][A-Z0-9_]*$/.test(m[4]!)))) return undefined;
  const nl = code.indexOf('\n', i);
  if (nl < 0) return undefined;
  const start = Math.max(from ?? nl + 1, nl + 1);
  const terminator = m[3] ?? m[4]!;
  let line = start;
  while (line < code.length) {
    const eol = code.indexOf('\n', line);
    const text = code.slice(line, eol < 0 ? code.length : eol);
    if ((m[1] ? text.trim() : text.replace(/\r$/, '')) === terminator) break;
    line = eol < 0 ? code.length : eol + 1;
  }
  const text = code.slice(start, line);
  const lineEndAt = code.indexOf('\n', line);
  const resume = line >= code.length || lineEndAt < 0 ? code.length : lineEndAt + 1;
  const body: Tok = { kind: m[2] === '`' ? 'cmd' : 'str', text: m[2] === "'" ? text : whitespaceEscapes(text), start, end: start + text.length, ...(m[2] === "'" ? { literal: true } : {}) };
  return { body, next: i + m[0].length, resume };
}

/**
 * A double-quoted string's \n, \r and \t as the whitespace they make, each still two characters long (a space
 * before it), so every character keeps its place in the file: `system("curl … | sh\n")` runs `curl … | sh`
 * and a newline, and read with the backslash kept the command ended in "shn". Other escapes stay as written.
 */
function whitespaceEscapes(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\([\s\S])/g, (pair: string, c: string) => (c === 'n' ? ' \n' : c === 't' || c === 'r' ? '  ' : pair));
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
    const text = code.slice(from, k);
    out.push({ kind, text: literal ? text : whitespaceEscapes(text), start: from, end: k + 1, ...(literal ? { literal } : {}) });
    return k + 1;
  };
  /** Where reading goes on at the next line break when a Ruby heredoc opened on this line: past its terminator. */
  let afterHeredoc: number | undefined;
  const lineBreak = (at: number): number => {
    const resume = afterHeredoc ?? at + 1;
    afterHeredoc = undefined;
    return Math.max(resume, at + 1);
  };
  while (i < code.length && out.length < MAX_TOKENS) {
    const c = code[i]!;
    if (/\s/.test(c)) {
      i = c === '\n' ? lineBreak(i) : i + 1;
      continue;
    }
    if (c === '#' && code[i - 1] !== '$') {
      // A comment, to the end of the line.
      const nl = code.indexOf('\n', i);
      i = nl < 0 ? code.length : lineBreak(nl);
      continue;
    }
    const heredoc = (ruby || language === 'perl') && c === '<' ? heredocAt(code, i, out.at(-1), afterHeredoc) : undefined;
    if (heredoc) {
      out.push(heredoc.body);
      afterHeredoc = heredoc.resume;
      i = heredoc.next;
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
