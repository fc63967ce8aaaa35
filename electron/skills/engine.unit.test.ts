import { SKILLS_EXTENSION_ID } from '@modelcontextprotocol/core/ext/skills';
import { describe, expect, it } from 'vitest';
import { rpcError, scriptedRpc, serveFiles } from '../../test/support/scripted-rpc.js';
import { DEFAULT_SETTINGS } from '../../shared/model.js';
import { SkillsEngine } from './engine.js';
import { ENGINE_CASES, jobEnded, quietEngine } from './finding-cases-engine.unit.js';
import { GUIDE_URI, SERVER, SKILL_URI, cached, cleanSkill, entryWith, runFindingCases } from './finding-cases.unit.js';

runFindingCases(ENGINE_CASES);

const DECLARED = { resources: {}, extensions: { [SKILLS_EXTENSION_ID]: {} } };
const skill = cleanSkill();
const server = (entry: Record<string, unknown> = skill.entry, files: Record<string, string> = skill.files) =>
  scriptedRpc({
    'skills/list': () => cached({ skills: [entry] }),
    'skills/get': (params) => {
      if (params['uri'] !== entry['uri']) throw rpcError(-32602, 'Unknown skill');
      return cached({ skill: entry });
    },
    'resources/read': serveFiles(files),
  });

