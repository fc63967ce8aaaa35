// A server's id as the catalog keeps it: one server per id. Every store keyed
// by server id (approvals, snapshots, history, sign-in) relies on it.
import { randomUUID } from 'node:crypto';

/**
 * Gives every server after the first with an already-used id a new one (a
 * hand-edited servers.json can repeat an id; removing one would then remove
 * both, and their approvals would mix). Both servers are kept.
 */
export function withUniqueIds<T extends { readonly id: string; readonly label: string }>(servers: readonly T[]): { servers: T[]; notes: string[] } {
  const seen = new Set<string>();
  const notes: string[] = [];
  const out = servers.map((server) => {
    if (!seen.has(server.id)) {
      seen.add(server.id);
      return server;
    }
    const id = randomUUID();
    seen.add(id);
    notes.push(`${JSON.stringify(server.label)} (id ${JSON.stringify(server.id)}) is now ${JSON.stringify(id)}`);
    return { ...server, id };
  });
  return { servers: out, notes };
}
