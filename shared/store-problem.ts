// How a store found damaged at start is said, by the store it hit: the main
// process's start alert and the window's own toast (shown when that alert
// reached no window) use these same words, so the window can tell the alert
// was already seen. A damaged version history holds no decision: its title
// must never read as lost approvals.
import type { StoreProblemView } from './approvals-model.js';

export function storeProblemTitle({ store, recoveredFrom }: Pick<StoreProblemView, 'store' | 'recoveredFrom'>): string {
  if (store === 'history') return recoveredFrom === 'backup' ? 'Version history recovered from backup' : 'Version history could not be read';
  return recoveredFrom === 'backup' ? 'Approvals recovered from backup' : 'Approvals could not be recovered';
}

/** Every title storeProblemTitle gives: an alert with one of them is a start alert about a damaged store. */
export const STORE_PROBLEM_TITLES: ReadonlySet<string> = new Set(
  (['approvals', 'history'] as const).flatMap((store) => (['backup', 'default'] as const).map((recoveredFrom) => storeProblemTitle({ store, recoveredFrom }))),
);

export function storeProblemMessage({ file, message, keptAs }: Pick<StoreProblemView, 'file' | 'message' | 'keptAs'>): string {
  return `${file}: ${message}${keptAs ? ` The damaged file was kept as ${keptAs}.` : ''}`;
}
