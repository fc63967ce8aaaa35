// What counts against a protocol log's body budget (Settings: logBodyBytes),
// and what an entry keeps once its body gives way: the same in the main
// process's log and in the window's copy of it, so neither holds more than
// the budget plus a small cost an entry.
import type { ProtocolLogEntry } from './model.js';

/** What an entry whose body was dropped shows in its place. */
export const BODY_DROPPED_NOTE = 'Body dropped to keep the protocol log within its memory budget; method, id, direction, duration and size are kept.';

/**
 * A note this long or shorter is the app's own words (Connected, Connection lost: ...): it does not count against the
 * budget and is never cut. A longer one counts whole, and when the budget needs its room it keeps this many characters.
 */
export const NOTE_KEPT_CHARS = 200;

/** The end of the first `chars` characters of `text`: a pair of UTF-16 code units across the cut is left out whole, half of one is no character. */
export function cutEnd(text: string, chars: number): number {
  const high = text.charCodeAt(chars - 1);
  return high >= 0xd800 && high <= 0xdbff ? chars - 1 : chars;
}

/**
 * The bytes of an entry's body that count against the budget. A long note counts as a body does: 5,000 transport
 * errors that each quote a 64K answer would otherwise hold 640 MB; a short one is a few words, as a method name is.
 */
export function bodyBytes(entry: ProtocolLogEntry): number {
  if (entry.direction === 'note') return (entry.text?.length ?? 0) > NOTE_KEPT_CHARS ? entry.text!.length : 0;
  if (entry.message !== undefined) return entry.bytes;
  return entry.text?.length ?? 0;
}

/**
 * The entry without its body: method, id, direction, duration and size stay; a note, which has nothing else to say
 * what it was, keeps its first words. A new object, not an edit. `copy` makes the kept head hold none of the whole
 * text (a slice can be a view of it).
 */
export function withoutBody(entry: ProtocolLogEntry, copy: (slice: string) => string): ProtocolLogEntry {
  const kept: { -readonly [K in keyof ProtocolLogEntry]: ProtocolLogEntry[K] } = { seq: entry.seq, serverId: entry.serverId, at: entry.at, direction: entry.direction, kind: entry.kind, bytes: entry.bytes };
  if (entry.method !== undefined) kept.method = entry.method;
  if (entry.id !== undefined) kept.id = entry.id;
  if (entry.durationMs !== undefined) kept.durationMs = entry.durationMs;
  if (entry.why !== undefined) kept.why = entry.why;
  if (entry.direction === 'note') {
    const end = cutEnd(entry.text!, NOTE_KEPT_CHARS);
    kept.text = `${copy(entry.text!.slice(0, end))}… (${entry.bytes - end} more characters not kept: dropped to keep the protocol log within its memory budget)`;
    kept.truncated = true;
  } else kept.text = BODY_DROPPED_NOTE;
  return kept;
}
