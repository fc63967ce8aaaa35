// The tabs of a skill's detail pane, decided once: the pane draws these and
// the command palette offers "Show <tab>" for these, so the palette never
// offers a tab the pane does not have.
import { isLocalOriginId } from '../../../shared/review-model.js';
import type { DetailTab } from '../state/selection.js';

export const TAB_LABELS: Record<DetailTab, string> = {
  overview: 'Overview',
  review: 'Review',
  files: 'Files',
  bytes: 'Bytes',
  frontmatter: 'Frontmatter',
  checks: 'Checks',
  changes: 'Changes',
  provenance: 'Provenance',
};

/** Tabs about approving what a server serves: a local folder's skill has none of that. */
const SERVED_ONLY_TABS: ReadonlySet<DetailTab> = new Set<DetailTab>(['review', 'changes']);

/** The tabs a skill of this server (or local folder) has, in the pane's order. */
export function skillTabs(serverId: string): DetailTab[] {
  const local = isLocalOriginId(serverId);
  return (Object.keys(TAB_LABELS) as DetailTab[]).filter((tab) => !local || !SERVED_ONLY_TABS.has(tab));
}
