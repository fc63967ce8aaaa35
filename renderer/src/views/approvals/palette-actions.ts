// Approvals in the command palette: review and decide about the open skill,
// each server's approvals, exports and lockfile comparison.
import type { SpotlightActionData } from '@mantine/spotlight';
import type { SkillEntry } from '../../../../shared/model.js';
import { useApprovals } from '../../state/approvals.js';
import { useReviewSession } from '../../state/review-session.js';
import { useSelection } from '../../state/selection.js';
import { compareLockfile, exportEnabledSkills, exportLockfile } from './exports.js';
import { shownName } from '../../components/shown-text.js';
import { focusAfterPalette, focusWhenShown, lockComparisonResult, shownServerTab, shownTab, whenPaletteClosed } from '../palette-focus.js';
import { serverActions } from '../server-actions.js';
import { useServers } from '../../state/servers.js';
import { useDialogs } from '../../state/dialogs.js';
import { lockComparisonPlace } from './lock-comparison-place.js';

/**
 * A lockfile picked from the palette: once compared, its comparison shows
 * where lockComparisonPlace says (the Approvals tab of the lock's server, else
 * of the server chosen in the sidebar, else a window of its own) and focus
 * goes to it. Run from another view, the result was left in a tab no one
 * opened, in the first server's tab whatever the lock named, or, with no
 * server in the list, nowhere. Nothing changes when no file was picked.
 */
function showLockComparison(compared: Promise<void>): void {
  const shown = compared.then(whenPaletteClosed).then(() => {
    const { servers, selectedServerId } = useServers.getState();
    const place = lockComparisonPlace(useApprovals.getState().lockImport, servers.map((s) => s.config.id), selectedServerId);
    if (place.kind === 'server') serverActions.approvals(place.serverId);
    else useDialogs.getState().open({ kind: 'lock-comparison' });
  });
  focusWhenShown(lockComparisonResult, shown);
}

export function approvalAppActions(): SpotlightActionData[] {
  return [
    { id: 'export-lock-all', label: 'Export a lockfile of every approved skill', description: 'The skill-inspector lockfile format, for CI', onClick: () => void exportLockfile() },
    { id: 'compare-lock', label: 'Compare a lockfile with the servers…', description: 'Which locked skills still match what the servers list; approves nothing', onClick: () => void compareLockfile(showLockComparison) },
  ];
}

export function approvalSkillActions(entry: SkillEntry): SpotlightActionData[] {
  const { serverId, uri } = entry;
  const name = shownName(entry.name);
  const out: SpotlightActionData[] = [
    {
      id: 'start-review',
      label: entry.resources === 'dynamic' ? `Look at ${name} once` : `Start a review of ${name}`,
      description: 'Read and verify every file, keep the bytes, then decide',
      onClick: () => {
        useSelection.getState().setTab('review');
        focusAfterPalette(shownTab('review'));
        void useReviewSession.getState().start(serverId, uri);
      },
    },
  ];
  if (entry.approval === 'changed') out.push({ id: 'see-changes', label: `See what changed in ${name} since approval`, onClick: () => { useSelection.getState().setTab('changes'); focusAfterPalette(shownTab('changes')); } });
  if (entry.approval === 'approved') {
    out.push(
      entry.enabled
        ? { id: 'disable-skill', label: `Disable ${name}`, onClick: () => void useApprovals.getState().setEnabled(serverId, uri, false) }
        : { id: 'enable-skill', label: `Enable ${name}`, onClick: () => void useApprovals.getState().setEnabled(serverId, uri, true) },
    );
  }
  return out;
}

export function approvalServerActions(id: string, serverLabel: string): SpotlightActionData[] {
  const label = shownName(serverLabel);
  return [
    { id: `approvals-${id}`, label: `${label}: approvals and enabled skills`, onClick: () => { serverActions.approvals(id); focusAfterPalette(shownServerTab); } },
    { id: `export-enabled-${id}`, label: `${label}: export enabled skills (JSON)`, onClick: () => void exportEnabledSkills(id) },
    { id: `export-lock-${id}`, label: `${label}: export a lockfile of approved skills`, onClick: () => void exportLockfile(id) },
  ];
}
