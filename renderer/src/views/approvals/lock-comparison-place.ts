// Where a lockfile's comparison, compared from the command palette, shows.
// The comparison covers every server the lock names, but it is read in one
// place: the Approvals tab of the server the lock is about (the one chosen in
// the sidebar when the lock names it too, else the first it names that is in
// the list), else of the server chosen in the sidebar. With neither — no
// server in the list, or All skills chosen and a lock about servers not in
// the list — it shows in a window of its own: any other server's tab would
// be a place the user never asked for, and with no server there is none.
import type { LockImportResult } from '../../../../shared/api-approvals.js';
import type { Loaded } from '../../state/approvals.js';

export type LockComparisonPlace = { readonly kind: 'server'; readonly serverId: string } | { readonly kind: 'window' };

/** `serverIds`: the servers in the list, in its order; `selectedServerId`: the sidebar's chosen row (All skills, a folder or a server). */
export function lockComparisonPlace(comparison: Loaded<LockImportResult> | undefined, serverIds: readonly string[], selectedServerId: string): LockComparisonPlace {
  const listed = new Set(serverIds);
  const named = comparison?.state === 'loaded' ? comparison.value.skills.map((s) => s.serverId).filter((id): id is string => id !== undefined && listed.has(id)) : [];
  const chosen = listed.has(selectedServerId) ? selectedServerId : undefined;
  const serverId = chosen !== undefined && named.includes(chosen) ? chosen : (named[0] ?? chosen);
  return serverId === undefined ? { kind: 'window' } : { kind: 'server', serverId };
}
