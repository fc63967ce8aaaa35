// A refresh that fails leaves the gateway serving nothing: the set from before
// may hold a skill revoked since, which the catalog can no longer confirm. Hosts
// are told why (skills/list, skills/get and resources/read all fail with the
// catalog's error), and the set is back once a refresh succeeds.
import { afterEach, describe, expect, it } from 'vitest';
import { sha256Digest } from '../snapshots/snapshot-store.js';
import { Gateway, type GatewayCatalog } from './gateway.js';
import { hostOf } from './host-in-memory.unit.js';
import type { Client } from '@modelcontextprotocol/client';
import { buildServedSkill, type ServedSkill } from './served-skill.js';

const SKILL_MD = Buffer.from('---\nname: notes\ndescription: Takes notes\n---\nWrite it down.\n', 'utf8');
const URI = 'skill://notes-server/upstream/notes/SKILL.md';

const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

describe('the gateway when its catalog cannot be refreshed', () => {
  it('serves nothing while the refresh fails, says why to hosts, and serves again once it succeeds', async () => {
    const built = buildServedSkill({
      serverId: 'srv',
      label: 'Notes server',
      namespace: 'notes-server',
      upstreamUri: 'skill://upstream/notes/SKILL.md',
      resources: [{ uri: 'skill://upstream/notes/SKILL.md', digest: sha256Digest(SKILL_MD), size: SKILL_MD.byteLength }],
      skillMd: SKILL_MD,
      allowedToolsGranted: false,
    });
    if (!built.ok) throw new Error(built.reason);
    const set = [built.skill];
    let broken: string | undefined;
    const catalog: GatewayCatalog = {
      refresh: async (): Promise<readonly ServedSkill[]> => {
        if (broken) throw new Error(broken);
        return set;
      },
      readApproved: async () => SKILL_MD,
      keptBytes: () => SKILL_MD,
    };
    const gateway = new Gateway(catalog);
    const { client, host } = await hostOf(gateway, 'gateway-refresh-test');
    open.push(client);
    const read = () => client.request({ method: 'resources/read', params: { uri: URI } });
    expect((await read()).contents).toHaveLength(1);

    broken = '/data/approvals.json is not a file the app wrote: it is not valid JSON.';
    await expect(gateway.sync()).rejects.toThrow(broken);
    expect(gateway.served).toEqual([]);
    expect(gateway.problem).toBe(broken);
    await expect(read()).rejects.toThrow(broken);
    const skills = host;
    await expect(skills.get(URI)).rejects.toThrow(broken);
    await expect(skills.list()).rejects.toThrow(broken);

    broken = undefined;
    await gateway.sync();
    expect(gateway.problem).toBeUndefined();
    expect(gateway.served.map((s) => s.entry.uri)).toEqual([URI]);
    expect((await read()).contents).toHaveLength(1);
  });
});
