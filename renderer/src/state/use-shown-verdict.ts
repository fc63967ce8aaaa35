// shownVerdict (verdict-shown.ts) kept current for a component: the skill's
// verdict, or "Reviewing…" while the Changes tab's rules run on the version
// served now. A row re-renders only when its own answer changes.
import type { SkillEntry } from '../../../shared/model.js';
import { skillKey } from './keys.js';
import { useReviewSession } from './review-session.js';
import { shownVerdict, type ShownVerdict } from './verdict-shown.js';

export function useShownVerdict(entry: SkillEntry): ShownVerdict {
  return useReviewSession((s) => shownVerdict(entry, s.diffs.get(skillKey(entry.serverId, entry.uri))));
}
