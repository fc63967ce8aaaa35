// A command line as words, the way a POSIX shell splits it for simple quoting
// ('single', "double" with \-escapes, \ outside quotes) — no expansion of
// $VARS, globs or ~, so what is stored is exactly what was typed. One splitter
// for the CLI's --stdio and the add-server form's Command field (no maintained
// shell-words package is a dependency; this is the CLI's own, moved here so the
// form's preview and the main process split alike).

export type SplitResult = { readonly ok: true; readonly words: string[] } | { readonly ok: false; readonly unclosed: '"' | "'" };

export function splitCommandLine(line: string): SplitResult {
  const words: string[] = [];
  let current = '';
  let quote: '"' | "'" | undefined;
  let started = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) current += line[++i];
      else current += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      started = true;
    } else if (c === '\\' && i + 1 < line.length) {
      current += line[++i];
      started = true;
    } else if (/\s/.test(c)) {
      if (started) words.push(current);
      current = '';
      started = false;
    } else {
      current += c;
      started = true;
    }
  }
  if (quote) return { ok: false, unclosed: quote };
  if (started) words.push(current);
  return { ok: true, words };
}

/**
 * Whether a Command field holds a whole command line rather than one program:
 * it has a space or a quote. A lone Windows path (`C:\tools\server.exe`) has
 * neither, so its backslashes are never taken for escapes.
 */
export function looksLikeCommandLine(command: string): boolean {
  return /[\s"']/.test(command.trim());
}

/** A word as a shell would need it typed: bare when safe, else in single quotes. For previews only. */
export function quoteWord(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_\-+=.,/:@%^]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** What an unclosed quote means for the user, and what to do. */
export function unclosedQuoteMessage(quote: '"' | "'"): string {
  return `The command line has an unclosed ${quote} quote: close it, or put the program alone in Command and each argument on its own line.`;
}
