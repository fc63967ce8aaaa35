// Verify all when a file's read throws (a defect anywhere under readFile, not a failure the
// reader reported): this job accepted no bytes for that file, so the check a previous job left
// must not stand, and the skill is counted failed, never verified.
import { SKILLS_EXTENSION_ID } from '@modelcontextprotocol/core/ext/skills';
import { describe, expect, it } from 'vitest';
import { scriptedRpc, serveFiles } from '../../test/support/scripted-rpc.js';
import { jobEnded, quietEngine } from './finding-cases-engine.unit.js';
import { GUIDE_URI, SERVER, cached, cleanSkill } from './finding-cases.unit.js';

const DECLARED = { resources: {}, extensions: { [SKILLS_EXTENSION_ID]: {} } };

describe('Verify all, a read that throws', () => {
  for (const which of ['SKILL.md', 'a supporting file'] as const) {
    it(`on ${which}, after an honest verify: the file ends failed for this job and the skill counts failed`, async () => {
      const skill = cleanSkill();
      const target = which === 'SKILL.md' ? skill.uri : GUIDE_URI;
      const rpc = scriptedRpc({ 'skills/list': () => cached({ skills: [skill.entry] }), 'resources/read': serveFiles(skill.files) });
      const engine = quietEngine();
      await engine.refresh(rpc, DECLARED);
      expect(await jobEnded(engine, engine.startVerifyAll([rpc]).jobId)).toMatchObject({ verified: 1, failed: 0 });
      expect(engine.entry(SERVER, skill.uri).files[target]).toMatchObject({ state: 'verified' });

      const honestRead = engine.readFile.bind(engine);
      engine.readFile = (r, skillUri, fileUri, options) => (fileUri === target ? Promise.reject(new Error('boom')) : honestRead(r, skillUri, fileUri, options));
      expect(await jobEnded(engine, engine.startVerifyAll([rpc]).jobId)).toMatchObject({ state: 'done', total: 1, done: 1, verified: 0, failed: 1 });
      const view = engine.entry(SERVER, skill.uri);
      expect(view.status).not.toBe('verified');
      expect(view.files[target]).toMatchObject({ state: 'failed', reason: 'read-error', message: expect.stringContaining('boom') });
      expect(engine.findings(SERVER, skill.uri).filter((f) => f.location.fileUri === target).map((f) => f.id)).toEqual(['inspector-read-failed']);
      if (which === 'SKILL.md') expect(view.files[GUIDE_URI]).toMatchObject({ state: 'unread', reason: 'skill-md-failed' });
    });
  }
});
