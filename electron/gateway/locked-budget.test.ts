// A lockfile's upstream server read again at every refresh: each refresh reads
// every locked file, and those bytes were counted against the session's one
// server byte budget (--server-byte-budget, "bytes read from the server in
// all"), which never filled up again. A gateway a host keeps listing (every
// ttlMs) ran that budget out after enough refreshes, and from then on withheld
// every locked skill as not verifying, though nothing upstream had changed.
// Each refresh is a round of its own: the budget bounds one refresh's reads.
import { afterEach, describe, expect, it } from 'vitest';
import { openSession } from '../cli/session.js';
import { SkillFolder, skillMd } from '../../test/fixtures/mutable-server/fixture.js';
import { Gateway } from './gateway.js';
import { hostOf } from './host-in-memory.unit.js';
import { lockOf } from './lock-of.unit.js';
import { LockedCatalog } from './locked-catalog.js';

const NOTES_MD = skillMd('notes', 'Take notes.', [], `# notes\n\n${'Write down what was said. '.repeat(20)}\n`);
const LOCK = lockOf({ notes: NOTES_MD });

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe('the gateway in lockfile mode, listed again and again', { timeout: 60_000 }, () => {
  it('serves the unchanged locked skill at every listing, past the server byte budget in all', async () => {
    const folder = await SkillFolder.create();
    await folder.write('notes/SKILL.md', NOTES_MD);
    const started = folder.stdio();
    if (started.kind !== 'stdio') throw new Error('stdio expected');
    // A budget that holds the locked skill 3 times over: one refresh fits, ten do not.
    const budget = 3 * Buffer.byteLength(NOTES_MD);
    const session = await openSession({ label: 'Team skills', transport: { kind: 'stdio', command: started.command, args: started.args ?? [], env: {} } }, { serverByteBudget: budget });
    const warnings: string[] = [];
    // No interval: every listing refreshes, as ten listings a second apart would.
    const gateway = new Gateway(new LockedCatalog(session, 'Team skills', LOCK, (line) => warnings.push(line)));
    cleanup.push(async () => {
      gateway.stop();
      await session.close();
    });
    const { host } = await hostOf(gateway, 'polling-host', cleanup);

    const listed: string[][] = [];
    for (let i = 0; i < 10; i++) listed.push((await host.list()).skills.map((s) => s.uri));
    expect(listed).toEqual(Array.from({ length: 10 }, () => ['skill://team-skills/notes/SKILL.md']));
    expect(warnings).toEqual([]);
  });
});
