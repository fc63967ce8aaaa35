// skills/list, every page, with hard caps. A repeated cursor, a listing that
// never ends or one that grows without bound stops with a finding — never a
// hang — and whatever was valid so far still shows.
import { finding } from '../../shared/findings.js';
import type { Finding, Settings } from '../../shared/model.js';
import { approximateJsonSize, previewJson } from '../../shared/nesting.js';
import { canonicalUri } from '../../shared/skill-uri.js';
import { checkEntry, type CheckedEntry } from './entry-rules.js';
import { readCacheHint, type CacheHint } from './cache-hint.js';
import { appLimitNamer, type LimitNamer } from '../../shared/limits.js';
import { METHOD_NOT_FOUND, rpcErrorCode, rpcErrorMessage, type Rpc } from './rpc.js';
import { append } from './append.js';

export interface ListingResult {
  /** `false` when the server has no skills/list at all (fall back to legacy forms). */
  readonly implemented: boolean;
  readonly entries: CheckedEntry[];
  readonly findings: Finding[];
  readonly cache?: CacheHint;
  /** The whole listing was walked (no cap or error stopped it). */
  readonly complete: boolean;
  readonly pages: number;
}

export type ListLimits = Pick<Settings, 'maxListPages' | 'maxListEntries' | 'maxListBytes'>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export async function listAllSkills(
  rpc: Rpc,
  limits: ListLimits,
  options: { signal?: AbortSignal; onPage?: (entries: CheckedEntry[], findings: Finding[]) => void; limitName?: LimitNamer } = {},
): Promise<ListingResult> {
  const serverId = rpc.serverId;
  const raise = options.limitName ?? appLimitNamer;
  const findings: Finding[] = [];
  const entries: CheckedEntry[] = [];
  const firstPage = new Map<string, number>();
  const cursors = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  let bytes = 0;
  let cache: CacheHint | undefined;
  const at = { serverId, field: 'skills/list' };

  for (;;) {
    if (options.signal?.aborted) return { implemented: true, entries, findings, ...(cache ? { cache } : {}), complete: false, pages };
    if (pages >= limits.maxListPages) {
      findings.push(finding('sep-2640-skills-list-pagination', `skills/list was still returning nextCursor after ${pages} pages; listing stopped.`, at, { expected: 'a final page without nextCursor', actual: `${pages}+ pages` }));
      findings.push(finding('inspector-list-limit', `Stopped at the page limit (${limits.maxListPages}); the skills listed so far are shown. Raise ${raise('maxListPages')} if this catalog is really that large.`, at));
      return { implemented: true, entries, findings, ...(cache ? { cache } : {}), complete: false, pages };
    }
    let result: unknown;
    try {
      result = await rpc.request('skills/list', cursor === undefined ? {} : { cursor }, options.signal ? { signal: options.signal } : {});
    } catch (error) {
      if (pages === 0 && rpcErrorCode(error) === METHOD_NOT_FOUND) {
        return { implemented: false, entries, findings, complete: true, pages };
      }
      findings.push(finding('inspector-invalid-result', `skills/list page ${pages + 1} failed: ${rpcErrorMessage(error)}`, at));
      return { implemented: true, entries, findings, ...(cache ? { cache } : {}), complete: false, pages };
    }
    pages++;
    const pageFindings: Finding[] = [];
    const pageEntries: CheckedEntry[] = [];
    if (!isRecord(result) || !Array.isArray(result['skills'])) {
      findings.push(
        finding('inspector-invalid-result', `skills/list page ${pages} has no "skills" array.`, at, {
          expected: '{ skills: [...] }',
          actual: previewJson(result) ?? String(result),
        }),
      );
      return { implemented: true, entries, findings, ...(cache ? { cache } : {}), complete: false, pages };
    }
    // Counted without recursion: a page nested thousands deep must count too, not crash or count 0.
    bytes += approximateJsonSize(result);
    if (result['resultType'] !== undefined && result['resultType'] !== 'complete') {
      pageFindings.push(finding('inspector-result-type', `skills/list page ${pages} has resultType ${previewJson(result['resultType'])}.`, at, { expected: '"complete"', actual: previewJson(result['resultType']) ?? '' }));
    }
    const hint = readCacheHint(result, rpc.era, 'sep-2640-skills-list-cache-attributes', `skills/list page ${pages}`, at);
    append(pageFindings, hint.findings);
    if (cache === undefined) cache = hint.hint;
    else if (hint.hint?.scope && cache.scope && hint.hint.scope !== cache.scope) {
      pageFindings.push(finding('sep-2640-skills-list-cache-attributes', `Page ${pages} has cacheScope "${hint.hint.scope}" but page 1 had "${cache.scope}"; every page of one list must use the same scope.`, at));
    }

    let overLimit = false;
    (result['skills'] as unknown[]).forEach((raw, index) => {
      if (entries.length + pageEntries.length >= limits.maxListEntries) {
        overLimit = true;
        return;
      }
      const checked = checkEntry(raw, serverId, `skills/list page ${pages}, entry ${index}`);
      append(pageFindings, checked.findings);
      if (!checked.entry) return;
      const key = canonicalUri(checked.entry.uri);
      const earlier = firstPage.get(key);
      if (earlier !== undefined) {
        pageFindings.push(
          finding(
            'sep-2640-skills-list-entry-atomic',
            earlier === pages ? `${checked.entry.uri} is listed twice on page ${pages}; the later copy was ignored.` : `${checked.entry.uri} appears on page ${earlier} and again on page ${pages}; the later copy was ignored.`,
            { serverId, skillUri: checked.entry.uri },
          ),
        );
        return;
      }
      firstPage.set(key, pages);
      pageEntries.push(checked.entry);
    });
    append(entries, pageEntries);
    append(findings, pageFindings);
    options.onPage?.(pageEntries, pageFindings);

    // A listing of exactly the limit is whole: stop only when something is left unread.
    const hasNext = result['nextCursor'] !== undefined && result['nextCursor'] !== null && result['nextCursor'] !== '';
    if (entries.length >= limits.maxListEntries && (overLimit || hasNext)) {
      findings.push(finding('inspector-list-limit', `Stopped at the entry limit (${limits.maxListEntries}); the skills listed so far are shown. Raise ${raise('maxListEntries')} to see more.`, at));
      return { implemented: true, entries, findings, ...(cache ? { cache } : {}), complete: false, pages };
    }
    if (bytes > limits.maxListBytes) {
      findings.push(finding('inspector-list-limit', `The listing passed ${limits.maxListBytes} bytes; listing stopped. The skills listed so far are shown. Raise ${raise('maxListBytes')} if this is expected.`, at));
      return { implemented: true, entries, findings, ...(cache ? { cache } : {}), complete: false, pages };
    }
    const next = result['nextCursor'];
    if (next === undefined || next === null || next === '') {
      return { implemented: true, entries, findings, ...(cache ? { cache } : {}), complete: true, pages };
    }
    if (typeof next !== 'string') {
      findings.push(finding('inspector-invalid-result', `nextCursor on page ${pages} is not a string (${previewJson(next, 80)}); listing stopped.`, at));
      return { implemented: true, entries, findings, ...(cache ? { cache } : {}), complete: false, pages };
    }
    if (cursors.has(next)) {
      findings.push(
        finding('sep-2640-skills-list-pagination', `Page ${pages} returned nextCursor ${JSON.stringify(next).slice(0, 80)}, which was already used; the listing would loop forever, so it stopped.`, at, {
          expected: 'a new cursor or none',
          actual: 'a repeated cursor',
        }),
      );
      return { implemented: true, entries, findings, ...(cache ? { cache } : {}), complete: false, pages };
    }
    cursors.add(next);
    cursor = next;
  }
}
