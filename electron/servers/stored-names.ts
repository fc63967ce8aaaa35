// Env and header names a hand-edited servers.json may hold that the contract
// refuses ("__proto__", shared/prototype-names.ts): left out on load and said
// in the "Repaired servers.json" alert. The contract's schema would refuse the
// whole file for one of them, and z.record used to strip it without a word.
import { refusedEnvName, refusedHeaderName } from '../../shared/prototype-names.js';

/** `value` (servers.json as read) without the refused names, each said in `notes` with its server. */
export function withoutRefusedNames(value: unknown, notes: string[]): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(value) || !Array.isArray(value['servers'])) return value;
  const servers = value['servers'].map((server: unknown) => {
    if (!isObject(server) || !isObject(server['transport'])) return server;
    let transport = server['transport'];
    for (const [field, what, refusal] of [['env', 'environment variable', refusedEnvName], ['headers', 'header', refusedHeaderName]] as const) {
      const map = transport[field];
      if (!isObject(map)) continue;
      const refused = Object.keys(map).filter((name) => refusal(name) !== undefined);
      if (refused.length === 0) continue;
      for (const name of refused) notes.push(`${JSON.stringify(server['label'] ?? server['id'])}: the ${what} "${name}" was left out (${refusal(name)})`);
      transport = { ...transport, [field]: Object.fromEntries(Object.entries(map).filter(([name]) => !refused.includes(name))) };
    }
    return transport === server['transport'] ? server : { ...server, transport };
  });
  return { ...value, servers };
}
