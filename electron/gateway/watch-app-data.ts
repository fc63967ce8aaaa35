// When the gateway over the app's data builds its served set again without a
// host listing first: whenever the app rewrites one of the files the set is
// built from. approvals.json holds the decisions; servers.json holds each
// server's label, which is its skills' namespace, and whether it is there at
// all. Watching approvals.json alone, a server renamed (its skills moved to
// other URIs) or removed with its approvals left behind (a store that failed
// to drop them) went on being served under its old URIs, with no word to
// hosts, until one of them happened to list again.
import { unwatchFile, watchFile } from 'node:fs';
import type { ApprovedCatalog } from './approved-catalog.js';

/**
 * Polled: the app replaces each file whole (by rename), which a stat sees at once. Not chokidar, as the app's
 * folder watches are: watching the two files it told nothing once the data folder was removed and made again,
 * and watching the folder nothing when the folder did not exist at the start (a gateway run before the app);
 * polling sees both (watch-app-data test). Two stats every 250 ms cost about 2 ms of CPU a second.
 */
const INTERVAL_MS = 250;

/** Calls `changed` after any of those files changed; the function returned stops watching. */
export function watchAppData(catalog: ApprovedCatalog, changed: () => void): () => void {
  const files = [catalog.approvalsFile, catalog.serversFile];
  for (const file of files) watchFile(file, { interval: INTERVAL_MS }, changed);
  return () => {
    for (const file of files) unwatchFile(file, changed);
  };
}
