// A SKILL.md whose frontmatter has 150,000 one-line fields (1.7 MB, well
// within the per-file limit), served by a real stdio server (the official
// SDK's server side) after the listed bytes were read and verified once.
// Each field is a finding; the findings were appended by spreading them into
// push(), which throws past about 120,000 arguments, so Verify failed with
// "Maximum call stack size exceeded" and the skill kept its earlier
// "verified" for bytes the server no longer serves.
import { afterEach, describe, expect, it } from 'vitest';
import { openSession, type CliSession } from '../cli/session.js';
import { fixture, NODE } from '../../test/fixtures/servers/harness.js';
// @ts-expect-error: a fixture script (JavaScript, no declarations); its texts are what it serves.
import { FIELDS, MANY_FIELDS, SKILL_MD, SKILL_URI } from '../../test/fixtures/servers/many-fields-server.mjs';

const sessions: CliSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

describe('a SKILL.md with 150,000 frontmatter fields', { timeout: 120_000 }, () => {
  it('Verify says the file failed, and the skill no longer shows the earlier verified', async () => {
    const session = await openSession({ label: 'Many fields', transport: { kind: 'stdio', command: NODE, args: [fixture('many-fields-server.mjs')], env: {} } });
    sessions.push(session);
    const { engine, rpc, serverId } = session;
    await engine.refresh(rpc, session.connection.snapshot.capabilities);
    const skill = SKILL_URI as string;

    expect((await engine.verifySkill(rpc, skill)).status).toBe('verified');

    const again = await engine.verifySkill(rpc, skill);
    expect(again.status).toBe('mismatch');
    expect(again.files[skill]).toMatchObject({ state: 'failed', reason: 'size', expected: `${Buffer.byteLength(SKILL_MD as string)}`, actual: `${Buffer.byteLength(MANY_FIELDS as string)}` });
    const findings = engine.findings(serverId, skill);
    expect(findings.filter((f) => f.id === 'sep-2640-host-size-mismatch-failure')).toHaveLength(1);
    // Every extra field is said, each at its own line.
    const extra = findings.filter((f) => f.id === 'sep-2640-host-frontmatter-comparison');
    expect(extra).toHaveLength(FIELDS as number);
    expect(extra.find((f) => f.location.field === 'k149999')?.location.line).toBe(3 + 149_999 + 1);
    expect(engine.list(serverId).map((s) => s.status)).toEqual(['mismatch']);
  });
});
