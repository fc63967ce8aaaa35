// The window's copy of a server's protocol log keeps its bodies within the
// same budget as the main process's log (settings.logBodyBytes): 5,000
// entries of 64K characters each, as the main process sends them, are not
// 640 MB in the window; older entries keep method, id, time and size.
import { describe, expect, it, vi } from 'vitest';
import { BODY_DROPPED_NOTE } from '../../../shared/log-body-budget.js';
import { DEFAULT_SETTINGS, type ProtocolLogEntry } from '../../../shared/model.js';

// api.ts opens the browser-mode bridge when loaded; the store only calls it.
vi.mock('../api.js', () => ({ api: { call: () => Promise.resolve([]), on: () => () => undefined }, errorMessage: String }));

const { useProtocolLog } = await import('./protocol-log.js');

const BODY = 'x'.repeat(65_536);

/** An entry as the main process sends it: a big answer as its 64K preview, a stderr line, a long note (each cut there). */
function entry(seq: number): ProtocolLogEntry {
  const base = { seq, serverId: 's1', at: seq };
  if (seq % 3 === 0) return { ...base, direction: 'in', kind: 'response', method: 'resources/read', id: seq, text: `${BODY}…`, truncated: true, bytes: 70_000 };
  if (seq % 3 === 1) return { ...base, direction: 'stderr', kind: 'stderr', text: BODY, bytes: BODY.length };
  return { ...base, direction: 'note', kind: 'note', text: `Transport error: ${BODY}`, bytes: 17 + BODY.length };
}

/** Characters the window holds for an entry's strings. */
const held = (entries: readonly ProtocolLogEntry[]) => entries.reduce((sum, e) => sum + (e.text?.length ?? 0) + (e.method?.length ?? 0) + (e.message === undefined ? 0 : JSON.stringify(e.message).length), 0);

describe("the window's protocol log", () => {
  it('holds the body budget plus a small cost an entry after 5,000 entries of 64K characters', async () => {
    const log = useProtocolLog.getState();
    log.setLimit(DEFAULT_SETTINGS.logLimit);
    log.setBodyBudget(DEFAULT_SETTINGS.logBodyBytes);
    await log.load('s1');
    // As the main process flushes them: a batch a tick.
    for (let from = 1; from <= 5_000; from += 100) log.applyAppended('s1', Array.from({ length: 100 }, (_, i) => entry(from + i)));
    const entries = useProtocolLog.getState().logs.get('s1')!;
    expect(entries).toHaveLength(5_000);
    // The newest keep their bodies whole, as many as fit the budget (4 MiB: 63 of 65,537 to 65,553 characters).
    const whole = entries.filter((e, i) => e.text === entry(i + 1).text);
    expect(whole.map((e) => e.seq)).toEqual(Array.from({ length: 63 }, (_, i) => 4_938 + i));
    // Older ones keep what they were, their body gone; a note keeps its first 200 characters.
    expect(entries[2]).toEqual({ seq: 3, serverId: 's1', at: 3, direction: 'in', kind: 'response', method: 'resources/read', id: 3, text: BODY_DROPPED_NOTE, bytes: 70_000 });
    expect(entries[0]).toEqual({ seq: 1, serverId: 's1', at: 1, direction: 'stderr', kind: 'stderr', text: BODY_DROPPED_NOTE, bytes: 65_536 });
    expect(entries[1]).toEqual({ seq: 2, serverId: 's1', at: 2, direction: 'note', kind: 'note', text: `Transport error: ${'x'.repeat(183)}… (65353 more characters not kept: dropped to keep the protocol log within its memory budget)`, bytes: 65_553, truncated: true });
    // All told: the budget plus a few hundred characters an entry, not 5,000 x 64K (327 million).
    expect(held(whole)).toBeLessThanOrEqual(DEFAULT_SETTINGS.logBodyBytes);
    expect(held(entries)).toBeLessThanOrEqual(DEFAULT_SETTINGS.logBodyBytes + 5_000 * 400);
    expect(held(entries)).toBe(5_009_922);
  });

  it('a smaller budget from the settings drops older bodies at once; the newest keeps its own', () => {
    useProtocolLog.getState().setBodyBudget(0);
    const entries = useProtocolLog.getState().logs.get('s1')!;
    expect(entries.at(-1)?.text).toBe(entry(5_000).text);
    expect(held(entries.slice(0, -1))).toBeLessThanOrEqual(4_999 * 400);
  });
});
