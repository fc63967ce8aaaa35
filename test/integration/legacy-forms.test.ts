// Servers from before skills/list (SPEC §6), as real processes: each legacy
// form is read, converted to the current entry shape, marked with the form it
// came in, and verified as far as what it published allows.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SkillEntry } from '../../shared/model.js';
import { createInspector, type Inspector } from '../../electron/inspector.js';
import { ROOT } from '../support/paths.js';

const SERVER = path.join(ROOT, 'test/fixtures/legacy-forms/server.mjs');
let inspector: Inspector | undefined;

async function open(form: string, tamper = false): Promise<{ inspector: Inspector; serverId: string; skills: SkillEntry[] }> {
  inspector = await createInspector({
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'si-legacy-')),
    mode: 'browser',
    appVersion: '0.0.0-test',
    demoTransport: () => ({ kind: 'stdio', command: 'false', args: [], env: {} }),
    seedDemo: false,
  });
  const added = await inspector.call('servers.add', { label: `legacy ${form}`, transport: { kind: 'stdio', command: process.execPath, args: [SERVER, form, ...(tamper ? ['--tamper'] : [])] } });
  if (!added.ok) throw new Error(added.error.message);
  const serverId = (added.result as { id: string }).id;
  const connected = await inspector.call('servers.connect', { serverId });
  expect(connected).toMatchObject({ ok: true, result: { status: 'connected', era: 'legacy' } });
  const refreshed = await inspector.call('skills.refresh', { serverId });
  if (!refreshed.ok) throw new Error(refreshed.error.message);
  return { inspector, serverId, skills: refreshed.result as SkillEntry[] };
}

async function findings(serverId: string, skillUri?: string) {
  const result = await inspector!.call('skills.findings', { serverId, ...(skillUri ? { skillUri } : {}) });
  if (!result.ok) throw new Error(result.error.message);
  return result.result as Array<{ id: string; message: string }>;
}

async function verify(serverId: string, skillUri: string): Promise<SkillEntry> {
  const result = await inspector!.call('skills.verify', { serverId, skillUri });
  if (!result.ok) throw new Error(result.error.message);
  return result.result as SkillEntry;
}

afterEach(async () => {
  await inspector?.close();
  inspector = undefined;
});

