// The catalog's palette entries: sorting and filtering by verdict, and
// "Open <skill>" — the name with any invisible character drawn as a marker (a
// palette entry is plain text, so a bidi override would otherwise reverse
// what follows it), its origin, its verdict in words and as a badge, and the
// start of its description. Its verdict is the one shown everywhere else
// (state/verdict-shown.ts): "Reviewing…" while an approved skill that changed
// is being change-reviewed, not "Not reviewed yet". Its verdict filters are
// the filter control's choices (verdictChoices), "Filter: reviewing… skills"
// among them only while the control offers Reviewing….
import type { SpotlightActionData } from '@mantine/spotlight';
import type { SkillEntry } from '../../../shared/model.js';
import { useCatalog } from '../state/catalog.js';
import { reviewingCount, verdictChoices } from '../state/catalog-list.js';
import { VerdictBadge, verdictText } from '../components/VerdictBadge.js';
import { shownName, shownText } from '../components/shown-text.js';
import { useSelection } from '../state/selection.js';
import { useReviewSession, type DiffState } from '../state/review-session.js';
import { useServers } from '../state/servers.js';
import { changeReviewsRunning, shownVerdict } from '../state/verdict-shown.js';
import { focusAfterPalette, openedSkillHeading } from './palette-focus.js';

/** `diff`: the skill's Changes-tab comparison, if any; while it judges the version served now the skill says Reviewing…. */
export function skillPaletteItem(entry: SkillEntry, key: string, originLabel: string | undefined, diff: DiffState | undefined): SpotlightActionData {
  const counts = { errors: entry.errorCount, warnings: entry.warningCount };
  const verdict = shownVerdict(entry, diff);
  return {
    id: `skill-${key}`,
    label: `Open ${shownName(`${entry.pathPrefix ? `${entry.pathPrefix}/` : ''}${entry.name}`)}`,
    description: `${originLabel ? `${shownName(originLabel)} · ` : ''}${verdictText(verdict, counts)} · ${shownText(entry.description.slice(0, 100))}`,
    rightSection: <VerdictBadge verdict={verdict} errors={counts.errors} warnings={counts.warnings} size="xs" />,
    onClick: () => {
      useSelection.getState().openSkill(key);
      focusAfterPalette(openedSkillHeading);
    },
  };
}

/** Sort by verdict or name, and show only one verdict: the verdicts the catalog's filter offers for the skills it lists (`sort`, `verdict`: the catalog's, which the palette follows while open). */
export function catalogViewActions({ sort, verdict }: Pick<ReturnType<typeof useCatalog.getState>, 'sort' | 'verdict'> = useCatalog.getState()): SpotlightActionData[] {
  const reviewing = reviewingCount(useCatalog.getState().skills, useServers.getState().selectedServerId, changeReviewsRunning(useReviewSession.getState().diffs));
  return [
    sort === 'verdict'
      ? { id: 'sort-name', label: 'Sort skills by name', onClick: () => useCatalog.getState().setSort('name') }
      : { id: 'sort-verdict', label: 'Sort skills by verdict', description: 'Risky first, then Needs a look, Reviewing…, Not reviewed yet, Clean as checked', onClick: () => useCatalog.getState().setSort('verdict') },
    ...verdictChoices(reviewing, verdict).map((v) => ({ id: `filter-verdict-${v}`, label: `Filter: ${verdictText(v).toLowerCase()} skills`, onClick: () => useCatalog.getState().setVerdictFilter(v) })),
  ];
}
