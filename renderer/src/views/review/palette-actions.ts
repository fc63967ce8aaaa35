// Review all in the command palette: every connected server's skills, the
// selected server's, each server's, and Cancel while a job runs (built only
// while the palette is open, from the job as it is then).
import type { SpotlightActionData } from '@mantine/spotlight';
import { useReviewAll } from '../../state/review-all.js';
import { shownName } from '../../components/shown-text.js';
import { focusAfterPalette, reviewAllCard } from '../palette-focus.js';

const DESCRIPTION = 'Read and review every skill as one job; verdicts fill the catalog as they arrive';

/** Starts Review all (every connected server's skills, or one server's); focus goes to its card once the job has started. */
function startReviewAll(serverId?: string): void {
  const started = useReviewAll.getState().start(serverId);
  focusAfterPalette(reviewAllCard, started);
}

/** `selectedServerId`: the server the catalog shows, if one is. */
export function reviewAllAppActions(selectedServerId: string | undefined): SpotlightActionData[] {
  const { job, cardOpen, cancel, setCardOpen } = useReviewAll.getState();
  if (job?.state === 'running') {
    return [
      { id: 'cancel-review-all', label: 'Cancel Review all', description: `${job.done.toLocaleString()} of ${job.total.toLocaleString()} skills reviewed; the rest keep the review they had`, onClick: () => void cancel() },
      ...(cardOpen ? [] : [{ id: 'show-review-all', label: 'Show Review all progress', onClick: () => { setCardOpen(true); focusAfterPalette(reviewAllCard); } }]),
    ];
  }
  return [
    { id: 'review-all', label: 'Review all skills', description: `Every connected server. ${DESCRIPTION}`, onClick: () => startReviewAll() },
    ...(selectedServerId !== undefined ? [{ id: 'review-all-server', label: 'Review all skills of the selected server', description: DESCRIPTION, onClick: () => startReviewAll(selectedServerId) }] : []),
  ];
}

export function reviewAllServerActions(serverId: string, label: string, connected: boolean): SpotlightActionData[] {
  if (!connected || useReviewAll.getState().job?.state === 'running') return [];
  return [{ id: `review-all-${serverId}`, label: `${shownName(label)}: review all skills`, description: DESCRIPTION, onClick: () => startReviewAll(serverId) }];
}
