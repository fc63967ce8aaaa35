import { describe, expect, it } from 'vitest';
import { rpcError, scriptedRpc } from '../../test/support/scripted-rpc.js';
import { checkEntry } from './entry-rules.js';
import { SKILLS_GET_CASES } from './finding-cases-discovery.unit.js';
import { SERVER, SKILL_URI, cached, cleanSkill, entryWith, runFindingCases } from './finding-cases.unit.js';
import { compareWithListing, getSkill, probeUnknownSkill } from './skills-get.js';

runFindingCases(SKILLS_GET_CASES);

const skill = cleanSkill().entry;
const checked = (raw: Record<string, unknown>) => checkEntry(raw, SERVER, 'test').entry!;

describe('getSkill', () => {
  it('returns the checked entry and its cache hint, asking with the exact URI', async () => {
    const rpc = scriptedRpc({ 'skills/get': () => ({ skill, ttlMs: 5, cacheScope: 'private' }) });
    const got = await getSkill(rpc, SKILL_URI);
    expect(rpc.calls).toEqual([{ method: 'skills/get', params: { uri: SKILL_URI } }]);
    expect(got).toMatchObject({ ok: true, cache: { ttlMs: 5, scope: 'private' }, findings: [] });
    expect(got.ok && got.entry.uri).toBe(SKILL_URI);
  });

  it('fails with the server error code and message', async () => {
    const got = await getSkill(
      scriptedRpc({
        'skills/get': () => {
          throw rpcError(-32602, 'Unknown skill');
        },
      }),
      SKILL_URI,
    );
    expect(got).toEqual({ ok: false, code: -32602, message: `skills/get ${SKILL_URI} failed (-32602): Unknown skill`, findings: [] });
  });

  it('fails when the skill has no uri, with the entry finding', async () => {
    const got = await getSkill(scriptedRpc({ 'skills/get': () => cached({ skill: entryWith({ uri: undefined }, skill) }) }), SKILL_URI);
    expect(got.ok).toBe(false);
    expect(got.findings.map((f) => f.id)).toEqual(['sep-2640-entry-uri-required']);
  });

  it('returns an invalid entry as ok but not loadable, so the user can see why', async () => {
    const got = await getSkill(scriptedRpc({ 'skills/get': () => cached({ skill: entryWith({ resources: undefined }, skill) }) }), SKILL_URI);
    expect(got.ok && got.entry.loadable).toBe(false);
  });
});

describe('compareWithListing', () => {
  it('reports a frontmatter difference on its own field', () => {
    const found = compareWithListing(checked(skill), checked(entryWith({ frontmatter: { name: 'pdf-tools', description: 'Other.' } }, skill)), SERVER);
    expect(found.map((f) => [f.id, f.location.field])).toEqual([['inspector-get-mismatch', 'frontmatter']]);
    expect(found[0]?.actual).toBe('{"description":"Other.","name":"pdf-tools"}');
  });
});

describe('probeUnknownSkill', () => {
  it('asks for a URI no server serves', async () => {
    const rpc = scriptedRpc({
      'skills/get': () => {
        throw rpcError(-32602);
      },
    });
    expect(await probeUnknownSkill(rpc)).toEqual([]);
    expect(rpc.calls[0]?.params).toEqual({ uri: 'skill://mcp-conformance-nonexistent-skill-9f3a2b/SKILL.md' });
  });

  it('reports an error without a code as "none"', async () => {
    const found = await probeUnknownSkill(
      scriptedRpc({
        'skills/get': () => {
          throw new Error('socket closed');
        },
      }),
    );
    expect(found.map((f) => [f.id, f.actual])).toEqual([['sep-2640-skills-get-unknown-uri-invalid-params', 'none']]);
  });
});
