// shownVerdict (verdict-shown.ts) kept current for a component: the skill's
// verdict, or "Reviewing…" while the Changes tab's rules run on the version
// served now. A row re-renders only when its own answer changes. The catalog
// filters and counts by the same answer (useChangeReviewsRunning).
import { useMemo } from 'react';
import type { SkillEntry } from '../../../shared/model.js';
import { skillKey } from './keys.js';
import { useReviewSession } from './review-session.js';
import { changeReviewsRunning, shownVerdict, type ShownVerdict } from './verdict-shown.js';

export function useShownVerdict(entry: SkillEntry): ShownVerdict {
  return useReviewSession((s) => shownVerdict(entry, s.diffs.get(skillKey(entry.serverId, entry.uri))));
}

/** The skills whose change review runs now (verdict-shown.ts), for a list to filter and count by the verdict each row shows. */
export function useChangeReviewsRunning(): ReadonlySet<string> {
  // The diffs change only when a Changes tab asks for one and when it arrives: rare beside the catalog's updates.
  const diffs = useReviewSession((s) => s.diffs);
  return useMemo(() => changeReviewsRunning(diffs), [diffs]);
}