describe('legacy discovery forms', () => {
  it('index.json L0 (no digests): listed as legacy and explicitly unverifiable', async () => {
    const { serverId, skills } = await open('index-l0');
    expect(skills.map((s) => [s.uri, s.source, s.legacyForm, s.status])).toEqual([
      ['skill://csv-tidy/SKILL.md', 'legacy', 'index.json L0 (type, no digest)', 'unverifiable'],
      ['skill://tone-check/SKILL.md', 'legacy', 'index.json L0 (type, no digest)', 'unverifiable'],
    ]);
    expect((await findings(serverId)).map((f) => f.id)).toContain('legacy-index-json');
    expect((await verify(serverId, 'skill://csv-tidy/SKILL.md')).status).toBe('unverifiable');
  });

  it('index.json L1 (digest of SKILL.md, no size): the digest is checked, but with no size it is unverifiable (reduced integrity); archives are skipped with a reason', async () => {
    const { serverId, skills } = await open('index-l1');
    expect(skills.map((s) => s.legacyForm)).toEqual(['index.json L1 (type + digest)', 'index.json L1 (type + digest)']);
    const entry = await verify(serverId, 'skill://csv-tidy/SKILL.md');
    expect(entry.status).toBe('unverifiable');
    expect(entry.files['skill://csv-tidy/SKILL.md']).toMatchObject({ state: 'unverifiable', reason: expect.stringMatching(/^Reduced integrity: the digest matches, but the server published no size/) as unknown });
    const messages = (await findings(serverId)).filter((f) => f.id === 'legacy-index-json').map((f) => f.message);
    expect(messages).toContain('An index.json entry was skipped: entries of type "archive" (archives, templates) are not supported.');
  });

  it('index.json L1 with tampered bytes: the digest mismatch is caught', async () => {
    const { serverId } = await open('index-l1', true);
    const entry = await verify(serverId, 'skill://csv-tidy/SKILL.md');
    expect(entry.status).toBe('mismatch');
    expect(entry.files['skill://csv-tidy/SKILL.md']).toMatchObject({ state: 'failed', reason: 'digest' });
    expect((await findings(serverId, 'skill://csv-tidy/SKILL.md')).map((f) => f.id)).toContain('sep-2640-host-verify-digest');
  });

  it.each([
    ['index-l2', 'index.json L2 ($schema, frontmatter)'],
    ['index-l3', 'index.json L2b/L3 (url + frontmatter)'],
  ])('%s: frontmatter published and compared', async (form, label) => {
    const { serverId, skills } = await open(form);
    expect(skills.map((s) => s.legacyForm)).toEqual([label, label]);
    expect(skills[0]!.frontmatter).toEqual({ name: 'csv-tidy', description: 'Cleans CSV files. Use for messy spreadsheets.' });
    // Frontmatter and digest match; with no size published it is not called verified.
    expect((await verify(serverId, 'skill://tone-check/SKILL.md')).status).toBe('unverifiable');
  });

  it('index.json L4 (uri + resources without sizes): every file checked by digest, none called verified without a size', async () => {
    const { serverId, skills } = await open('index-l4');
    expect(skills[0]).toMatchObject({ legacyForm: 'index.json L4 (uri + resources)', resources: [{ uri: 'skill://csv-tidy/SKILL.md' }, { uri: 'skill://csv-tidy/references/RULES.md' }] });
    const entry = await verify(serverId, 'skill://csv-tidy/SKILL.md');
    expect(entry.status).toBe('unverifiable');
    expect(Object.values(entry.files).map((f) => f.state)).toEqual(['unverifiable', 'unverifiable']);
  });

  it('FastMCP _manifest: sizes and digests from the manifest are verified', async () => {
    const { serverId, skills } = await open('fastmcp');
    expect(skills.map((s) => [s.uri, s.legacyForm])).toEqual([
      ['skill://csv-tidy/SKILL.md', 'FastMCP _manifest'],
      ['skill://tone-check/SKILL.md', 'FastMCP _manifest'],
    ]);
    expect((await findings(serverId)).map((f) => f.id)).toContain('legacy-fastmcp-manifest');
    expect((await verify(serverId, 'skill://csv-tidy/SKILL.md')).status).toBe('verified');
  });

  it('FastMCP _manifest with tampered bytes: the size mismatch is caught first', async () => {
    const { serverId } = await open('fastmcp', true);
    const entry = await verify(serverId, 'skill://csv-tidy/SKILL.md');
    expect(entry.files['skill://csv-tidy/SKILL.md']).toMatchObject({ state: 'failed', reason: 'size' });
  });

  it('FastMCP _manifest under file: (honest sizes and digests): not loadable, invalid, and its SKILL.md is never shown verified', async () => {
    const { serverId, skills } = await open('fastmcp-file');
    const uri = 'file:///home/u/.agents/skills/notes/SKILL.md';
    expect(skills.map((s) => [s.uri, s.legacyForm, s.status])).toEqual([[uri, 'FastMCP _manifest', 'invalid']]);
    expect((await findings(serverId, uri)).map((f) => f.id)).toContain('sep-2640-skill-uri-scheme');
    const entry = await verify(serverId, uri);
    expect(entry.status).toBe('invalid');
    expect(Object.values(entry.files).map((f) => f.state)).not.toContain('verified');
  });

  it('resources/list scan: SKILL.md resources found, with no integrity at all', async () => {
    const { serverId, skills } = await open('scan');
    expect(skills.map((s) => [s.name, s.legacyForm, s.status])).toEqual([
      ['csv-tidy', 'resources/list scan', 'unverifiable'],
      ['tone-check', 'resources/list scan', 'unverifiable'],
    ]);
    expect((await findings(serverId)).map((f) => f.id)).toContain('legacy-resource-scan');
  });
});

it('a legacy server is never asked for skills/get (it has none), so no finding blames it for that', async () => {
  const { serverId } = await open('index-l3');
  await verify(serverId, 'skill://csv-tidy/SKILL.md');
  expect((await findings(serverId)).map((f) => f.id)).not.toContain('sep-2640-skills-get-implemented');
  await inspector!.close();
  inspector = undefined;
});
