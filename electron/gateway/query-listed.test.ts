// An upstream whose listing names a file with a query or a fragment
// (skill://alpha/SKILL.md?v=2 among alpha's files, serving other bytes there):
// such a URI names another resource than a file of the skill, and the gateway
// keys files by their canonical form, which drops both. Nothing but pinned
// bytes left the gateway (the skill was held back), but the reason said was
// wrong: in lockfile mode "skill://alpha/SKILL.md changed: … the server lists
// <the ?v=2 file's digest>" when SKILL.md had not changed, or "did not verify
// when read (unverifiable)"; with the app's data "has no scheme://authority
// form to serve it under", which it has. Now each says the URI has a query (or
// a fragment) and names no file of the skill. The lockfile's upstream is the
// gateway-upstream spec served raw (raw-server.mjs): the SDK's server drops
// such an entry before it is sent.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LockedFile } from '../cli/lockfile.js';
import { openSession } from '../cli/session.js';
import { skillMd } from '../../test/fixtures/mutable-server/fixture.js';
import { UpstreamSpecFile, type UpstreamSpec } from '../../test/fixtures/gateway-upstream/fixture.js';
import { SnapshotStore, sha256Digest } from '../snapshots/snapshot-store.js';
import { APPROVALS_FILE, ApprovedCatalog } from './approved-catalog.js';
import { Gateway } from './gateway.js';
import { hostOf } from './host-in-memory.unit.js';
import { digestOf, lockOf } from './lock-of.unit.js';
import { LockedCatalog } from './locked-catalog.js';

const ALPHA_MD = skillMd('alpha', 'First.');
const OTHER_MD = skillMd('alpha', 'First.', ['allowed-tools: Bash(rm:*)']);
const SKILL = 'skill://alpha/SKILL.md';
const SERVED = 'skill://team-skills/alpha/SKILL.md';
const LABEL = 'Team skills';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const listing = (files: readonly string[]): UpstreamSpec => ({ pages: [[{ uri: SKILL, files }]], files: { [SKILL]: ALPHA_MD, [`${SKILL}?v=2`]: OTHER_MD, [`${SKILL}#top`]: OTHER_MD } });

describe('a lockfile’s upstream listing a file with a query or a fragment', { timeout: 60_000 }, () => {
  it('holds the skill back, saying the URI names no file of the skill; serves it once the listing is the locked one', async () => {
    const upstream = await UpstreamSpecFile.create(listing([SKILL, `${SKILL}?v=2`]));
    const said: string[] = [];
    const session = await openSession({ label: LABEL, transport: upstream.rawTransport }, {});
    const gateway = new Gateway(new LockedCatalog(session, LABEL, lockOf({ alpha: ALPHA_MD }), (line) => said.push(line)));
    cleanup.push(async () => {
      gateway.stop();
      await session.close();
    });
    const { client, host } = await hostOf(gateway, 'host', cleanup);
    const query = `the server lists ${SKILL}?v=2 among its files, which has a query ("?v=2"): it names another resource than a file of the skill, and the lock pins no such file.`;
    const fragment = `the server lists ${SKILL}#top among its files, which has a fragment ("#top"): it names another resource than a file of the skill, and the lock pins no such file.`;

    // After SKILL.md, before it, in place of it, as a fragment: held back, with the reason, and nothing of it is read.
    for (const [files, why] of [
      [[SKILL, `${SKILL}?v=2`], query],
      [[`${SKILL}?v=2`, SKILL], query],
      [[`${SKILL}?v=2`], query],
      [[SKILL, `${SKILL}#top`], fragment],
    ] as const) {
      await upstream.write(listing(files));
      await gateway.sync();
      expect(gateway.served, files.join(' ')).toEqual([]);
      expect(gateway.withheld, files.join(' ')).toEqual([{ label: LABEL, uri: SKILL, why }]);
      expect((await host.list()).skills).toEqual([]);
      for (const uri of [SERVED, `${SERVED}?v=2`]) await expect(client.readResource({ uri }), uri).rejects.toThrow(`Resource not found: ${uri}`);
    }
    // Said when the reason changes, not at every refresh.
    expect(said).toEqual([query, fragment].map((why) => `skill-inspector gateway: ${LABEL}: ${SKILL} is not served: ${why}`));

    // The listing the lock was made from: served, the locked bytes only.
    await upstream.write(listing([SKILL]));
    await gateway.sync();
    const [alpha] = (await host.list()).skills;
    expect(alpha?.uri).toBe(SERVED);
    expect((await host.read(alpha!)).text).toBe(ALPHA_MD);
    await expect(client.readResource({ uri: `${SERVED}?v=2` })).rejects.toThrow(`Resource not found: ${SERVED}?v=2`);
    expect(said.slice(2)).toEqual([`skill-inspector gateway: ${LABEL}: ${SKILL} matches the lock again and is served.`]);
  });
});

