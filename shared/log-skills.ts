// The protocol log of one skill: the skills the log shows (listed in an
// answer, or named by a request), and the rows that concern one of them — the
// messages whose params name a URI in its folder (skills/get, resources/read,
// a directory read, an update notice) and the answers to those requests.
// Membership is decided on parsed, normalised URIs (skill-uri.ts), never by a
// string prefix: skill://a-b/… is not in skill://a/, nor is skill://a/../b/….
// A URI in a nested skill's folder (skill://docs/headlines/…) is that nested
// skill's, not its parent's: each row belongs to the innermost skill holding it.
import { requestParams } from './log-pairs.js';
import type { ProtocolLogEntry } from './model.js';
import { canonicalUri, containment, parseSkillUri } from './skill-uri.js';

export interface LoggedSkill {
  /** Its SKILL.md URI, as first seen in the log. */
  readonly uri: string;
  /** The skill path as a reader names it: "notes", "acme/billing/refunds" (the scheme too when not skill:). */
  readonly label: string;
}

/** A hostile listing could name a million skills: the picker offers this many at most. */
export const MAX_LOGGED_SKILLS = 2_000;

const record = (value: unknown): Record<string, unknown> | undefined => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);

/** The URIs a message's params name: its top-level string values (uri, and the like). */
function urisInParams(entry: ProtocolLogEntry): string[] {
  const params = requestParams(entry);
  if (!params) return [];
  return Object.entries(params)
    .filter(([key, value]) => key !== '_meta' && typeof value === 'string')
    .map(([, value]) => value as string);
}

/** The SKILL.md URIs an answer lists: skills/list's `skills`, a legacy resources/list's `resources`. */
function urisListed(entry: ProtocolLogEntry): string[] {
  const result = record(record(entry.message)?.['result']);
  if (!result) return [];
  const out: string[] = [];
  for (const key of ['skills', 'resources']) {
    const list = result[key];
    if (!Array.isArray(list)) continue;
    for (const item of list.slice(0, MAX_LOGGED_SKILLS)) {
      const uri = record(item)?.['uri'];
      if (typeof uri === 'string') out.push(uri);
    }
  }
  return out;
}

function labelOf(root: string, scheme: string): string {
  return scheme === 'skill' ? root.replace(/^skill:\/\//i, '') : root;
}

/** Every skill the log shows, once each (by canonical URI), sorted by label. */
export function skillsInLog(entries: readonly ProtocolLogEntry[]): LoggedSkill[] {
  const found = new Map<string, LoggedSkill>();
  for (const entry of entries) {
    const uris = entry.kind === 'response' ? urisListed(entry) : entry.direction === 'out' || entry.direction === 'in' ? urisInParams(entry) : [];
    for (const uri of uris) {
      if (found.size >= MAX_LOGGED_SKILLS) break;
      const parsed = parseSkillUri(uri);
      if (!parsed.ok) continue;
      const key = canonicalUri(uri);
      if (!found.has(key)) found.set(key, { uri, label: labelOf(parsed.parts.root, parsed.parts.scheme) });
    }
  }
  return [...found.values()].sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}

/** Whether `uri` is the skill's folder itself or lies in it. */
function inFolder(uri: string, skillUri: string): boolean {
  if (containment(uri, skillUri).inside) return true;
  const parsed = parseSkillUri(skillUri);
  return parsed.ok && canonicalUri(uri) === canonicalUri(parsed.parts.root);
}

const keyOf = (direction: string, id: string | number) => `${direction}:${typeof id}:${String(id)}`;

/**
 * The entries that concern the skill whose SKILL.md is `skillUri`, in log order:
 * each message whose params name a URI it holds (and no nested skill holds
 * closer), and the answer to each such request. `skills` are the other skills
 * a URI could belong to (default: those the log shows).
 */
export function entriesOfSkill(entries: readonly ProtocolLogEntry[], skillUri: string, skills: readonly string[] = skillsInLog(entries).map((s) => s.uri)): ProtocolLogEntry[] {
  const target = canonicalUri(skillUri);
  // Skills inside this one's folder: a URI in theirs is theirs.
  const nested = skills.filter((s) => canonicalUri(s) !== target && containment(s, skillUri).inside);
  const concerns = (uri: string) => inFolder(uri, skillUri) && !nested.some((n) => inFolder(uri, n));
  const awaited = new Set<string>();
  return entries.filter((entry) => {
    const { id, direction } = entry;
    if (direction !== 'in' && direction !== 'out') return false;
    if ((entry.kind === 'response' || entry.kind === 'error') && id !== undefined) {
      const key = keyOf(direction === 'in' ? 'out' : 'in', id);
      return awaited.delete(key);
    }
    const ours = urisInParams(entry).some(concerns);
    if (ours && entry.kind === 'request' && id !== undefined) awaited.add(keyOf(direction, id));
    return ours;
  });
}
