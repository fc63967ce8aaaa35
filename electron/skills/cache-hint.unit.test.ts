import { describe, expect, it } from 'vitest';
import { MAX_TTL_MS, readCacheHint } from './cache-hint.js';
import { CACHE_HINT_CASES } from './finding-cases-discovery.unit.js';
import { runFindingCases, SERVER } from './finding-cases.unit.js';

runFindingCases(CACHE_HINT_CASES);

const at = { serverId: SERVER };
const read = (result: Record<string, unknown>, era: 'modern' | 'legacy' = 'modern') => readCacheHint(result, era, 'sep-2640-skills-get-cache-attributes', 'skills/get x', at);

describe('readCacheHint', () => {
  it('returns the hint as given', () => {
    expect(read({ ttlMs: 5000, cacheScope: 'private' })).toEqual({ hint: { ttlMs: 5000, scope: 'private' }, findings: [] });
  });

  it('clamps a negative ttl to 0 and an absurd one to 24 h', () => {
    expect(read({ ttlMs: -1, cacheScope: 'public' }).hint).toEqual({ ttlMs: 0, scope: 'public' });
    expect(read({ ttlMs: MAX_TTL_MS + 1, cacheScope: 'public' }).hint).toEqual({ ttlMs: MAX_TTL_MS, scope: 'public' });
  });

  it('gives no hint when neither field is there, and reports it only on the 2026 era', () => {
    expect(read({}, 'legacy')).toEqual({ findings: [] });
    const modern = read({});
    expect(modern.hint).toBeUndefined();
    expect(modern.findings.map((f) => [f.id, f.message])).toEqual([['sep-2640-skills-get-cache-attributes', 'skills/get x lacks ttlMs and cacheScope; both are required on protocol 2026-07-28.']]);
  });

  it('ignores a ttl that is not a finite number and a scope outside public/private', () => {
    const r = read({ ttlMs: '60', cacheScope: 'shared' });
    expect(r.hint).toBeUndefined();
    expect(r.findings[0]?.actual).toBe('{"ttlMs":"60","cacheScope":"shared"}');
    expect(read({ ttlMs: Number.POSITIVE_INFINITY, cacheScope: 'public' }).hint).toEqual({ ttlMs: 0, scope: 'public' });
  });
});
