// The finding delta between two versions of a skill: what the newer one has
// that the older did not, what is gone, and what both have. A finding is the
// same in both when its ID, file, field and the text it points at are the
// same — not its line: a line that only moved (something was inserted above
// it) is not a new finding, while the same ID on a different line's text is.
import type { Finding } from '../../shared/model.js';
import { canonicalUri } from '../skills/uri-memo.js';

export interface FindingDeltaParts {
  readonly added: Finding[];
  readonly gone: Finding[];
  readonly unchanged: Finding[];
}

/** What makes two findings of two versions the same finding. */
function sameness(f: Finding): string {
  const { fileUri, skillUri, field } = f.location;
  // Without an excerpt the message names the finding; numbers in it (a line, a count) may move with an edit elsewhere.
  const text = f.excerpt !== undefined ? `excerpt:${f.excerpt}` : `message:${f.message.replace(/\d+/g, '#')}`;
  // The file by its canonical URI: the newer version may spell it another way (SKILL://, %2D), the same file.
  const place = fileUri ?? skillUri;
  return [f.id, f.severity, place === undefined ? '' : canonicalUri(place), field ?? '', text].join('\n');
}

const byPlace = (a: Finding, b: Finding) =>
  (a.location.fileUri ?? '').localeCompare(b.location.fileUri ?? '') || (a.location.line ?? 0) - (b.location.line ?? 0) || (a.location.column ?? 0) - (b.location.column ?? 0) || a.id.localeCompare(b.id);

/** Pairs the findings of the older version with the newer one's; `unchanged` holds the newer side's (its lines are the newer file's). */
export function findingDelta(older: readonly Finding[], newer: readonly Finding[]): FindingDeltaParts {
  const waiting = new Map<string, Finding[]>();
  for (const f of older) {
    const key = sameness(f);
    const list = waiting.get(key);
    if (list) list.push(f);
    else waiting.set(key, [f]);
  }
  const added: Finding[] = [];
  const unchanged: Finding[] = [];
  for (const f of newer) {
    const match = waiting.get(sameness(f));
    if (match && match.length > 0) {
      match.shift();
      unchanged.push(f);
    } else {
      added.push(f);
    }
  }
  const gone = [...waiting.values()].flat();
  return { added: added.sort(byPlace), gone: gone.sort(byPlace), unchanged: unchanged.sort(byPlace) };
}
