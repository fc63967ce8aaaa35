// The Checks tab's findings: the format and protocol findings of what was
// read, joined by the content review's (`risk-*`), and the one a summary
// point pointed at, scrolled into view.
import { useEffect } from 'react';
import type { Finding } from '../../../../shared/model.js';
import type { SkillReview } from '../../../../shared/review-model.js';
import { useSelection } from '../../state/selection.js';

/**
 * Served findings plus the review's. A local skill has no server: its
 * review carries the format findings too. Undefined while nothing is known.
 */
export function mergeFindings(served: readonly Finding[] | undefined, review: SkillReview | null | undefined, local: boolean): readonly Finding[] | undefined {
  if (served === undefined) return undefined;
  if (!review) return served;
  return [...served, ...(local ? review.formatFindings : []), ...review.findings];
}

/** The finding a summary point led to, when it is among these; scrolled to once shown. */
export function useFocusedFinding(findings: readonly Finding[] | undefined): string | undefined {
  const findingId = useSelection((s) => s.findingId);
  const focused = findingId && findings?.some((f) => f.id === findingId) ? findingId : undefined;
  useEffect(() => {
    if (!focused) return;
    const frame = requestAnimationFrame(() => document.querySelector('[data-checks] [data-focused="true"]')?.scrollIntoView({ block: 'center' }));
    return () => cancelAnimationFrame(frame);
  }, [focused]);
  return focused;
}
