// A SKILL.md, listed as served, whose frontmatter has 100,000 fields the YAML
// library reads (`k0: 1`, …: 1 MB, within the per-file limit), from a real
// stdio server (the official SDK's server side). The library's duplicate-key
// check compares each key with every key before it in its map, so parsing it
// took minutes of the main process (the window and every other server
// waited); duplicates are now found in one pass (unique-keys.ts), and
// frontmatter past 64 KiB is not read at all (frontmatter.ts): one finding
// says so, and the file is not verified. The test's time limit is what fails
// when such a file is read field by field again.
import { afterEach, describe, expect, it } from 'vitest';
import { openSession, type CliSession } from '../cli/session.js';
import { fixture, NODE } from '../../test/fixtures/servers/harness.js';
// @ts-expect-error: a fixture script (JavaScript, no declarations); its texts are what it serves.
import { SKILL_URI } from '../../test/fixtures/servers/many-fields-server.mjs';

const FIELDS = 100_000;
const sessions: CliSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

describe('a SKILL.md with 100,000 frontmatter fields the YAML library reads', { timeout: 60_000 }, () => {
  it('Verify ends: the file matches its digest, but its frontmatter is past what the inspector reads, so it is not verified', async () => {
    const session = await openSession({ label: 'Many fields', transport: { kind: 'stdio', command: NODE, args: [fixture('many-fields-server.mjs'), '--listed', String(FIELDS)], env: {} } });
    sessions.push(session);
    const { engine, rpc, serverId } = session;
    await engine.refresh(rpc, session.connection.snapshot.capabilities);
    const skill = SKILL_URI as string;

    const verified = await engine.verifySkill(rpc, skill);
    expect(verified.status).toBe('mismatch');
    expect(verified.files[skill]).toMatchObject({ state: 'failed', reason: 'frontmatter' });
    const findings = engine.findings(serverId, skill);
    expect(findings.filter((f) => f.id === 'inspector-frontmatter-too-large')).toMatchObject([{ severity: 'error', location: { fileUri: skill, line: 2 }, expected: 'at most 65536 characters' }]);
    expect(findings.filter((f) => f.id === 'sep-2640-host-frontmatter-comparison' || f.id.startsWith('sep-2640-host-digest') || f.id.startsWith('sep-2640-host-size'))).toEqual([]);
  });
});
