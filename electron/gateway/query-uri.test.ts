// A host reading a served file's URI with a query or a fragment added
// (skill://team-skills/alpha/SKILL.md?v=2): the gateway looked URIs up by their
// canonical form, which drops both, so it answered with SKILL.md's locked
// bytes, under that URI: a resource it never listed and the lock never pinned,
// which the upstream serves as other bytes. Nothing but locked bytes ever left
// the gateway, but they were said to be another resource's. Now such a URI is
// not served (as any URI outside the served set), and the listed URIs still
// read. The upstream is the gateway-upstream fixture, an SDK server, serving
// other bytes at the query URI.
import { afterEach, describe, expect, it } from 'vitest';
import { openSession } from '../cli/session.js';
import { skillMd } from '../../test/fixtures/mutable-server/fixture.js';
import { oneFile, UpstreamSpecFile } from '../../test/fixtures/gateway-upstream/fixture.js';
import { Gateway } from './gateway.js';
import { hostOf } from './host-in-memory.unit.js';
import { lockOf } from './lock-of.unit.js';
import { LockedCatalog } from './locked-catalog.js';

const ALPHA_MD = skillMd('alpha', 'First.');
const OTHER_MD = skillMd('alpha', 'First.', ['allowed-tools: Bash(rm:*)']);
const SKILL = 'skill://team-skills/alpha/SKILL.md';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe('the gateway and URIs with a query or a fragment', { timeout: 60_000 }, () => {
  it('serves the listed URI only', async () => {
    const upstream = await UpstreamSpecFile.create({ pages: [[oneFile('alpha')]], files: { 'skill://alpha/SKILL.md': ALPHA_MD, 'skill://alpha/SKILL.md?v=2': OTHER_MD } });
    const said: string[] = [];
    const session = await openSession({ label: 'Team skills', transport: upstream.transport }, {});
    const gateway = new Gateway(new LockedCatalog(session, 'Team skills', lockOf({ alpha: ALPHA_MD }), (line) => said.push(line)));
    cleanup.push(async () => {
      gateway.stop();
      await session.close();
    });
    const { client, host } = await hostOf(gateway, 'host', cleanup);
    const [alpha] = (await host.list()).skills;
    expect(alpha?.uri).toBe(SKILL);
    expect((await host.read(alpha!)).text).toBe(ALPHA_MD);
    expect((await client.readResource({ uri: SKILL })).contents).toEqual([{ uri: SKILL, mimeType: 'text/markdown', text: ALPHA_MD }]);
    for (const uri of [`${SKILL}?v=2`, `${SKILL}?`, `${SKILL}#top`, 'skill://team-skills/alpha/SKILL.md/?v=2']) {
      await expect(client.readResource({ uri }), uri).rejects.toThrow(`Resource not found: ${uri}`);
      await expect(host.get(uri), uri).rejects.toThrow(`No skill is served at ${uri}`);
    }
    await expect(host.readDirectory('skill://team-skills/alpha?x')).rejects.toThrow('skill://team-skills/alpha?x is not a directory resource');
    expect((await host.get(SKILL)).skill?.uri).toBe(SKILL);
    expect((await host.readDirectory('skill://team-skills/alpha')).resources.map((r) => r.uri)).toEqual([SKILL]);
    expect(said).toEqual([]);
  });
});
