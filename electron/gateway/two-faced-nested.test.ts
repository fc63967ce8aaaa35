// A lockfile's upstream that lists one file two ways: the parent skill lists
// its nested skill's SKILL.md with one digest, the nested skill's own entry
// with another, and it serves each read the version the skill being read
// lists (the fixture alternates). Both skills verify and match their lock, and
// the gateway keeps the parent (the two disagree about one URI: the nested
// skill is held back). Their verified bytes were kept by URI alone, the later
// skill's over the earlier's, so the parent was listed to hosts with a file
// whose read then failed (its bytes "no longer hash"). Bytes are now kept by
// URI and digest: the parent's file is served as its lock pins it.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openSession } from '../cli/session.js';
import type { LockedServer } from '../cli/lockfile.js';
import { fixture, NODE } from '../../test/fixtures/servers/harness.js';
// @ts-expect-error: a fixture script (JavaScript, no declarations); its texts are what it serves.
import { FORMS_A, FORMS_B, PARENT } from '../../test/fixtures/servers/two-faced-nested-server.mjs';
import { Gateway } from './gateway.js';
import { hostOf } from './host-in-memory.unit.js';
import { LockedCatalog } from './locked-catalog.js';

const ref = (uri: string, text: string) => ({ uri, digest: `sha256:${createHash('sha256').update(text).digest('hex')}`, size: Buffer.byteLength(text) });
const LOCK: LockedServer = {
  skills: {
    'skill://pdf-tools/SKILL.md': { name: 'pdf-tools', resources: [ref('skill://pdf-tools/SKILL.md', PARENT as string), ref('skill://pdf-tools/forms/SKILL.md', FORMS_A as string)] },
    'skill://pdf-tools/forms/SKILL.md': { name: 'forms', resources: [ref('skill://pdf-tools/forms/SKILL.md', FORMS_B as string)] },
  },
};

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe('the gateway in lockfile mode, one file listed two ways', { timeout: 60_000 }, () => {
  it('serves the parent, kept, with the bytes its lock pins for the file', async () => {
    // One skill read at a time, in the lock's order: the parent's read of the file gets version A, the nested skill's B.
    const session = await openSession({ label: 'Team skills', transport: { kind: 'stdio', command: NODE, args: [fixture('two-faced-nested-server.mjs')], env: {} } }, { readConcurrency: 1 });
    const said: string[] = [];
    const gateway = new Gateway(new LockedCatalog(session, 'Team skills', LOCK, (line) => said.push(line)), { onWarning: (line) => said.push(line) });
    cleanup.push(async () => {
      gateway.stop();
      await session.close();
    });
    const { host } = await hostOf(gateway, 'host', cleanup);

    const listed = (await host.list()).skills;
    expect(listed.map((s) => s.uri)).toEqual(['skill://team-skills/pdf-tools/SKILL.md']);
    const forms = await host.read(listed[0]!, 'forms/SKILL.md');
    expect(forms.verified).toBe(true);
    expect(Buffer.from(forms.bytes).toString('utf8')).toBe(FORMS_A);
    expect(said).toEqual([
      'Team skills: skill://pdf-tools/forms/SKILL.md is not served: its file skill://pdf-tools/forms/SKILL.md is also a file of skill://pdf-tools/SKILL.md (Team skills), which is served with other bytes of it.',
    ]);
  });
});
