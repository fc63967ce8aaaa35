// Both gateways over the app's data — the app's own (its status, which the
// gateway view shows) and `skill-inspector gateway` (a real SDK host over
// stdio) — with a skill nested in an approved parent: the nested skill,
// approved without its allowed-tools, is served by both, and its SKILL.md
// reaches the host without the field whether read as the nested skill's or as
// a file of the parent. An approved skill held back is named with the reason
// in the app's status, as the command says it on stderr.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { App } from '../fixtures/mutable-server/app.js';
import { SkillFolder, skillMd, tempDir } from '../fixtures/mutable-server/fixture.js';
import { eventually, gatewayOverStdio } from './gateway-harness.js';

const LABEL = 'Mutable skills';
const NS = 'mutable-skills';
const PDF = 'skill://pdf-tools/SKILL.md';
const FORMS = 'skill://pdf-tools/forms/SKILL.md';
const NOTES = 'skill://notes/SKILL.md';
const FORMS_MD = skillMd('forms', 'Fill one form.', ['allowed-tools: Bash(rm:*) Write'], '# Forms\n');
const FORMS_MD_UNGRANTED = skillMd('forms', 'Fill one form.', [], '# Forms\n');

const at = (uri: string) => uri.replace('skill://', `skill://${NS}/`);
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function approve(app: App, serverId: string, skillUri: string) {
  const review = await app.call('approvals.startReview', { serverId, skillUri });
  expect(review.blockers).toEqual([]);
  return app.call('approvals.approve', { serverId, skillUri, fingerprint: review.fingerprint, enable: true, acknowledge: review.acknowledgements.map((a) => a.key) });
}

describe('gateways over the app data: a nested skill, a skill held back', { timeout: 180_000 }, () => {
  test('a nested skill approved without its allowed-tools is served by both gateways, without the field from either URI; a held-back skill is named with its reason', async () => {
    const folder = await SkillFolder.create();
    await folder.write('pdf-tools/SKILL.md', skillMd('pdf-tools', 'Fill and sign PDF forms.', [], '# PDF tools\n\nSee forms/SKILL.md.\n'));
    await folder.write('pdf-tools/forms/SKILL.md', FORMS_MD);
    await folder.write('notes/SKILL.md', skillMd('notes', 'Take notes.'));
    await folder.write('drafts/SKILL.md', skillMd('drafts', 'Draft documents.'));
    const dataDir = await tempDir('gateway-withheld-data');
    const app = await App.open(dataDir);
    cleanup.push(() => app.close());
    const serverId = await app.addServer(LABEL, folder.stdio());
    await approve(app, serverId, PDF);
    await approve(app, serverId, FORMS);
    expect((await app.call('approvals.get', { serverId, skillUri: FORMS }))?.allowedTools).toMatchObject({ granted: false });

    await eventually(async () => expect(await app.call('gateway.status', {})).toMatchObject({ served: 2 }));
    expect((await app.call('gateway.status', {})).withheld).toBeUndefined();

    const gateway = await gatewayOverStdio(['--data-dir', dataDir]);
    cleanup.push(() => gateway.close());
    const listing = await gateway.skills.list();
    expect(listing.invalid).toEqual([]);
    expect(listing.skills.map((s) => s.uri)).toEqual([at(PDF), at(FORMS)]);
    const [pdf, forms] = listing.skills;
    expect(forms!.frontmatter).toEqual({ name: 'forms', description: 'Fill one form.' });
    expect(text((await gateway.skills.read(pdf!, 'forms/SKILL.md')).bytes)).toBe(FORMS_MD_UNGRANTED);
    expect(text((await gateway.skills.read(forms!)).bytes)).toBe(FORMS_MD_UNGRANTED);
    expect(gateway.stderr()).not.toContain('is not served');

    // Approved, then its SKILL.md gone from the snapshot store: held back, and the app says why.
    await approve(app, serverId, NOTES);
    const record = await app.call('approvals.get', { serverId, skillUri: NOTES });
    const own = record!.resources === 'dynamic' ? undefined : record!.resources.find((r) => r.uri === NOTES);
    await fs.rm(path.join(dataDir, 'snapshots', serverId, own!.digest.slice('sha256:'.length)));
    // Any decision rewrites approvals.json, and the app's gateway builds its set again.
    await app.call('approvals.decline', { serverId, skillUri: 'skill://drafts/SKILL.md' });
    const why = 'its approved SKILL.md is not in the snapshot store.';
    await eventually(async () => expect((await app.call('gateway.status', {})).withheld).toEqual({ count: 1, first: [{ label: LABEL, uri: NOTES, why }] }));
    expect((await gateway.skills.list()).skills.map((s) => s.uri)).toEqual([at(PDF), at(FORMS)]);
    expect(gateway.stderr()).toContain(`skill-inspector gateway: ${LABEL}: ${NOTES} is not served: ${why}`);
  });
});
