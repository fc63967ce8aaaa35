// Closing Review all's card from the keyboard: Escape inside the card (or on
// the button that shows it) does what its close button does — hides the
// progress while the job runs (the review goes on; only Cancel stops it),
// closes the summary once it has ended — and focus goes back to the catalog's
// Review all button, so a keyboard user is where they opened it, not at the
// top of the page. The button keeps its element from "Review all" to "n/N"
// and back, so the one element is remembered here.
import type { KeyboardEvent } from 'react';
import { useReviewAll } from '../../state/review-all.js';
import { SEARCH_INPUT_ID } from '../CatalogControls.js';

let reviewAllButton: HTMLButtonElement | null = null;

/** The ref of the catalog's Review all button (one is shown at a time: All skills' or the server's). */
export function reviewAllButtonRef(element: HTMLButtonElement | null): void {
  if (element) reviewAllButton = element;
  else if (reviewAllButton && !reviewAllButton.isConnected) reviewAllButton = null;
}

/** Closes the card as its close button does, and puts focus back on the button that shows it. */
export function closeReviewAllCard(): void {
  useReviewAll.getState().dismiss();
  const button = reviewAllButton;
  // A disabled button takes no focus (its server was disconnected meanwhile): the catalog's search box is the nearest place.
  if (button?.isConnected && !button.disabled) button.focus();
  else document.getElementById(SEARCH_INPUT_ID)?.focus();
}

/** Escape closes the card when it is shown; any other key goes on. */
export function closeOnEscape(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const { cardOpen, job, startError } = useReviewAll.getState();
  if (!cardOpen || (job === undefined && startError === undefined)) return;
  event.preventDefault();
  event.stopPropagation();
  closeReviewAllCard();
}