describe('a lockfile that pins a file with a query (written by hand: lock refuses such an entry)', { timeout: 60_000 }, () => {
  it('holds the skill back with the same reason, not as SKILL.md having changed', async () => {
    const upstream = await UpstreamSpecFile.create(listing([SKILL, `${SKILL}?v=2`]));
    const session = await openSession({ label: LABEL, transport: upstream.rawTransport }, {});
    const pinned = { uri: `${SKILL}?v=2`, digest: digestOf(OTHER_MD), size: Buffer.byteLength(OTHER_MD) };
    const lock = lockOf({ alpha: ALPHA_MD });
    const alpha = lock.skills[SKILL]!;
    const gateway = new Gateway(new LockedCatalog(session, LABEL, { skills: { [SKILL]: { ...alpha, resources: [...(alpha.resources as readonly LockedFile[]), pinned] } } }, () => undefined));
    cleanup.push(async () => {
      gateway.stop();
      await session.close();
    });
    await gateway.sync();
    expect(gateway.served).toEqual([]);
    expect(gateway.withheld).toEqual([
      { label: LABEL, uri: SKILL, why: `the server lists ${SKILL}?v=2 among its files, which has a query ("?v=2"): it names another resource than a file of the skill, so it cannot be served as one, though the lock pins it.` },
    ]);
  });
});

describe('an approval naming a file with a query or a fragment (approvals.json written by hand, or by an older app)', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
  });

  async function approved(skillUri: string, files: readonly (readonly [string, string])[]): Promise<Gateway> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-query-listed-'));
    dirs.push(dir);
    await fs.writeFile(path.join(dir, 'servers.json'), JSON.stringify({ version: 1, servers: [{ id: 'srv', label: LABEL }] }));
    const store = new SnapshotStore(path.join(dir, 'snapshots'));
    for (const [, text] of files) await store.put('srv', Buffer.from(text));
    const resources = files.map(([uri, text]) => ({ uri, digest: sha256Digest(Buffer.from(text)), size: Buffer.byteLength(text) }));
    const record = { serverId: 'srv', skillUri, skillName: 'alpha', decision: 'approved', resources, frontmatter: {}, fingerprint: 'f', decidedAt: '2026-01-01T00:00:00.000Z', enabled: true, allowedTools: null };
    await fs.writeFile(path.join(dir, APPROVALS_FILE), JSON.stringify({ version: 1, approvals: [record] }));
    const gateway = new Gateway(new ApprovedCatalog(dir));
    await gateway.sync();
    return gateway;
  }

  it.each([
    ['after SKILL.md', SKILL, [[SKILL, ALPHA_MD], [`${SKILL}?v=2`, OTHER_MD]], `its file ${SKILL}?v=2 has a query ("?v=2"): it names another resource than a file of the skill, and only files are served.`],
    ['before SKILL.md', SKILL, [[`${SKILL}?v=2`, OTHER_MD], [SKILL, ALPHA_MD]], `its file ${SKILL}?v=2 has a query ("?v=2"): it names another resource than a file of the skill, and only files are served.`],
    ['as a fragment', SKILL, [[SKILL, ALPHA_MD], [`${SKILL}#top`, OTHER_MD]], `its file ${SKILL}#top has a fragment ("#top"): it names another resource than a file of the skill, and only files are served.`],
    ['as the skill’s own URI', `${SKILL}?v=2`, [[`${SKILL}?v=2`, ALPHA_MD]], `${SKILL}?v=2 has a query ("?v=2"): it names another resource than a skill's SKILL.md, and only skills are served.`],
  ] as const)('%s: held back, saying the URI names no file of the skill', async (_, skillUri, files, why) => {
    const gateway = await approved(skillUri, files);
    expect(gateway.served).toEqual([]);
    expect(gateway.withheld).toEqual([{ label: LABEL, uri: skillUri, why }]);
  });

  it('the same skill without it is served', async () => {
    const gateway = await approved(SKILL, [[SKILL, ALPHA_MD]]);
    expect(gateway.served.map((s) => s.entry.uri)).toEqual([SERVED]);
    expect(gateway.withheld).toEqual([]);
  });
});
