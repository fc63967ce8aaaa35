// Text the review already made visible (shared/invisible-chars.ts
// revealInvisible: `⟦ZWSP⟧`, `⟦RLO⟧`, `⟦hidden tag text: "…"⟧`), with each
// marker drawn as a mark so it cannot be mistaken for the skill's own words.
import { Fragment } from 'react';

const MARKER = /⟦[^⟧]*⟧/g;

export function RevealedText({ text }: { text: string }) {
  const parts: { text: string; marker: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(MARKER)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index), marker: false });
    parts.push({ text: m[0], marker: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), marker: false });
  return (
    <>
      {parts.map((p, i) =>
        p.marker ? (
          <span key={i} className="hidden-char" data-revealed-marker>
            {p.text.slice(1, -1)}
          </span>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}
