// A lockfile's upstream server that goes away while the gateway serves it: an
// HTTP server stopped (its listing's first page fails: fetch failed), a stdio
// server killed. The refresh listed it anyway: the failed page left a listing
// that "stopped early", the dead stdio connection declared no skills, and every
// locked skill was withheld as "the server no longer lists it" — untrue — while
// hosts were sent an empty set with no word of why. Now a stdio server is
// started again and served from once it matches; one that cannot be reached,
// or a listing that stopped early, fails the refresh, which serves nothing and
// tells hosts why. The upstream is the mutable-server fixture as a real process.
import { afterEach, describe, expect, it } from 'vitest';
import { openSession, type CliSession } from '../cli/session.js';
import type { TransportConfig } from '../../shared/model.js';
import { SkillFolder, skillMd } from '../../test/fixtures/mutable-server/fixture.js';
import { Gateway } from './gateway.js';
import { hostOf } from './host-in-memory.unit.js';
import type { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { lockOf } from './lock-of.unit.js';
import { LockedCatalog } from './locked-catalog.js';

const NOTES_MD = skillMd('notes', 'Take notes.');
const NOTES = 'skill://team-skills/notes/SKILL.md';
const LOCK = lockOf({ notes: NOTES_MD });

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function start(transport: TransportConfig): Promise<{ session: CliSession; gateway: Gateway; host: SkillsClient; said: string[] }> {
  const said: string[] = [];
  const session = await openSession({ label: 'Team skills', transport }, {});
  const gateway = new Gateway(new LockedCatalog(session, 'Team skills', LOCK, (line) => said.push(line)), { minRefreshIntervalMs: 0, onWarning: (line) => said.push(line) });
  cleanup.push(async () => {
    gateway.stop();
    await session.close();
  });
  const { host } = await hostOf(gateway, 'host', cleanup);
  return { session, gateway, host: host, said };
}

/** Lists until the gateway's refreshes have settled on `expected` (a listing answers from the set held, and starts a refresh). */
async function settles(gateway: Gateway, host: SkillsClient, expected: (g: Gateway) => boolean): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await host.list().catch(() => undefined);
    if (expected(gateway)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the gateway in lockfile mode, its upstream gone', { timeout: 60_000 }, () => {
  it('an HTTP upstream stopped: the refresh fails and hosts are told why, not that the server no longer lists the skill', async () => {
    const folder = await SkillFolder.create();
    await folder.write('notes/SKILL.md', NOTES_MD);
    const http = await folder.serveHttp();
    cleanup.push(() => http.stop());
    const { gateway, host, said } = await start({ kind: 'http', url: http.url, headers: {} });
    expect((await host.list()).skills.map((s) => s.uri)).toEqual([NOTES]);

    await http.stop();
    await settles(gateway, host, (g) => g.problem !== undefined);
    const why = "Team skills: the upstream server's listing stopped early (skills/list page 1 failed: fetch failed), so which locked skills it still lists is unknown; none is served until a listing completes.";
    expect(gateway.problem).toBe(why);
    expect(gateway.served).toEqual([]);
    await expect(host.list()).rejects.toThrow(why);
    expect(said.filter((line) => line.includes('no longer lists'))).toEqual([]);
  });

  it('a stdio upstream killed: the next refresh starts it again and serves the locked skill from it', async () => {
    const folder = await SkillFolder.create();
    await folder.write('notes/SKILL.md', NOTES_MD);
    const started = folder.stdio();
    if (started.kind !== 'stdio') throw new Error('stdio expected');
    const { session, gateway, host, said } = await start({ kind: 'stdio', command: started.command, args: started.args ?? [], env: {} });
    const first = session.connection.snapshot.pid;
    expect(first).toBeTypeOf('number');

    process.kill(first!);
    await settles(gateway, host, (g) => session.connection.snapshot.pid !== first && g.served.length === 1 && !said.some((line) => line.includes('no longer lists')));
    expect(session.connection.snapshot.pid).not.toBe(first);
    expect((await host.list()).skills.map((s) => s.uri)).toEqual([NOTES]);
    expect(said.filter((line) => line.includes('no longer lists'))).toEqual([]);
  });
});
