// Discovery on connect: lists a server's skills (never reads a file), through
// skills/list where the server declares the skills extension, else the older
// forms (legacy.ts). Each page is recorded and streamed to the window as it
// comes, and the new listing replaces the old one; the server's own findings
// (it declares the extension but does not answer skills/list, or serves no
// skills at all) are kept with it.
import { finding } from '../../shared/findings.js';
import type { LimitNamer } from '../../shared/limits.js';
import type { Finding, Settings, SkillEntry } from '../../shared/model.js';
import { readSkillsCapability } from './capability.js';
import { dedupeFindings as dedupe } from './dedupe-findings.js';
import type { CheckedEntry } from './entry-rules.js';
import { discoverLegacy } from './legacy.js';
import { listAllSkills } from './listing.js';
import type { ServerSkills, SkillRecord } from './registry.js';
import type { Rpc } from './rpc.js';
import { append } from './append.js';

/** What discovery needs of the engine. */
export interface DiscoveryHost {
  readonly limitName: LimitNamer;
  settings(): Settings;
  server(serverId: string): ServerSkills;
  /** The skill as the window sees it (with its approval and its last review). */
  view(state: ServerSkills, record: SkillRecord): SkillEntry;
  /** A listing started (`replace`) or grew by a page (EngineEvents.listed). */
  listed(serverId: string, entries: SkillEntry[], replace: boolean, done: boolean): void;
  /** The entries as the server just described them, for the engine's entry observers. */
  notifyEntries(serverId: string, entries: readonly CheckedEntry[], via: 'listing'): void;
  /** Every skill of the server, as the window sees it. */
  list(serverId: string): SkillEntry[];
}

/** Lists the server's skills (never reads a file). Streams each page to the renderer. */
export async function discoverSkills(host: DiscoveryHost, rpc: Rpc, capabilities: Record<string, unknown> | undefined, signal?: AbortSignal): Promise<SkillEntry[]> {
  const state = host.server(rpc.serverId);
  const capability = readSkillsCapability(capabilities, rpc.serverId);
  state.capability = capability;
  const serverFindings: Finding[] = [...capability.findings];
  const seen = new Set<string>();
  const settings = host.settings();
  let mode: 'extension' | 'legacy' | 'none' = 'none';
  let complete = true;
  let pages = 0;
  let cache;
  host.listed(rpc.serverId, [], true, false);

  if (capability.declared) {
    const listing = await listAllSkills(rpc, settings, {
      ...(signal ? { signal } : {}),
      limitName: host.limitName,
      onPage: (entries, findings) => {
        const views: SkillEntry[] = [];
        for (const entry of entries) {
          seen.add(entry.uri);
          const own = findings.filter((f) => f.location.skillUri === entry.uri);
          const record = state.upsert(entry, { source: 'listed', findings: own });
          views.push(host.view(state, record));
        }
        // A finding about a skill from an earlier page (it came back on this one) belongs to that skill.
        const onPage = new Set(entries.map((e) => e.uri));
        for (const f of findings) {
          const earlier = f.location.skillUri && !onPage.has(f.location.skillUri) ? state.record(f.location.skillUri) : undefined;
          if (earlier && seen.has(earlier.entry.uri)) {
            earlier.entryFindings = [...earlier.entryFindings, f];
            earlier.counts = undefined;
          }
        }
        append(serverFindings, findings.filter((f) => !f.location.skillUri || !seen.has(f.location.skillUri)));
        if (views.length > 0) host.listed(rpc.serverId, views, false, false);
      },
    });
    complete = listing.complete;
    pages = listing.pages;
    cache = listing.cache;
    append(serverFindings, listing.findings.filter((f) => !f.location.skillUri && !serverFindings.includes(f)));
    if (listing.implemented) {
      mode = 'extension';
    } else {
      serverFindings.push(
        finding('sep-2640-skills-list-implemented', 'The server declares the skills extension but answers skills/list with -32601 (method not found).', { serverId: rpc.serverId, field: 'skills/list' }),
        finding('sep-2640-capability-commits-to-methods', 'Declaring io.modelcontextprotocol/skills commits a server to skills/list and skills/get.', { serverId: rpc.serverId }),
      );
    }
  }

  if (mode === 'none') {
    const legacy = await discoverLegacy(rpc, { maxPages: settings.maxListPages, budget: state.budget, ...(signal ? { signal } : {}) });
    append(serverFindings, legacy.findings.filter((f) => !f.location.skillUri));
    const views: SkillEntry[] = [];
    for (const item of legacy.entries) {
      seen.add(item.entry.uri);
      const own = legacy.findings.filter((f) => f.location.skillUri === item.entry.uri);
      const record = state.upsert(item.entry, { source: 'legacy', legacyForm: item.form, frontmatterDerived: item.frontmatterDerived, findings: own });
      views.push(host.view(state, record));
    }
    if (legacy.entries.length > 0) mode = 'legacy';
    if (views.length > 0) host.listed(rpc.serverId, views, false, false);
  }
  if (mode === 'none' && !capability.declared) {
    serverFindings.push(finding('inspector-no-skills-support', 'This server does not declare the skills extension and serves none of the older skill forms. You can still load a skill by URI.', { serverId: rpc.serverId }));
  }

  // Listed entries replace the old listing; skills found by get or by URI stay.
  for (const [uri, record] of state.records) {
    if (!seen.has(uri) && (record.source === 'listed' || record.source === 'legacy')) state.records.delete(uri);
  }
  state.serverFindings = dedupe(serverFindings);
  state.listing = { complete, pages, ...(cache ? { cache } : {}), listedAt: Date.now(), mode };
  // Listed skills carry the listing's ttlMs/cacheScope, so their provenance can show it.
  if (cache) for (const record of state.records.values()) if (record.source === 'listed' && !record.cache) record.cache = cache;
  state.relink();
  host.notifyEntries(rpc.serverId, [...state.records.values()].map((r) => r.entry), 'listing');
  const all = host.list(rpc.serverId);
  host.listed(rpc.serverId, all, true, true);
  return all;
}
