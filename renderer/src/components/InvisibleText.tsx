// Text with every character a reader cannot see drawn as a labelled mark:
// red for what can change meaning unseen (bidi controls, tag characters),
// amber for the rest. Each mark names the character; tag runs show the
// ASCII they spell.
import { Fragment } from 'react';
import { KIND_LABELS, codePointLabel, segment, shortName, type Segment } from './invisible.js';

export function InvisibleText({ text, segments }: { text?: string; segments?: readonly Segment[] }) {
  const parts = segments ?? segment(text ?? '');
  return (
    <>
      {parts.map((part, i) => {
        if (part.type === 'text') return <Fragment key={i}>{part.text}</Fragment>;
        if (part.type === 'tags') {
          return (
            <span
              key={i}
              className="hidden-char"
              data-invisible="tag"
              data-hidden-text={part.decoded}
              title={`${part.codePoints.length} Unicode tag characters (${codePointLabel(part.codePoints[0]!)}…). No font draws them; a model can read them as: ${part.decoded}`}
            >
              {`TAG×${part.codePoints.length}: “${part.decoded}”`}
            </span>
          );
        }
        const strong = part.kind === 'bidi';
        return (
          <span key={i} className={strong ? 'hidden-char' : 'odd-char'} data-invisible={part.kind} title={`${codePointLabel(part.codePoint)} ${shortName(part.codePoint)} — ${KIND_LABELS[part.kind].one}`}>
            {shortName(part.codePoint)}
          </span>
        );
      })}
    </>
  );
}
