// A listing that spells a file with a query (SKILL.md?v=2, guide.md?x) or a
// trailing "/" (SKILL.md/). canonicalUri sets both aside (it keys files), but
// each names another resource than the file (RFC 3986 §3.4, §6.2.3), and a
// skill's file URI is <scheme>://<skill-path>/<file-path>, which has neither.
// Before: SKILL.md?v=2 counted as the SKILL.md's own entry, so the skill was
// verified, its check shown under a URI never read; and guide.md beside
// guide.md?x was called a duplicate (the conformance check compares exactly).
import { SKILLS_EXTENSION_ID } from '@modelcontextprotocol/core/ext/skills';
import { describe, expect, it } from 'vitest';
import { scriptedRpc } from '../../test/support/scripted-rpc.js';
import { listDirectoryTree } from './directory.js';
import { checkEntry } from './entry-rules.js';
import { quietEngine } from './finding-cases-engine.unit.js';
import { GUIDE_URI, ROOT, SERVER, SKILL_URI, cached, cleanSkill, entryWith, fileRef } from './finding-cases.unit.js';

const skill = cleanSkill();
const skillMd = skill.files[SKILL_URI]!;
const guide = skill.files[GUIDE_URI]!;
const check = (resources: unknown[]) => checkEntry(entryWith({ resources }), SERVER, 'entry 0');
const ids = (r: ReturnType<typeof check>) => r.findings.map((f) => f.id);

/** Lists `entry`, serves `served` at each URI as asked, and verifies the skill at `uri`: its view. */
async function verifiedView(entry: object, served: Record<string, string>, uri: string) {
  const rpc = scriptedRpc({
    'skills/list': () => cached({ skills: [entry] }),
    'resources/read': (params) => ({ contents: [{ uri: String(params['uri']), mimeType: 'text/markdown', text: served[String(params['uri'])] }] }),
  });
  const engine = quietEngine();
  await engine.refresh(rpc, { resources: {}, extensions: { [SKILLS_EXTENSION_ID]: {} } });
  return engine.verifySkill(rpc, uri, { withGet: false });
}

describe('the SKILL.md listed with a query or a trailing "/"', () => {
  for (const [spelled, how] of [
    [`${SKILL_URI}?v=2`, 'a query ("?v=2")'],
    [`${SKILL_URI}?`, 'a query ("?")'],
    [`${SKILL_URI}/`, 'a trailing "/"'],
  ] as const) {
    it(`${spelled.slice(SKILL_URI.length)}: no entry for the SKILL.md itself, which URI and why; not loadable`, () => {
      const result = check([fileRef(spelled, skillMd), fileRef(GUIDE_URI, guide)]);
      expect(ids(result).sort()).toEqual(['inspector-resource-not-a-file-path', 'sep-2640-resources-complete', 'sep-2640-resources-invalid-entry']);
      const complete = result.findings.find((f) => f.id === 'sep-2640-resources-complete')!;
      expect(complete.message).toBe(
        `resources of "${SKILL_URI}" has no entry for the SKILL.md itself: resources[0] lists "${spelled}", which has ${how}, so it names another resource than the skill's URI "${SKILL_URI}", the one a host loads.`,
      );
      expect(complete).toMatchObject({ severity: 'error', location: { serverId: SERVER, skillUri: SKILL_URI, field: 'resources[0]', fileUri: spelled }, expected: `an entry with uri ${SKILL_URI}`, actual: spelled });
      const form = result.findings.find((f) => f.id === 'inspector-resource-not-a-file-path')!;
      expect(form).toMatchObject({ severity: 'error', location: { serverId: SERVER, skillUri: SKILL_URI, field: 'resources[0].uri', fileUri: spelled } });
      expect(form.message).toContain(`resources[0] lists "${spelled}", which has ${how}: a skill's file is <scheme>://<skill-path>/<file-path>`);
      expect(result.entry?.loadable).toBe(false);
    });
  }

  it('another spelling of the same resource (a fragment, an encoded dot, the scheme in capitals) is still the SKILL.md entry', () => {
    for (const spelled of [`${SKILL_URI}#top`, SKILL_URI.replace('SKILL.md', 'SKILL%2Emd'), SKILL_URI.replace('skill:', 'SKILL:')]) {
      const result = check([fileRef(spelled, skillMd), fileRef(GUIDE_URI, guide)]);
      expect(ids(result), spelled).not.toContain('inspector-resource-not-a-file-path');
      expect(result.entry?.loadable, spelled).toBe(true);
      // The official check compares strings, so it is not the entry matching the skill's uri (official-spelling.unit.test.ts).
      expect(result.findings.find((f) => f.id === 'sep-2640-resources-complete')?.message, spelled).toContain('lists the SKILL.md only as');
    }
  });
});

