// Text with every character a reader cannot see drawn as a labelled mark:
// red for what can change meaning unseen (bidi controls, tag characters),
// amber for the rest. Each mark names its character; a tag run shows the
// ASCII it spells.
import { Fragment } from 'react';
import { INVISIBLE_KIND_LABELS, codePointLabel, codePointName, revealIdentifierSegments, shortCodePointName } from '../../../shared/invisible-chars.js';
import { segment, type RevealedSegment } from './invisible.js';

/** Printable ASCII only: nothing to mark (most names and descriptions), so no scan and no extra elements. */
const PLAIN = /^[\x20-\x7e]*$/;

/**
 * `identifier`: a name, label or URI, where tab and line breaks are marked
 * too (in prose they lay out text; in a name they only hide where it ends).
 */
export function InvisibleText({ text, segments, identifier = false }: { text?: string; segments?: readonly RevealedSegment[]; identifier?: boolean }) {
  if (!segments && PLAIN.test(text ?? '')) return <>{text}</>;
  const parts = segments ?? (identifier ? revealIdentifierSegments(text ?? '') : segment(text ?? ''));
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
