// Two reads of one file that overlap, answered out of order by a real stdio
// server (the official SDK's server side): the read sent last is answered
// first with other bytes, the read sent first after it with the listed bytes.
// The file's check is what the latest read sent says; an older read's
// "verified" that lands later must not stand for a file whose latest bytes
// failed (the server chooses the order its answers arrive in).
import { afterEach, describe, expect, it } from 'vitest';
import { openSession, type CliSession } from '../cli/session.js';
import { fixture, NODE } from '../../test/fixtures/servers/harness.js';
// @ts-expect-error: a fixture script (JavaScript, no declarations); its texts are what it serves.
import { GUIDE, GUIDE_URI, SKILL_URI, TAMPERED } from '../../test/fixtures/servers/late-answer-server.mjs';

const sessions: CliSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});

async function lateAnswerServer(): Promise<CliSession> {
  const session = await openSession({ label: 'Late answers', transport: { kind: 'stdio', command: NODE, args: [fixture('late-answer-server.mjs')], env: {} } }, { readConcurrency: 1 });
  sessions.push(session);
  await session.engine.refresh(session.rpc, session.connection.snapshot.capabilities);
  return session;
}

describe('overlapping reads of one file answered out of order', { timeout: 60_000 }, () => {
  it('the file opened while Verify reads it: the listed bytes arriving last do not make the skill verified', async () => {
    const { engine, rpc, serverId } = await lateAnswerServer();
    // The user opens the guide; the server holds that read.
    const opened = engine.readFile(rpc, SKILL_URI as string, GUIDE_URI as string);
    // Verify reads SKILL.md, then the guide: that read, sent last, gets other bytes at once.
    const verified = await engine.verifySkill(rpc, SKILL_URI as string);
    expect(verified.files[GUIDE_URI as string]).toMatchObject({ state: 'failed', reason: 'digest' });
    // Then the held read lands, with the listed bytes: the file as opened is verified, as those bytes are.
    const file = await opened;
    expect(file.text).toBe(GUIDE);
    expect(file.check).toMatchObject({ state: 'verified' });

    // What the skill shows is the latest read sent: the guide's bytes failed, so the skill is a mismatch.
    const view = engine.entry(serverId, SKILL_URI as string);
    expect(view.files[GUIDE_URI as string]).toMatchObject({ state: 'failed', reason: 'digest' });
    expect(view.files[SKILL_URI as string]).toMatchObject({ state: 'verified' });
    expect(view.status).toBe('mismatch');
    expect(engine.findings(serverId, SKILL_URI as string).filter((f) => f.id === 'sep-2640-host-verify-digest').map((f) => f.location.fileUri)).toEqual([GUIDE_URI]);
    expect(TAMPERED).not.toBe(GUIDE);
  });
});
