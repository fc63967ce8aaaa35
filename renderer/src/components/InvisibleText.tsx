// Text with every character a reader cannot see drawn as a labelled mark:
// red for what can change meaning unseen (bidi controls, tag characters),
// amber for the rest. Each mark names its character; a tag run shows the
// ASCII it spells.
import { Fragment } from 'react';
import { INVISIBLE_KIND_LABELS, codePointLabel, codePointName, shortCodePointName } from '../../../shared/invisible-chars.js';
import { segment, type RevealedSegment } from './invisible.js';

export function InvisibleText({ text, segments }: { text?: string; segments?: readonly RevealedSegment[] }) {
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
          <Fragment key={i}>
            {part.codePoints.map((cp, j) => (
              <span key={j} className={strong ? 'hidden-char' : 'odd-char'} data-invisible={part.kind} title={`${codePointLabel(cp)} ${codePointName(cp)} — ${INVISIBLE_KIND_LABELS[part.kind].one}`}>
                {shortCodePointName(cp)}
              </span>
            ))}
          </Fragment>
        );
      })}
    </>
  );
}
