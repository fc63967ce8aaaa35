import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.js';

describe('relativeTime', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  it('says how far ahead or behind, in the largest whole unit', () => {
    expect(relativeTime('2026-01-10T12:09:40Z', now, 'en')).toBe('in 10 minutes');
    expect(relativeTime('2026-01-10T14:00:00Z', now, 'en')).toBe('in 2 hours');
    expect(relativeTime('2026-01-10T11:59:30Z', now, 'en')).toBe('30 seconds ago');
    expect(relativeTime('2026-01-12T12:00:00Z', now, 'en')).toBe('in 2 days');
    expect(relativeTime('2026-01-10T12:00:00Z', now, 'en')).toBe('now');
  });
  it('a value that is not a time has no wording', () => {
    expect(relativeTime('soon', now, 'en')).toBeUndefined();
  });
});
