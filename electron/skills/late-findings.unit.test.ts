// skills/get and the directory walk await the server; a relisting (Refresh,
// list_changed, a TTL) that lands meanwhile replaces the skill's record. What
// they found belongs to the skill as it is held now: a skill never shows fewer
// findings because a relisting landed while they were on their way.
import { SKILLS_EXTENSION_ID } from '@modelcontextprotocol/core/ext/skills';
import { describe, expect, it } from 'vitest';
import { rpcError, scriptedRpc, type Answer } from '../../test/support/scripted-rpc.js';
import type { SkillsEngine } from './engine.js';
import { quietEngine } from './finding-cases-engine.unit.js';
import { ROOT, SERVER, SKILL_URI, cached, cleanSkill } from './finding-cases.unit.js';

const DECLARED = { resources: {}, extensions: { [SKILLS_EXTENSION_ID]: { directoryRead: true } } };
const entry = cleanSkill().entry;

/** Runs `answer` after a relisting of the same skill has landed, when `relist` is set. */
function afterRelisting(engine: () => SkillsEngine, relist: boolean, answer: Answer): Answer {
  return async (params, call) => {
    if (relist) await engine().refresh(rpc, DECLARED);
    return answer(params, call);
  };
}

let rpc: ReturnType<typeof scriptedRpc>;

async function findingIds(relist: boolean, run: (engine: SkillsEngine) => Promise<unknown>): Promise<string[]> {
  const engine = quietEngine();
  let first = true;
  const once = (answer: Answer): Answer => async (params, call) => {
    const late = first && relist;
    first = false;
    return afterRelisting(() => engine, late, answer)(params, call);
  };
  rpc = scriptedRpc(
    {
      'skills/list': () => cached({ skills: [entry] }),
      // skills/get describes the skill otherwise than the listing (another description): a mismatch finding.
      'skills/get': once(() => cached({ skill: { ...entry, frontmatter: { ...(entry['frontmatter'] as object), description: 'Something else.' } } })),
      // The directory shows a nested SKILL.md no entry lists: a finding of the walk.
      'resources/directory/read': once((params) => {
        if (params['uri'] === ROOT) return { resources: [{ uri: `${ROOT}/forms`, mimeType: 'inode/directory' }] };
        if (params['uri'] === `${ROOT}/forms`) return { resources: [{ uri: `${ROOT}/forms/SKILL.md` }] };
        throw rpcError(-32602);
      }),
    },
    { serverId: SERVER },
  );
  await engine.refresh(rpc, DECLARED);
  await run(engine);
  expect(engine.record(SERVER, SKILL_URI)).toBeDefined();
  return engine.findings(SERVER, SKILL_URI).map((f) => f.id).sort();
}

describe('findings that arrive after a relisting', () => {
  it('skills/get: what it found stays on the skill', async () => {
    const quiet = await findingIds(false, (engine) => engine.confirmWithGet(rpc, SKILL_URI));
    expect(quiet.length).toBeGreaterThan(0);
    expect(await findingIds(true, (engine) => engine.confirmWithGet(rpc, SKILL_URI))).toEqual(quiet);
  });

  it('the directory walk: what it found stays on the skill', async () => {
    const quiet = await findingIds(false, (engine) => engine.tree(rpc, SKILL_URI));
    expect(quiet.length).toBeGreaterThan(0);
    expect(await findingIds(true, (engine) => engine.tree(rpc, SKILL_URI))).toEqual(quiet);
  });
});
