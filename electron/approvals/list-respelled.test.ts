// A listing may spell an approved skill's URI another way that names the same
// SKILL.md (the scheme in capitals, a percent-encoded unreserved character, a
// dot segment). It is the same skill, not "one removed plus one new": its
// approval binds as before (to the exact files, by digest). The same bytes keep
// it approved and served; other bytes withdraw it, in the app and the gateway.
import { afterEach, describe, expect, it } from 'vitest';
import { ApprovedCatalog } from '../gateway/approved-catalog.js';
import { SERVER, SKILL_URI } from '../skills/finding-cases.unit.js';
import { DECLARED, RESPELLINGS, approvedSkill as approved, removeDataDirs, respell } from './approvals-fixture.unit.js';

afterEach(removeDataDirs);

async function approvedSkill() {
  const fixture = await approved('list-respelled');
  const gateway = new ApprovedCatalog(fixture.dataDir);
  expect((await gateway.refresh()).map((s) => s.upstreamUri)).toEqual([SKILL_URI]);
  return { ...fixture, answer: fixture.serving, gateway };
}

describe('a relisting that spells an approved skill\'s URI another way', () => {
  for (const [what, how] of RESPELLINGS) {
    it(`${what}, same bytes: one decision, still approved and enabled, and the gateway serves it`, async () => {
      const { engine, rpc, approvals, store, answer, a, gateway } = await approvedSkill();
      const spelled = respell(a, how);
      expect(spelled.uri).not.toBe(SKILL_URI);
      answer.list = spelled;
      await engine.refresh(rpc, DECLARED);
      await approvals.settled();
      expect(engine.record(SERVER, spelled.uri)).toBeDefined();
      expect(approvals.stateOf(SERVER, spelled.uri)).toMatchObject({ approval: 'approved', enabled: true });
      expect(store.list(SERVER)).toHaveLength(1);
      expect(await gateway.refresh()).toHaveLength(1);
    });

    it(`${what}, other bytes: the approval is withdrawn in the app and the gateway stops serving it`, async () => {
      const { engine, rpc, approvals, store, answer, b, gateway } = await approvedSkill();
      const spelled = respell(b, how);
      answer.list = spelled;
      await engine.refresh(rpc, DECLARED);
      await approvals.settled();
      expect(approvals.get(SERVER, spelled.uri)).toMatchObject({ decision: 'changed', enabled: false, revoked: { via: 'listing' } });
      expect(store.list(SERVER)).toHaveLength(1);
      expect(await gateway.refresh()).toEqual([]);
    });
  }
});
