// SEP-2549 cache hints on skills results: required on 2026-07-28, absent on
// older eras; negative means 0, and a server cannot pin an entry for long.
import type { FindingId } from '../../shared/findings.js';
import { finding } from '../../shared/findings.js';
import type { Finding, FindingLocation } from '../../shared/model.js';
import { previewJson } from '../../shared/nesting.js';

export interface CacheHint {
  readonly ttlMs: number;
  readonly scope?: 'public' | 'private';
}

/** Same bound as the SDK's response cache (24 h). */
export const MAX_TTL_MS = 86_400_000;

export function readCacheHint(
  result: Record<string, unknown>,
  era: 'modern' | 'legacy',
  missingId: FindingId,
  what: string,
  location: FindingLocation,
): { hint?: CacheHint; findings: Finding[] } {
  const findings: Finding[] = [];
  const ttl = result['ttlMs'];
  const scope = result['cacheScope'];
  const hasTtl = typeof ttl === 'number' && Number.isFinite(ttl);
  const hasScope = scope === 'public' || scope === 'private';
  if (era === 'modern' && (!hasTtl || !hasScope)) {
    const missing = [!hasTtl ? 'ttlMs' : '', !hasScope ? 'cacheScope' : ''].filter(Boolean).join(' and ');
    findings.push(finding(missingId, `${what} lacks ${missing}; both are required on protocol 2026-07-28.`, location, { expected: 'ttlMs ≥ 0 and cacheScope "public" | "private"', actual: previewJson({ ttlMs: ttl, cacheScope: scope }) ?? '' }));
  }
  if (!hasTtl && !hasScope) return { findings };
  let ttlMs = hasTtl ? ttl : 0;
  if (hasTtl && (ttl < 0 || ttl > MAX_TTL_MS)) {
    findings.push(finding('inspector-ttl-invalid', `${what} has ttlMs ${ttl}; it was treated as ${ttl < 0 ? 0 : MAX_TTL_MS}.`, location, { expected: `0–${MAX_TTL_MS}`, actual: `${ttl}` }));
    ttlMs = ttl < 0 ? 0 : MAX_TTL_MS;
  }
  return { hint: { ttlMs, ...(hasScope ? { scope } : {}) }, findings };
}
