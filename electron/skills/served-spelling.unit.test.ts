// Found by the seeded hostile server (test/integration/hostile-seeded.test.ts):
// bytes a host would not get, verified all the same. A read answered under the
// file's URI with a query or a trailing "/" (another resource: canonicalUri
// sets both aside), a text with a lone surrogate (it has no UTF-8 form, so no
// digest can describe it), and a SKILL.md listed under another spelling of the
// skill's URI (read under that spelling, while a host loads the skill's own).
import { SKILLS_EXTENSION_ID } from '@modelcontextprotocol/core/ext/skills';
import { describe, expect, it } from 'vitest';
import { scriptedRpc } from '../../test/support/scripted-rpc.js';
import { quietEngine } from './finding-cases-engine.unit.js';
import { GUIDE_URI, SERVER, SKILL_URI, cached, cleanSkill, fileRef } from './finding-cases.unit.js';
import { ByteBudget, readResourceBytes } from './reader.js';

const options = () => ({ maxFileBytes: 1000, budgets: [new ByteBudget(() => 10_000)], location: { serverId: SERVER } });
const answering = (content: Record<string, unknown>) => scriptedRpc({ 'resources/read': () => ({ contents: [content] }) });

describe('a read answered under another resource than the one asked for', () => {
  for (const served of [`${GUIDE_URI}?variant=evil`, `${GUIDE_URI}/`, `${GUIDE_URI}/#x`]) {
    it(`${served.slice(GUIDE_URI.length)}: inspector-read-wrong-uri, the bytes are not used`, async () => {
      const read = await readResourceBytes(answering({ uri: served, text: 'Open the form.\n' }), GUIDE_URI, options());
      expect(read).toMatchObject({ ok: false, reason: 'read-error' });
      expect(read.findings.map((f) => f.id)).toEqual(['inspector-read-wrong-uri']);
    });
  }

  for (const served of [`${GUIDE_URI}#part`, GUIDE_URI.replace('guide.md', 'guide%2Emd'), GUIDE_URI.replace('skill:', 'SKILL:')]) {
    it(`${served}: the same resource, read`, async () => {
      const read = await readResourceBytes(answering({ uri: served, text: 'Open the form.\n' }), GUIDE_URI, options());
      expect(read.ok).toBe(true);
    });
  }

  it('a file listed with a query is read under that query', async () => {
    const read = await readResourceBytes(answering({ uri: `${GUIDE_URI}?v=2`, text: 'x' }), `${GUIDE_URI}?v=2`, options());
    expect(read.ok).toBe(true);
  });
});

describe('a text with a lone surrogate', () => {
  it('has no bytes to verify: failed (decode), inspector-invalid-result naming the code unit and where', async () => {
    const read = await readResourceBytes(answering({ uri: GUIDE_URI, text: 'Open\ud800 the form.\n' }), GUIDE_URI, options());
    expect(read).toMatchObject({ ok: false, reason: 'decode' });
    expect(read.findings.map((f) => f.id)).toEqual(['inspector-invalid-result']);
    expect(read.findings[0]?.message).toContain('lone UTF-16 surrogate (U+D800 at character 5)');
  });

  it('a well-formed pair is text like any other', async () => {
    const read = await readResourceBytes(answering({ uri: GUIDE_URI, text: '😀' }), GUIDE_URI, options());
    expect(read.ok && [...read.bytes]).toEqual([0xf0, 0x9f, 0x98, 0x80]);
  });
});

describe('a SKILL.md listed under another spelling of the skill URI', () => {
  for (const spelled of [`${SKILL_URI}#top`, SKILL_URI.replace('SKILL.md', 'SKILL%2Emd')]) {
    it(`${spelled}: SKILL.md is read where a host loads it, the skill's own URI, whose other bytes fail`, async () => {
      const skill = cleanSkill();
      const honest = skill.files[SKILL_URI]!;
      const entry = { ...skill.entry, resources: [fileRef(spelled, honest), fileRef(GUIDE_URI, skill.files[GUIDE_URI]!)] };
      const served: Record<string, string> = { [spelled]: honest, [SKILL_URI]: honest.replace('Fill', 'Fell'), [GUIDE_URI]: skill.files[GUIDE_URI]! };
      const rpc = scriptedRpc({
        'skills/list': () => cached({ skills: [entry] }),
        'resources/read': (params) => ({ contents: [{ uri: String(params['uri']), mimeType: 'text/markdown', text: served[String(params['uri'])] }] }),
      });
      const engine = quietEngine();
      await engine.refresh(rpc, { resources: {}, extensions: { [SKILLS_EXTENSION_ID]: {} } });
      const view = await engine.verifySkill(rpc, SKILL_URI, { withGet: false });
      expect(rpc.calls.filter((c) => c.method === 'resources/read').map((c) => c.params['uri'])[0]).toBe(SKILL_URI);
      expect(view.files[spelled]).toMatchObject({ state: 'failed', reason: 'digest' });
      expect(view.status).not.toBe('verified');
    });
  }
});
