// A lockfile's upstream server that goes on listing but stops answering file
// reads (a wedged backend, a slow drip: each answer just inside the request
// timeout). Every refresh reads every locked file, so a refresh against it
// takes a request timeout per file. A host's skills/list waited for that
// refresh and timed out itself: the gateway served the host nothing, though it
// held verified bytes of every locked skill. A listing is answered from the
// set held; the refresh it starts goes on, and hosts hear list_changed if the
// set changed. The upstream is the mutable-server fixture as a real process.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSession } from '../cli/session.js';
import { SkillFolder, skillMd, tempDir } from '../../test/fixtures/mutable-server/fixture.js';
import { Gateway } from './gateway.js';
import { hostOf } from './host-in-memory.unit.js';
import { lockOf } from './lock-of.unit.js';
import { LockedCatalog } from './locked-catalog.js';

const NOTES_MD = skillMd('notes', 'Take notes.');
const LOCK = lockOf({ notes: NOTES_MD });
/** What the host allows one request: far less than the gateway's upstream request timeout. */
const HOST_TIMEOUT_MS = 5_000;

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe('the gateway in lockfile mode, its upstream no longer answering reads', { timeout: 60_000 }, () => {
  it('answers a host listing from the skills it holds while the refresh waits on the upstream', async () => {
    const folder = await SkillFolder.create();
    await folder.write('notes/SKILL.md', NOTES_MD);
    const stall = path.join(await tempDir('stall'), 'stall');
    const started = folder.stdio({ stallReads: stall });
    if (started.kind !== 'stdio') throw new Error('stdio expected');
    // The command's default request timeout is 30 s; longer here, so the refresh is still waiting when the test ends.
    const session = await openSession({ label: 'Team skills', transport: { kind: 'stdio', command: started.command, args: started.args ?? [], env: {} } }, { requestTimeoutMs: 120_000 });
    // As `gateway --lock` paces it, with no interval to wait out.
    const gateway = new Gateway(new LockedCatalog(session, 'Team skills', LOCK, () => undefined), { minRefreshIntervalMs: 0 });
    cleanup.push(async () => {
      gateway.stop();
      await fs.rm(stall, { force: true });
      await session.close();
    });
    const { host } = await hostOf(gateway, 'waiting-host', cleanup);
    const notes = (await host.list({}, { timeout: HOST_TIMEOUT_MS })).skills;
    expect(notes.map((s) => s.uri)).toEqual(['skill://team-skills/notes/SKILL.md']);

    await fs.writeFile(stall, '');
    // The first starts a refresh that hangs on the read; the second comes while it hangs.
    for (let i = 0; i < 2; i++) {
      const listed = await host.list({}, { timeout: HOST_TIMEOUT_MS });
      expect(listed.skills).toEqual(notes);
    }
    const read = await host.read(notes[0]!, undefined, { timeout: HOST_TIMEOUT_MS });
    expect(read.text).toBe(NOTES_MD);
  });
});
