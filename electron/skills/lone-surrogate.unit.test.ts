// A lone UTF-16 surrogate in a URI (valid JSON: "\ud800") is no URI at all: it cannot be
// percent-encoded, so canonicalising it must not throw. A listing that holds one keeps its
// honest skills and reports the bad entry; a read answered under such a URI is a failed read,
// also after an earlier honest verify, and Verify all counts it failed.
import { SKILLS_EXTENSION_ID } from '@modelcontextprotocol/core/ext/skills';
import { describe, expect, it } from 'vitest';
import { scriptedRpc, serveFiles, type Answer } from '../../test/support/scripted-rpc.js';
import { jobEnded, quietEngine } from './finding-cases-engine.unit.js';
import { SERVER, cached, cleanSkill, entryWith, sha256Of, sizeOf } from './finding-cases.unit.js';

const DECLARED = { resources: {}, extensions: { [SKILLS_EXTENSION_ID]: {} } };
const LONE = '\ud800';

describe('a lone surrogate in a URI', () => {
  it('in a listed resource: the listing resolves, the entry gets a finding and is not loadable, the honest skills stay', async () => {
    const honest = cleanSkill('skill://acme/honest', 'honest');
    const bad = cleanSkill('skill://acme/pdf-tools', 'pdf-tools');
    const badUri = `skill://acme/pdf-tools/x${LONE}.md`;
    const badEntry = entryWith({ resources: [...(bad.entry['resources'] as unknown[]), { uri: badUri, digest: sha256Of('x'), size: sizeOf('x') }] }, bad.entry);
    const rpc = scriptedRpc({ 'skills/list': () => cached({ skills: [honest.entry, badEntry] }), 'resources/read': serveFiles({ ...honest.files, ...bad.files }) });
    const engine = quietEngine();
    const entries = await engine.refresh(rpc, DECLARED);
    expect(entries.map((e) => [e.uri, e.status])).toEqual([
      [honest.uri, 'unread'],
      [bad.uri, 'invalid'],
    ]);
    const findings = engine.findings(SERVER, bad.uri);
    expect(findings.find((f) => f.location.fileUri === badUri)?.message).toMatch(/lone UTF-16 surrogate/);
    expect(findings.map((f) => f.id)).toContain('sep-2640-resources-invalid-entry');
    expect((await engine.verifySkill(rpc, honest.uri, { withGet: false })).status).toBe('verified');
    expect((await engine.verifySkill(rpc, bad.uri, { withGet: false })).status).not.toBe('verified');
  });

  it('as the skill URI itself: the entry is reported and not loadable, the honest skill stays', async () => {
    const honest = cleanSkill('skill://acme/honest', 'honest');
    const bad = cleanSkill(`skill://acme/pdf${LONE}`, 'pdf');
    const rpc = scriptedRpc({ 'skills/list': () => cached({ skills: [honest.entry, bad.entry] }) });
    const engine = quietEngine();
    const entries = await engine.refresh(rpc, DECLARED);
    expect(entries.map((e) => [e.uri, e.status])).toEqual([
      [honest.uri, 'unread'],
      [bad.uri, 'invalid'],
    ]);
    expect(engine.findings(SERVER, bad.uri).find((f) => f.id === 'sep-2640-skillmd-required')?.message).toMatch(/lone UTF-16 surrogate/);
  });

  it('in a read answer after an honest verify: the file ends failed, and Verify all counts the skill failed', async () => {
    const skill = cleanSkill();
    let hostile = false;
    const honestRead = serveFiles(skill.files);
    const read: Answer = (params, call) => {
      const answer = honestRead(params, call) as { contents: Array<{ uri: string }> };
      if (hostile && params['uri'] === skill.uri) return { contents: [{ ...answer.contents[0]!, uri: `${skill.uri}${LONE}` }] };
      return answer;
    };
    const rpc = scriptedRpc({ 'skills/list': () => cached({ skills: [skill.entry] }), 'resources/read': read });
    const engine = quietEngine();
    await engine.refresh(rpc, DECLARED);
    expect(await jobEnded(engine, engine.startVerifyAll([rpc]).jobId)).toMatchObject({ state: 'done', verified: 1, failed: 0 });
    expect(engine.entry(SERVER, skill.uri).status).toBe('verified');

    hostile = true;
    expect(await jobEnded(engine, engine.startVerifyAll([rpc]).jobId)).toMatchObject({ state: 'done', total: 1, done: 1, verified: 0, failed: 1 });
    const view = engine.entry(SERVER, skill.uri);
    expect(view.status).not.toBe('verified');
    expect(view.files[skill.uri]).toMatchObject({ state: 'failed', reason: 'read-error' });
    expect(engine.findings(SERVER, skill.uri).map((f) => f.id)).toContain('inspector-read-wrong-uri');

    // Opened on its own (skills.readFile), the same answer is a failed read with a finding, not a throw.
    const opened = await engine.readFile(rpc, skill.uri, skill.uri);
    expect(opened.check).toMatchObject({ state: 'failed', reason: 'read-error' });
  });
});
