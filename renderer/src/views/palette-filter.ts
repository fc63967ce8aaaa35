// The command palette's matching: every word typed must appear, in any order,
// so "all review" finds "Review all" as "review all" does. Mantine's default
// filter looks for the whole query as one substring, which order breaks.
import type { SpotlightActionData, SpotlightActionGroupData, SpotlightFilterFunction } from '@mantine/spotlight';

type Actions = SpotlightActionData | SpotlightActionGroupData;

function keywordsOf(keywords: SpotlightActionData['keywords']): string {
  if (Array.isArray(keywords)) return keywords.join(',');
  return typeof keywords === 'string' ? keywords : '';
}

const hasAll = (text: string, words: readonly string[]) => words.every((w) => text.includes(w));

/**
 * Actions whose label holds every word come first; then those where the words
 * are spread over label, description and keywords. Groups keep their order
 * and drop out when nothing in them matches.
 */
export const anyOrderFilter: SpotlightFilterFunction = (query, data) => {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const inLabel: (SpotlightActionData & { group?: string })[] = [];
  const elsewhere: (SpotlightActionData & { group?: string })[] = [];
  const flat = data.flatMap((item: Actions) => ('actions' in item ? item.actions.map((a) => ({ ...a, group: item.group })) : [item]));
  for (const action of flat) {
    const label = (action.label ?? '').toLowerCase();
    if (hasAll(label, words)) inLabel.push(action);
    else if (hasAll(`${label} ${(action.description ?? '').toLowerCase()} ${keywordsOf(action.keywords).toLowerCase()}`, words)) elsewhere.push(action);
  }
  const result: Actions[] = [];
  const groups = new Map<string, SpotlightActionData[]>();
  for (const action of [...inLabel, ...elsewhere]) {
    if (!action.group) {
      result.push(action);
      continue;
    }
    let group = groups.get(action.group);
    if (!group) {
      group = [];
      groups.set(action.group, group);
      result.push({ group: action.group, actions: group });
    }
    group.push(action);
  }
  return result;
};