describe('SkillsEngine', () => {
  it('lists on refresh and reads no file (no prefetch)', async () => {
    const rpc = server();
    const engine = quietEngine();
    const entries = await engine.refresh(rpc, DECLARED);
    expect(rpc.calls.map((c) => c.method)).toEqual(['skills/list']);
    expect(entries.map((e) => [e.uri, e.status, e.source])).toEqual([[SKILL_URI, 'unread', 'listed']]);
  });

  it('verifies every file of a skill on request, SKILL.md first', async () => {
    const rpc = server();
    const engine = quietEngine();
    await engine.refresh(rpc, DECLARED);
    const view = await engine.verifySkill(rpc, SKILL_URI, { withGet: false });
    expect(rpc.callsOf('resources/read').map((c) => c.params['uri'])).toEqual([SKILL_URI, GUIDE_URI]);
    expect(view.status).toBe('verified');
    expect(engine.findings(SERVER)).toEqual([]);
  });

  it('Verify all reads nothing past a SKILL.md that failed, with many reads in flight', async () => {
    // Ten skills; the odd ones serve a tampered SKILL.md. Four lanes read at once.
    const skills = Array.from({ length: 10 }, (_, i) => cleanSkill(`skill://acme/s${i}`, `s${i}`));
    const files: Record<string, string> = {};
    for (const [i, s] of skills.entries()) for (const [uri, text] of Object.entries(s.files)) files[uri] = i % 2 === 1 && uri === s.uri ? text.replace('Fill', 'Fail') : text;
    const rpc = scriptedRpc({ 'skills/list': () => cached({ skills: skills.map((s) => s.entry) }), 'resources/read': serveFiles(files) });
    const engine = new SkillsEngine(() => ({ ...DEFAULT_SETTINGS, readConcurrency: 4 }), { listed: () => undefined, updated: () => undefined, job: () => undefined });
    await engine.refresh(rpc, DECLARED);
    const started = engine.startVerifyAll([rpc]);
    expect(await jobEnded(engine, started.jobId)).toMatchObject({ state: 'done', total: 10, done: 10, verified: 5, failed: 5 });
    const read = rpc.callsOf('resources/read').map((c) => String(c.params['uri']));
    for (const [i, s] of skills.entries()) {
      const guide = `skill://acme/s${i}/references/guide.md`;
      expect(read.filter((u) => u === s.uri), s.uri).toHaveLength(1);
      expect(read.filter((u) => u === guide), guide).toHaveLength(i % 2 === 1 ? 0 : 1);
      expect(engine.entry(SERVER, s.uri).files[guide]).toMatchObject(i % 2 === 1 ? { state: 'unread', reason: 'skill-md-failed' } : { state: 'verified' });
    }
  });

  it('marks a skill whose served file differs as a mismatch, with the digest finding', async () => {
    const rpc = server(skill.entry, { ...skill.files, [GUIDE_URI]: skill.files[GUIDE_URI]!.replace('Open', 'Shut') });
    const engine = quietEngine();
    await engine.refresh(rpc, DECLARED);
    const view = await engine.verifySkill(rpc, SKILL_URI, { withGet: false });
    expect(view.status).toBe('mismatch');
    expect(view.files[GUIDE_URI]).toMatchObject({ state: 'failed', reason: 'digest' });
    expect(engine.findings(SERVER, SKILL_URI).map((f) => f.id)).toEqual(['sep-2640-host-verify-digest']);
  });

  it('never shows a skill verified when its entry lists a file twice, whichever digest the bytes match', async () => {
    const resources = skill.entry['resources'] as Array<{ uri: string; digest: string; size: number }>;
    const guide = resources[1]!;
    const otherDigest = `sha256:${'0'.repeat(64)}`;
    const listings = [
      [...resources, { ...guide, digest: otherDigest }],
      [resources[0]!, { ...guide, digest: otherDigest }, guide],
      [...resources, { ...guide }],
    ];
    for (const listed of listings) {
      const entry = entryWith({ resources: listed });
      const rpc = server(entry);
      const engine = quietEngine();
      await engine.refresh(rpc, DECLARED);
      const view = await engine.verifySkill(rpc, SKILL_URI, { withGet: false });
      expect(view.status, JSON.stringify(listed.map((r) => r.digest))).not.toBe('verified');
      expect(view.files[GUIDE_URI]?.state).not.toBe('verified');
      expect(engine.findings(SERVER, SKILL_URI).find((f) => f.id === 'inspector-duplicate-resource')?.message).toContain('not loadable');
    }
  });

  it('never reads a file outside the held resources', async () => {
    const rpc = server();
    const engine = quietEngine();
    await engine.refresh(rpc, DECLARED);
    const result = await engine.readFile(rpc, SKILL_URI, 'skill://acme/pdf-tools/secret.txt');
    expect(rpc.callsOf('resources/read')).toEqual([]);
    expect(result.check).toMatchObject({ state: 'failed', reason: 'unlisted' });
    expect(engine.findings(SERVER, SKILL_URI).map((f) => f.id)).toEqual(['sep-2640-host-unlisted-read-failure']);
  });

  it('loads a skill by URI only when skills/get confirms it', async () => {
    const rpc = server();
    const engine = quietEngine();
    const view = await engine.loadByUri(rpc, SKILL_URI);
    expect(view).toMatchObject({ uri: SKILL_URI, source: 'user-uri' });
    await expect(engine.loadByUri(rpc, 'skill://acme/ghost/SKILL.md')).rejects.toThrow('skills/get skill://acme/ghost/SKILL.md failed (-32602): Unknown skill');
    expect(engine.list(SERVER).map((e) => e.uri)).toEqual([SKILL_URI]);
  });

  it('reports a skills/get that disagrees with the listing on the listed skill', async () => {
    const listed = server();
    const engine = quietEngine();
    await engine.refresh(listed, DECLARED);
    const changed = server(entryWith({ frontmatter: { name: 'pdf-tools', description: 'Changed.' } }));
    const findings = await engine.confirmWithGet(changed, SKILL_URI);
    expect(findings.map((f) => [f.id, f.location.field])).toEqual([['inspector-get-mismatch', 'frontmatter']]);
  });

  it('keeps a skill found by get across a refresh that does not list it', async () => {
    const rpc = server();
    const engine = quietEngine();
    await engine.loadByUri(rpc, SKILL_URI);
    await engine.refresh(scriptedRpc({ 'skills/list': () => cached({ skills: [] }) }), DECLARED);
    expect(engine.list(SERVER).map((e) => e.uri)).toEqual([SKILL_URI]);
  });

  it('links a nested skill to its parent both ways', async () => {
    const nested = cleanSkill('skill://acme/pdf-tools/forms', 'forms');
    const engine = quietEngine();
    await engine.refresh(scriptedRpc({ 'skills/list': () => cached({ skills: [skill.entry, nested.entry] }) }), DECLARED);
    expect(engine.entry(SERVER, nested.uri).nestedIn).toBe(SKILL_URI);
    expect(engine.entry(SERVER, SKILL_URI).nestedSkills).toEqual([nested.uri]);
  });

  it('finds legacy skills when the extension is not declared, and marks their form', async () => {
    const engine = quietEngine();
    const rpc = scriptedRpc({ 'resources/list': () => ({ resources: [{ uri: SKILL_URI, description: 'Fill PDF forms.' }] }) });
    const entries = await engine.refresh(rpc, { resources: {} });
    expect(entries.map((e) => [e.uri, e.source, e.legacyForm, e.status])).toEqual([[SKILL_URI, 'legacy', 'resources/list scan', 'unverifiable']]);
  });
});
