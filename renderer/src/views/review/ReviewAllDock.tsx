// Review all's card, docked at the top of the detail pane: it takes its own
// room there, so the open skill's header, tabs and content — or the pane's
// empty state — move down beneath it instead of being covered, and the
// catalog to its left stays whole. It scrolls within itself when long.
// Escape anywhere in it does what its close button does, and focus goes back
// to the catalog's Review all button (review-all-focus.ts).
import { useReviewAll } from '../../state/review-all.js';
import { JobCard, StartError } from './ReviewAllButton.js';
import { closeOnEscape } from './review-all-focus.js';

const DOCK = { flex: '0 0 auto', maxHeight: '45%', overflow: 'auto', padding: 'var(--mantine-spacing-xs)', borderBottom: '1px solid var(--mantine-color-default-border)', background: 'var(--mantine-color-body)' } as const;

export function ReviewAllDock() {
  const job = useReviewAll((s) => s.job);
  const startError = useReviewAll((s) => s.startError);
  const cardOpen = useReviewAll((s) => s.cardOpen);
  if (!cardOpen || (job === undefined && startError === undefined)) return null;
  return (
    // Focusable from code only: Review all started or shown from the palette puts focus here (palette-focus.ts).
    <section style={DOCK} aria-label="Review all" onKeyDown={closeOnEscape} tabIndex={-1} data-review-all-dock>
      {startError !== undefined ? <StartError message={startError} /> : job ? <JobCard job={job} /> : null}
    </section>
  );
}
