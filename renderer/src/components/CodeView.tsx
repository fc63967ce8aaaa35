// A text file with syntax highlighting and line numbers. Highlighting is an
// enhancement: until it is ready (or for huge files) the plain text shows.
import { useEffect, useState } from 'react';
import type { ThemedToken } from 'shiki/core';
import { MAX_HIGHLIGHT_CHARS, languageFor, tokenize } from './highlighter.js';

export function CodeView({ text, uri, mimeType }: { text: string; uri: string; mimeType?: string }) {
  const lang = languageFor(uri, mimeType);
  const [highlighted, setHighlighted] = useState<{ text: string; tokens: ThemedToken[][] } | undefined>();
  useEffect(() => {
    if (!lang || text.length > MAX_HIGHLIGHT_CHARS) return;
    let live = true;
    tokenize(text, lang).then(
      (tokens) => {
        if (live) setHighlighted({ text, tokens });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [text, lang]);
  const tokens = highlighted?.text === text ? highlighted.tokens : undefined;
  const lines = tokens ?? text.split('\n').map((line) => [{ content: line, offset: 0 } as ThemedToken]);
  if (lines.length > 1 && lines[lines.length - 1]!.every((t) => t.content === '')) lines.pop();
  return (
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
  );
}
