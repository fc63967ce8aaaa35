// A lockfile's upstream whose listing is cut short: a later page answered with
// an error, or the server's stream ending mid-listing. The gateway served
// nothing at all (the refresh failed: "which locked skills it still lists is
// unknown"), though the skills the listing reached were listed as they are now
// and every byte it would serve is a locked one. Now those are served (from
// bytes read and verified now, or, when the stream ended before they could be
// read, from the bytes verified at an earlier refresh), and each locked skill
// the listing never reached is withheld with a line saying so. A listing that
// reached no locked skill still fails the refresh (locked-upstream-lost).
// The upstream is the gateway-upstream fixture, an SDK server, as a real process.
import { afterEach, describe, expect, it } from 'vitest';
import { openSession } from '../cli/session.js';
import { skillMd } from '../../test/fixtures/mutable-server/fixture.js';
import { oneFile, UpstreamSpecFile, type UpstreamSpec } from '../../test/fixtures/gateway-upstream/fixture.js';
import { Gateway } from './gateway.js';
import { hostOf } from './host-in-memory.unit.js';
import { lockOf } from './lock-of.unit.js';
import { LockedCatalog } from './locked-catalog.js';

const ALPHA_MD = skillMd('alpha', 'First.');
const BETA_MD = skillMd('beta', 'Second.');
const LOCK = lockOf({ alpha: ALPHA_MD, beta: BETA_MD });
const FILES = { 'skill://alpha/SKILL.md': ALPHA_MD, 'skill://beta/SKILL.md': BETA_MD };
const TWO_PAGES = { pages: [[oneFile('alpha')], [oneFile('beta')]], files: FILES } satisfies UpstreamSpec;

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function start(spec: UpstreamSpec) {
  const upstream = await UpstreamSpecFile.create(spec);
  const said: string[] = [];
  const session = await openSession({ label: 'Team skills', transport: upstream.transport }, {});
  const gateway = new Gateway(new LockedCatalog(session, 'Team skills', LOCK, (line) => said.push(line)), { onWarning: (line) => said.push(line) });
  cleanup.push(async () => {
    gateway.stop();
    await session.close();
  });
  const { host } = await hostOf(gateway, 'host', cleanup);
  return { upstream, gateway, host, said };
}

describe('the gateway in lockfile mode, its upstream listing cut short', { timeout: 60_000 }, () => {
  it('a later page fails: the skills of the pages that came are served, the rest withheld and named', async () => {
    const { gateway, host, said } = await start({ ...TWO_PAGES, failPage: 1 });
    expect(gateway.problem).toBeUndefined();
    const skills = (await host.list()).skills;
    expect(skills.map((s) => s.uri)).toEqual(['skill://team-skills/alpha/SKILL.md']);
    expect((await host.read(skills[0]!)).text).toBe(ALPHA_MD);
    expect(said).toEqual([
      "skill-inspector gateway: Team skills: skill://beta/SKILL.md is not served: the upstream server's listing stopped early (skills/list page 2 failed: page 1 is not available) before it reached it, so whether the server still lists it is unknown.",
    ]);
  });

  it('the stream ends mid-listing: what the listing reached is served from the bytes verified before', async () => {
    const { upstream, gateway, host, said } = await start(TWO_PAGES);
    expect((await host.list()).skills.map((s) => s.uri)).toEqual(['skill://team-skills/alpha/SKILL.md', 'skill://team-skills/beta/SKILL.md']);

    await upstream.write({ ...TWO_PAGES, exitAtPage: 1 });
    await gateway.sync();
    expect(gateway.problem).toBeUndefined();
    const skills = (await host.list()).skills;
    expect(skills.map((s) => s.uri)).toEqual(['skill://team-skills/alpha/SKILL.md']);
    expect((await host.read(skills[0]!)).text).toBe(ALPHA_MD);
    expect(said).toEqual([
      "skill-inspector gateway: Team skills: skill://beta/SKILL.md is not served: the upstream server's listing stopped early (skills/list page 2 failed: Connection closed) before it reached it, so whether the server still lists it is unknown.",
    ]);

    // A full listing again: the server is started again, and the skill it had not reached is back.
    await upstream.write(TWO_PAGES);
    await gateway.sync();
    expect((await host.list()).skills.map((s) => s.uri)).toEqual(['skill://team-skills/alpha/SKILL.md', 'skill://team-skills/beta/SKILL.md']);
    expect(said.slice(1)).toEqual(['skill-inspector gateway: Team skills: skill://beta/SKILL.md matches the lock again and is served.']);
  });

  it('the stream ends mid-listing with nothing verified before: nothing is served, and why is said', async () => {
    const upstream = await UpstreamSpecFile.create({ ...TWO_PAGES, exitAtPage: 1 });
    const said: string[] = [];
    const session = await openSession({ label: 'Team skills', transport: upstream.transport }, {});
    const gateway = new Gateway(new LockedCatalog(session, 'Team skills', LOCK, (line) => said.push(line)));
    cleanup.push(async () => {
      gateway.stop();
      await session.close();
    });
    await expect(gateway.sync()).rejects.toThrow(/^Team skills: the upstream server is not connected \(Connection lost: server process exited: .* exited with code 0 while connected\.\); no locked skill is served until it answers again\.$/);
    expect(gateway.served).toEqual([]);
    expect(said).toEqual([]);
  });
});
