// skills/get may answer with the skill's URI spelled another way that names the
// same SKILL.md (the scheme in capitals, a percent-encoded unreserved
// character): the engine accepts it as the skill asked about. What it
// describes is compared with the approval of that skill all the same: a
// different version revokes it, whatever the spelling.
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER, SKILL_URI } from '../skills/finding-cases.unit.js';
import { approvedSkill, removeDataDirs } from './approvals-fixture.unit.js';

afterEach(removeDataDirs);

describe('skills/get describing another version of an approved skill', () => {
  for (const spelled of [SKILL_URI, SKILL_URI.replace('skill://', 'SKILL://'), SKILL_URI.replace('pdf-tools', 'pdf%2Dtools')]) {
    it(`under ${spelled}: the approval is revoked and the skill disabled`, async () => {
      const { engine, rpc, approvals, serving, b } = await approvedSkill('get-respelled');
      serving.get = { ...b, uri: spelled, resources: b.resources.map((r) => (r.uri === SKILL_URI ? { ...r, uri: spelled } : r)) };
      await engine.confirmWithGet(rpc, SKILL_URI);
      await approvals.settled();
      expect(approvals.get(SERVER, SKILL_URI)).toMatchObject({ decision: 'changed', enabled: false, revoked: { via: 'get' } });
      expect(await approvals.blockers(SERVER, SKILL_URI)).toContainEqual(expect.stringContaining("latest skills/get describes this skill differently"));
    });
  }
});
