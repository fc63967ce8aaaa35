// The command palette's entries for content review, local folders and name
// collisions (built only while the palette is open).
import type { SpotlightActionData } from '@mantine/spotlight';
import type { SkillEntry } from '../../../../shared/model.js';
import { isLocalOriginId, type LocalOrigin } from '../../../../shared/review-model.js';
import { useLocalOrigins } from '../../state/local-origins.js';
import { useReviews } from '../../state/review.js';
import { useSelection } from '../../state/selection.js';
import { useLocalDialogs } from './local-dialogs.js';
import { showLocalOrigin } from './LocalFoldersSection.js';
import { shownName, shownText } from '../../components/shown-text.js';
import { collisionsHeading, focusAfterPalette, localFolderPlace, shownTab } from '../palette-focus.js';

export function reviewAppActions(): SpotlightActionData[] {
  return [
    { id: 'collisions', label: 'Show name collisions', description: 'Skills that share a name or look alike, across servers and local folders', onClick: () => { useSelection.getState().showCollisions(); focusAfterPalette(collisionsHeading); } },
    { id: 'add-local-folder', label: 'Add a local skills folder…', description: 'A folder of skills, or a project whose agent folders are read', onClick: () => useLocalDialogs.getState().open({ kind: 'add' }) },
    { id: 'rescan-local', label: 'Read local folders again', onClick: () => void useLocalOrigins.getState().rescan().catch(() => undefined) },
  ];
}

export function reviewSkillActions(entry: SkillEntry): SpotlightActionData[] {
  return [
    {
      id: 'review-content',
      label: isLocalOriginId(entry.serverId) ? `Read ${shownName(entry.name)} again and review it` : `Review the content of ${shownName(entry.name)}`,
      description: 'Reads every file and sums up in plain words what it does and what looks risky',
      onClick: () => {
        // The review's summary shows in the Overview tab.
        useSelection.getState().setTab('overview');
        focusAfterPalette(shownTab('overview'));
        void useReviews.getState().scan(entry.serverId, entry.uri);
      },
    },
  ];
}

export function localOriginActions(origins: readonly LocalOrigin[]): SpotlightActionData[] {
  return origins
    .filter((o) => o.exists || o.addedByUser)
    .flatMap((o) => {
      const label = shownName(o.label);
      return [
        { id: `go-${o.id}`, label: `Go to ${label}`, description: `${o.skillCount} skills · ${shownText(o.description)}`, onClick: () => { showLocalOrigin(o.id); focusAfterPalette(localFolderPlace(o.id)); } },
        { id: `rescan-${o.id}`, label: `${label}: read again`, onClick: () => void useLocalOrigins.getState().rescan(o.id).catch(() => undefined) },
        ...(o.addedByUser ? [{ id: `remove-${o.id}`, label: `${label}: remove from the list…`, onClick: () => useLocalDialogs.getState().open({ kind: 'remove', origin: o }) }] : []),
      ];
    });
}