describe('a file listed beside the same path with a query or a trailing "/"', () => {
  for (const [other, how] of [
    [`${GUIDE_URI}?x`, 'a query ("?x")'],
    [`${GUIDE_URI}/`, 'a trailing "/"'],
  ] as const) {
    it(`${other.slice(GUIDE_URI.length)}: not a duplicate of the file; that URI is named, and the entry is not loadable`, () => {
      const result = check([fileRef(SKILL_URI, skillMd), fileRef(GUIDE_URI, guide), fileRef(other, 'other bytes')]);
      expect(ids(result).sort()).toEqual(['inspector-resource-not-a-file-path', 'sep-2640-resources-invalid-entry']);
      const form = result.findings[0]!;
      expect(form.location).toEqual({ serverId: SERVER, skillUri: SKILL_URI, field: 'resources[2].uri', fileUri: other });
      expect(form.message).toBe(
        `resources[2] lists "${other}", which has ${how}: a skill's file is <scheme>://<skill-path>/<file-path>, and a file path has no query and does not end in "/", so it names no file of the skill but another resource than "${GUIDE_URI}" (RFC 3986 §6.2.3). The app, like a host that keeps a skill's files by path, cannot tell the two apart, so the entry is not loadable and its files are never shown verified.`,
      );
      expect(result.entry?.loadable).toBe(false);
    });
  }

  it('the same file listed twice is still a duplicate (under two spellings: not for the official check, official-spelling.unit.test.ts)', () => {
    const result = check([fileRef(SKILL_URI, skillMd), fileRef(GUIDE_URI, guide), fileRef(GUIDE_URI.replace('guide.md', 'guide%2Emd'), guide)]);
    expect(ids(result).sort()).toEqual(['inspector-duplicate-resource', 'sep-2640-resources-invalid-entry']);
  });

  it('an honest listing is untouched: loadable, no findings', () => {
    expect(check([fileRef(SKILL_URI, skillMd), fileRef(GUIDE_URI, guide)])).toMatchObject({ findings: [], entry: { loadable: true } });
  });
});

describe('verifying a skill whose SKILL.md is listed as SKILL.md?v=2', () => {
  it("the honest bytes at the skill's URI do not make it verified: nothing is shown verified, the skill is invalid", async () => {
    const spelled = `${SKILL_URI}?v=2`;
    const entry = { ...skill.entry, resources: [fileRef(spelled, skillMd), fileRef(GUIDE_URI, guide)] };
    const served: Record<string, string> = { [SKILL_URI]: skillMd, [spelled]: skillMd, [GUIDE_URI]: guide };
    const view = await verifiedView(entry, served, SKILL_URI);
    expect(view.status).toBe('invalid');
    expect(Object.entries(view.files).filter(([, c]) => c.state === 'verified')).toEqual([]);
  });
});

// The skill's own URI with a query or a trailing "/": before, …/SKILL.md?v=2 parsed as a SKILL.md URI (its root cut
// to skill://acme/pdf-tools/SKI), so the entry passed as conformant, was loadable and was verified.
describe('a skill whose own URI has a query or a trailing "/"', () => {
  for (const [spelled, how] of [
    [`${SKILL_URI}?v=2`, 'a query ("?v=2")'],
    [`${SKILL_URI}?`, 'a query ("?")'],
    [`${SKILL_URI}/`, 'a trailing "/"'],
  ] as const) {
    it(`${spelled.slice(SKILL_URI.length)}: sep-2640-skillmd-required names the URI and why; not loadable`, () => {
      const result = checkEntry(entryWith({ uri: spelled, resources: [fileRef(spelled, skillMd), fileRef(GUIDE_URI, guide)] }), SERVER, 'entry 0');
      expect(ids(result).sort()).toEqual(['sep-2640-resources-invalid-entry', 'sep-2640-skillmd-required']);
      expect(result.findings.find((f) => f.id === 'sep-2640-skillmd-required')).toEqual({
        id: 'sep-2640-skillmd-required',
        severity: 'error',
        title: 'Skill URI does not point at a SKILL.md',
        message: `The skill URI "${spelled}" is not a SKILL.md URI: it has ${how}, so it names another resource than "${SKILL_URI}": a skill's URI is <scheme>://<skill-path>/SKILL.md, its path ending in SKILL.md.`,
        location: { serverId: SERVER, skillUri: spelled, field: 'uri' },
        expected: '<scheme>://<skill-path>/SKILL.md',
        actual: spelled,
      });
      expect(result.entry?.loadable).toBe(false);
    });
  }

  it("the Files tree walks the folder holding SKILL.md, not a cut-off one", async () => {
    const spelled = `${SKILL_URI}?v=2`;
    const checked = checkEntry(entryWith({ uri: spelled, resources: [fileRef(spelled, skillMd), fileRef(GUIDE_URI, guide)] }), SERVER, 'entry 0').entry!;
    const rpc = scriptedRpc({ 'resources/directory/read': () => ({ resources: [] }) });
    await listDirectoryTree(rpc, checked, true, 5);
    expect(rpc.callsOf('resources/directory/read').map((c) => c.params['uri'])).toEqual([ROOT]);
  });

  it('is never verified: the skill is invalid and no file is shown verified', async () => {
    const spelled = `${SKILL_URI}?v=2`;
    const entry = { ...skill.entry, uri: spelled, resources: [fileRef(spelled, skillMd), fileRef(GUIDE_URI, guide)] };
    const served: Record<string, string> = { [SKILL_URI]: skillMd, [spelled]: skillMd, [GUIDE_URI]: guide };
    const view = await verifiedView(entry, served, spelled);
    expect(view.status).toBe('invalid');
    expect(Object.entries(view.files).filter(([, c]) => c.state === 'verified')).toEqual([]);
  });

  it('a dynamic skill with such a URI is invalid too, not merely unverifiable: hosts must not load it', async () => {
    const spelled = `${SKILL_URI}?v=2`;
    const view = await verifiedView({ ...skill.entry, uri: spelled, resources: 'dynamic' }, { [SKILL_URI]: skillMd, [spelled]: skillMd }, spelled);
    expect(view.status).toBe('invalid');
  });
});
