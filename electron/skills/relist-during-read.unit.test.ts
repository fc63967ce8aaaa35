// A relisting (Refresh, list_changed, a TTL) that lands while a file's bytes
// are on their way replaces the skill's record, carrying over the checks of
// files whose listed digest and size did not change. The answer that then
// arrives must land on the record held now: left on the replaced one, an older
// "verified" would stand for a file whose latest bytes failed.
import { SKILLS_EXTENSION_ID } from '@modelcontextprotocol/core/ext/skills';
import { describe, expect, it } from 'vitest';
import { scriptedRpc, serveFiles } from '../../test/support/scripted-rpc.js';
import { jobEnded, quietEngine } from './finding-cases-engine.unit.js';
import { GUIDE_URI, SERVER, SKILL_URI, cached, cleanSkill } from './finding-cases.unit.js';

const DECLARED = { resources: {}, extensions: { [SKILLS_EXTENSION_ID]: {} } };

/** A server whose listing never changes, and whose reads of the guide can be held and answered with other bytes. */
function serverWithHeldReads() {
  const skill = cleanSkill();
  const honest = serveFiles(skill.files);
  const tampered = serveFiles({ ...skill.files, [GUIDE_URI]: skill.files[GUIDE_URI]!.replace('Open', 'Shut') });
  const state = { tamper: false, hold: false, release: [] as Array<() => void> };
  const rpc = scriptedRpc({
    'skills/list': () => cached({ skills: [skill.entry] }),
    'resources/read': (params, call) => {
      const answer = (state.tamper && params['uri'] === GUIDE_URI ? tampered : honest)(params, call);
      if (!state.hold || params['uri'] !== GUIDE_URI) return answer;
      return new Promise((resolve) => state.release.push(() => resolve(answer)));
    },
  });
  return { rpc, state };
}

/** Until the held read has been asked for. */
async function readAsked(state: { release: unknown[] }): Promise<void> {
  while (state.release.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe('a relisting while a read is on its way', () => {
  it('opening a file: the failed check of its latest bytes replaces the verified one the relisting carried over', async () => {
    const { rpc, state } = serverWithHeldReads();
    const engine = quietEngine();
    await engine.refresh(rpc, DECLARED);
    expect((await engine.verifySkill(rpc, SKILL_URI, { withGet: false })).status).toBe('verified');

    state.tamper = true;
    state.hold = true;
    const reading = engine.readFile(rpc, SKILL_URI, GUIDE_URI);
    await readAsked(state);
    await engine.refresh(rpc, DECLARED);
    state.release.shift()!();
    expect((await reading).check).toMatchObject({ state: 'failed', reason: 'digest' });

    const view = engine.entry(SERVER, SKILL_URI);
    expect(view.files[GUIDE_URI]).toMatchObject({ state: 'failed', reason: 'digest' });
    expect(view.status).toBe('mismatch');
    expect(engine.findings(SERVER, SKILL_URI).map((f) => f.id)).toContain('sep-2640-host-verify-digest');
  });

  it('Verify all: a skill whose latest bytes failed is not counted, nor shown, as verified', async () => {
    const { rpc, state } = serverWithHeldReads();
    const engine = quietEngine();
    await engine.refresh(rpc, DECLARED);
    expect((await engine.verifySkill(rpc, SKILL_URI, { withGet: false })).status).toBe('verified');

    state.tamper = true;
    state.hold = true;
    const started = engine.startVerifyAll([rpc]);
    await readAsked(state);
    await engine.refresh(rpc, DECLARED);
    state.release.shift()!();
    expect(await jobEnded(engine, started.jobId)).toMatchObject({ state: 'done', total: 1, verified: 0, failed: 1 });
    expect(engine.entry(SERVER, SKILL_URI).files[GUIDE_URI]).toMatchObject({ state: 'failed', reason: 'digest' });
  });
});
