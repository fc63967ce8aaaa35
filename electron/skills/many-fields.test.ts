// A SKILL.md whose frontmatter has 150,000 one-line fields (1.7 MB, well
// within the per-file limit), served by a real stdio server (the official
// SDK's server side) after the listed bytes were read and verified once.
// Each field was a finding; the findings were appended by spreading them into
// push(), which throws past about 120,000 arguments, so Verify failed with
// "Maximum call stack size exceeded" and the skill kept its earlier
// "verified" for bytes the server no longer serves. Frontmatter that long is
// no longer read (64 KiB at most); 150,000 fields in the listing's
// frontmatter, absent from the file, are still one finding each.
//
// And a SKILL.md, listed as served, whose frontmatter has 100,000 fields the
// YAML library reads (`k0: 1`, …: 1 MB). The library's duplicate-key check
// compares each key with every key before it in its map, so parsing it took
// minutes of the main process (the window and every other server waited);
// duplicates are now found in one pass (unique-keys.ts), and frontmatter past
// 64 KiB is not read at all (frontmatter.ts): one finding says so, and the
// file is not verified. The test's time limit is what fails when such a file
// is read field by field again.
import { afterEach, describe, expect, it } from 'vitest';
import { openSession, type CliSession } from '../cli/session.js';
import { fixture, NODE } from '../../test/fixtures/servers/harness.js';
// @ts-expect-error: a fixture script (JavaScript, no declarations); its texts are what it serves.
import { FIELDS, MANY_FIELDS, SKILL_MD, SKILL_URI } from '../../test/fixtures/servers/many-fields-server.mjs';

/** Fields the YAML library reads (`k0: 1`, …), listed as served. */
const READ_FIELDS = 100_000;
const sessions: CliSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

/** The fixture server started with `args`, connected and listed. */
async function listed(args: string[]) {
  const session = await openSession({ label: 'Many fields', transport: { kind: 'stdio', command: NODE, args: [fixture('many-fields-server.mjs'), ...args], env: {} } });
  sessions.push(session);
  await session.engine.refresh(session.rpc, session.connection.snapshot.capabilities);
  return { engine: session.engine, rpc: session.rpc, serverId: session.serverId, skill: SKILL_URI as string };
}

describe('a SKILL.md with 150,000 frontmatter fields', { timeout: 120_000 }, () => {
  it('Verify says the file failed, and the skill no longer shows the earlier verified', async () => {
    const { engine, rpc, serverId, skill } = await listed([]);

    expect((await engine.verifySkill(rpc, skill)).status).toBe('verified');

    const again = await engine.verifySkill(rpc, skill);
    expect(again.status).toBe('mismatch');
    expect(again.files[skill]).toMatchObject({ state: 'failed', reason: 'size', expected: `${Buffer.byteLength(SKILL_MD as string)}`, actual: `${Buffer.byteLength(MANY_FIELDS as string)}` });
    const findings = engine.findings(serverId, skill);
    expect(findings.filter((f) => f.id === 'sep-2640-host-size-mismatch-failure')).toHaveLength(1);
    // 1.7 MB of frontmatter is past what the inspector reads (64 KiB): said once, not field by field.
    expect(findings.filter((f) => f.id === 'inspector-frontmatter-too-large')).toMatchObject([{ severity: 'error', location: { fileUri: skill, line: 2 } }]);
    expect(findings.filter((f) => f.id === 'sep-2640-host-frontmatter-comparison')).toEqual([]);
    expect(engine.list(serverId).map((s) => s.status)).toEqual(['mismatch']);
  });

  it('listed (the served file has none of them): Verify says each, one finding per field', async () => {
    const { engine, rpc, serverId, skill } = await listed(['--in-listing', String(FIELDS)]);

    const verified = await engine.verifySkill(rpc, skill);
    expect(verified.status).toBe('mismatch');
    expect(verified.files[skill]).toMatchObject({ state: 'failed', reason: 'frontmatter' });
    const compared = engine.findings(serverId, skill).filter((f) => f.id === 'sep-2640-host-frontmatter-comparison');
    expect(compared).toHaveLength(FIELDS as number);
    expect(compared.find((f) => f.location.field === 'k149999')).toMatchObject({ expected: '"v"', actual: '(absent)' });
  });
});

describe('a SKILL.md with 100,000 frontmatter fields the YAML library reads', { timeout: 60_000 }, () => {
  it('Verify ends: the file matches its digest, but its frontmatter is past what the inspector reads, so it is not verified', async () => {
    const { engine, rpc, serverId, skill } = await listed(['--listed', String(READ_FIELDS)]);

    const verified = await engine.verifySkill(rpc, skill);
    expect(verified.status).toBe('mismatch');
    expect(verified.files[skill]).toMatchObject({ state: 'failed', reason: 'frontmatter' });
    const findings = engine.findings(serverId, skill);
    expect(findings.filter((f) => f.id === 'inspector-frontmatter-too-large')).toMatchObject([{ severity: 'error', location: { fileUri: skill, line: 2 }, expected: 'at most 65536 characters' }]);
    expect(findings.filter((f) => f.id === 'sep-2640-host-frontmatter-comparison' || f.id.startsWith('sep-2640-host-digest') || f.id.startsWith('sep-2640-host-size'))).toEqual([]);
  });
});
