// Review all in the command palette: every connected server's skills, the
// selected server's, each server's, and Cancel while a job runs (built only
// while the palette is open, and again as the job moves on).
import type { SpotlightActionData } from '@mantine/spotlight';
import type { ReviewJob } from '../../../../shared/review-job.js';
import { useReviewAll } from '../../state/review-all.js';
import { shownName } from '../../components/shown-text.js';
import { focusAfterPalette, reviewAllCard } from '../palette-focus.js';

const DESCRIPTION = 'Read and review every skill as one job; verdicts fill the catalog as they arrive';

/** Starts Review all (every connected server's skills, or one server's); focus goes to its card once the job has started. */
function startReviewAll(serverId?: string): void {
  const started = useReviewAll.getState().start(serverId);
  focusAfterPalette(reviewAllCard, started);
}

/** Review all as the palette's entries are built from it: the palette follows both while it is open. */
export interface ReviewAllShown {
  readonly job?: ReviewJob | undefined;
  readonly cardOpen: boolean;
}

/** `selectedServerId`: the server the catalog shows, if one is. */
export function reviewAllAppActions(selectedServerId: string | undefined, { job, cardOpen }: ReviewAllShown = useReviewAll.getState()): SpotlightActionData[] {
  if (job?.state === 'running') {
    return [
      { id: 'cancel-review-all', label: 'Cancel Review all', description: `${job.done.toLocaleString()} of ${job.total.toLocaleString()} skills reviewed; the rest keep the review they had`, onClick: () => void useReviewAll.getState().cancel() },
      ...(cardOpen ? [] : [{ id: 'show-review-all', label: 'Show Review all progress', onClick: () => { useReviewAll.getState().setCardOpen(true); focusAfterPalette(reviewAllCard); } }]),
    ];
  }
  return [
    { id: 'review-all', label: 'Review all skills', description: `Every connected server. ${DESCRIPTION}`, onClick: () => startReviewAll() },
    ...(selectedServerId !== undefined ? [{ id: 'review-all-server', label: 'Review all skills of the selected server', description: DESCRIPTION, onClick: () => startReviewAll(selectedServerId) }] : []),
  ];
}

/** `reviewAllRunning`: a Review all job runs (none can start beside it). */
export function reviewAllServerActions(serverId: string, label: string, connected: boolean, reviewAllRunning = useReviewAll.getState().job?.state === 'running'): SpotlightActionData[] {
  if (!connected || reviewAllRunning) return [];
  return [{ id: `review-all-${serverId}`, label: `${shownName(label)}: review all skills`, description: DESCRIPTION, onClick: () => startReviewAll(serverId) }];
}
