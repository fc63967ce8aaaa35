// A text file with syntax highlighting and line numbers. Highlighting is an
// enhancement: until it is ready the plain text shows. Both are bounded, as
// the file is a server's bytes and both run on the window's one thread: the
// first 5,000 lines are drawn (a million short lines made a million rows),
// and only the first 64 KB of whole lines is highlighted (the highlighter
// took 3 s for 290 KB of ordinary code, 10 s for hostile lines). Each limit
// is said under the code.
import { useEffect, useMemo, useState } from 'react';
import type { ThemedToken } from 'shiki/core';
import { Text } from '@mantine/core';
import { MAX_HIGHLIGHT_CHARS, languageFor, tokenize } from './highlighter.js';

/** Lines drawn at most; the exact bytes show every line. */
export const MAX_SHOWN_LINES = 5_000;

/** The lines drawn, and the part of them that is highlighted: whole lines, at most MAX_HIGHLIGHT_CHARS. */
export function codeParts(text: string): { shown: string; totalLines: number; highlighted: string; highlightedLines: number } {
  let end = 0;
  let lines = 0;
  let highlightEnd = -1;
  let highlightedLines = 0;
  while (end < text.length && lines < MAX_SHOWN_LINES) {
    const newline = text.indexOf('\n', end);
    const next = newline < 0 ? text.length : newline + 1;
    if (highlightEnd < 0 && next > MAX_HIGHLIGHT_CHARS) highlightEnd = end;
    if (highlightEnd < 0) highlightedLines++;
    end = next;
    lines++;
  }
  let totalLines = lines;
  if (end < text.length) for (let i = text.indexOf('\n', end); ; i = text.indexOf('\n', i + 1)) {
    totalLines++;
    if (i < 0 || i === text.length - 1) break;
  }
  const shown = end < text.length ? text.slice(0, end) : text;
  return { shown, totalLines, highlighted: highlightEnd < 0 ? shown : shown.slice(0, highlightEnd), highlightedLines };
}

export function CodeView({ text, uri, mimeType }: { text: string; uri: string; mimeType?: string }) {
  const lang = languageFor(uri, mimeType);
  const parts = useMemo(() => codeParts(text), [text]);
  const [highlighted, setHighlighted] = useState<{ text: string; tokens: ThemedToken[][] } | undefined>();
  useEffect(() => {
    if (!lang || parts.highlighted === '') return;
    let live = true;
    tokenize(parts.highlighted, lang).then(
      (tokens) => {
        if (live) setHighlighted({ text: parts.highlighted, tokens });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [parts, lang]);
  const tokens = highlighted?.text === parts.highlighted ? highlighted.tokens : undefined;
  const plain = (from: string) => from.split('\n').map((line) => [{ content: line, offset: 0 } as ThemedToken]);
  let lines: ThemedToken[][];
  if (!tokens) lines = plain(parts.shown);
  else {
    // Tokens for the highlighted lines (a trailing empty line dropped), plain text for the lines after.
    const coloured = tokens.slice(0, parts.highlightedLines);
    lines = parts.highlighted.length < parts.shown.length ? [...coloured, ...plain(parts.shown.slice(parts.highlighted.length))] : tokens;
  }
  if (lines.length > 1 && lines[lines.length - 1]!.every((t) => t.content === '')) lines.pop();
  const highlightCut = lang !== undefined && parts.highlighted.length < parts.shown.length;
  return (
    <>
      <pre className="code-view" data-code-view={uri} data-highlighted={tokens ? 'true' : 'false'}>
        {lines.map((line, i) => (
          <div className="code-line" key={i}>
            <span className="line-number" aria-hidden>
              {i + 1}
            </span>
            <span className="code-text">
              {line.map((token, j) => (
                <span key={j} className={token.htmlStyle ? 'shiki-token' : undefined} style={token.htmlStyle as React.CSSProperties | undefined}>
                  {token.content}
                </span>
              ))}
            </span>
          </div>
        ))}
      </pre>
      {highlightCut ? (
        <Text size="xs" c="dimmed" data-code-highlight-cut={parts.highlightedLines}>
          {parts.highlightedLines === 0
            ? `Not highlighted: its first line is longer than ${MAX_HIGHLIGHT_CHARS / 1024} KB, the most highlighted.`
            : `Highlighted up to line ${parts.highlightedLines.toLocaleString('en-US')} (the first ${MAX_HIGHLIGHT_CHARS / 1024} KB); the lines after are plain text.`}
        </Text>
      ) : null}
      {parts.totalLines > MAX_SHOWN_LINES ? (
        <Text size="xs" c="dimmed" data-code-lines-cut={parts.totalLines}>
          Showing the first {MAX_SHOWN_LINES.toLocaleString('en-US')} of {parts.totalLines.toLocaleString('en-US')} lines. The exact bytes (Bytes) show every line.
        </Text>
      ) : null}
    </>
  );
}
