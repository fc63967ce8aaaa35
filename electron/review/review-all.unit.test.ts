// The Review all job's cancel at the one moment a real server cannot be made
// to hit on cue: a read that was answered just as the cancel came. The pass
// then ends early, having read part of the skill; none of that may become a
// review. (Cancels at other moments, and everything else Review all does, are
// tested against real servers in test/integration/review-all.test.ts.)
import { SKILLS_EXTENSION_ID } from '@modelcontextprotocol/core/ext/skills';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/model.js';
import type { ReviewJob } from '../../shared/review-job.js';
import type { SkillReview } from '../../shared/review-model.js';
import { scriptedRpc, serveFiles } from '../../test/support/scripted-rpc.js';
import { cached, cleanSkill } from '../skills/finding-cases.unit.js';
import { SkillsEngine } from '../skills/engine.js';
import type { PassResult } from '../skills/skill-passes.js';
import { ReviewAllJobs } from './review-all.js';

const DECLARED = { resources: {}, extensions: { [SKILLS_EXTENSION_ID]: {} } };

describe('Review all, cancelled as a read is answered', () => {
  it('lands no review of a skill whose pass the cancel cut short', async () => {
    const skills = Array.from({ length: 3 }, (_, i) => cleanSkill(`skill://acme/s${i}`, `s${i}`));
    const files = Object.assign({}, ...skills.map((s) => s.files)) as Record<string, string>;
    const serve = serveFiles(files);
    let cancel: () => void = () => undefined;
    // s1's SKILL.md is answered, and the job cancelled in the same turn: its guide is never asked for.
    const rpc = scriptedRpc({
      'skills/list': () => cached({ skills: skills.map((s) => s.entry) }),
      'resources/read': (params, call) => {
        if (params['uri'] === skills[1]!.uri) cancel();
        return serve(params, call);
      },
    });
    const engine = new SkillsEngine(() => ({ ...DEFAULT_SETTINGS, readConcurrency: 1 }), { listed: () => undefined, updated: () => undefined, job: () => undefined });
    await engine.refresh(rpc, DECLARED);

    const passes: PassResult[] = [];
    const jobs = new ReviewAllJobs({
      settings: () => ({ ...DEFAULT_SETTINGS, readConcurrency: 1 }),
      engine,
      emit: (_job: ReviewJob) => undefined,
      lander: () => async (serverId, pass) => {
        passes.push(pass);
        return { serverId, skillUri: pass.entry.uri, reviewedAt: new Date().toISOString(), findings: [], complete: true } as unknown as SkillReview;
      },
    });
    const started = jobs.start([rpc]);
    cancel = () => jobs.cancel(started.jobId);
    const ended = await jobs.ended(started.jobId);

    // The cancel came as s1's SKILL.md was answered: s1's guide was never read.
    const asked = rpc.callsOf('resources/read').map((c) => c.params['uri']);
    expect(asked).toContain(skills[1]!.uri);
    expect(asked).not.toContain(`skill://acme/s1/references/guide.md`);
    // s0 was read whole (SKILL.md, guide, SKILL.md again) and landed; s1's part of a pass did not; s2 was never started.
    expect(passes.map((p) => [p.entry.uri, p.reads.length])).toEqual([[skills[0]!.uri, 2]]);
    expect(asked).not.toContain(skills[2]!.uri);
    expect([ended.state, ended.total, ended.done, ended.notReviewed]).toEqual(['cancelled', 3, 1, 0]);
  });
});
