// A record respelled as the listing names the skill now (the same bytes under
// another spelling of its URIs) is the same decision: a change whose save
// fails after the respelling is still undone, so what is in force is what is
// saved (a failed approve, enable or grant is undone: IfUnsaved 'undo').
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRecord } from '../../shared/approvals-model.js';
import { ScriptedApprovalsDisk } from './scripted-approvals-disk.unit.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const URI = 'skill://acme/pdf-tools/SKILL.md';
const SPELLED = 'SKILL://acme/pdf%2Dtools/SKILL.md';

function approved(skillUri: string, fingerprint: string): ApprovalRecord {
  const resources = [{ uri: skillUri, digest: 'sha256:aa', size: 1 }];
  return { serverId: 'srv', skillUri, skillName: 'pdf-tools', decision: 'approved', resources, frontmatter: {}, fingerprint, decidedAt: '2026-01-01T00:00:00.000Z', enabled: true, allowedTools: null };
}

const FULL = new Error('Could not save approvals.json because the disk is full (ENOSPC).');

async function storeIn(): Promise<ScriptedApprovalsDisk> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'si-approval-store-'));
  dirs.push(dir);
  const store = new ScriptedApprovalsDisk(dir);
  await store.load();
  store.release();
  return store;
}

describe('ApprovalStore.respell', () => {
  it('names the decision as listed now, under any spelling, in one record', async () => {
    const store = await storeIn();
    await store.set(approved(URI, 'fp-a'), 'undo');
    expect(await store.respell([approved(SPELLED, 'fp-spelled')])).toEqual([approved(SPELLED, 'fp-spelled')]);
    expect(store.list()).toEqual([approved(SPELLED, 'fp-spelled')]);
    expect(store.get('srv', URI)).toEqual(approved(SPELLED, 'fp-spelled'));
  });

  it('a change whose write fails after its record was respelled is undone', async () => {
    const store = await storeIn();
    const previous = { ...approved(URI, 'fp-a'), enabled: false };
    await store.set(previous, 'undo');
    // Enabling: in memory at once, its write on its way (and to fail)…
    store.outcomes.push(FULL);
    const enabling = approved(URI, 'fp-a');
    const saving = store.set(enabling, 'undo');
    // …a listing respells the skill meanwhile, twice…
    const first = store.respell([{ ...enabling, skillUri: SPELLED, fingerprint: 'fp-spelled' }]);
    const second = store.respell([{ ...enabling, skillUri: URI.replace('skill:', 'Skill:'), fingerprint: 'fp-again' }]);
    store.release();
    // …and the enable's write failed: the skill is disabled again, as on disk, and neither respelling is written.
    await expect(saving).rejects.toBe(FULL);
    expect(await first).toEqual([]);
    expect(await second).toEqual([]);
    expect(store.list()).toEqual([previous]);
  });

  it('a change whose write fails after another decision replaced it is not undone', async () => {
    const store = await storeIn();
    store.outcomes.push(FULL);
    const enabling = approved(URI, 'fp-a');
    const saving = store.set(enabling, 'undo');
    const revoked = { ...enabling, decision: 'changed' as const, enabled: false };
    const revoking = store.set(revoked, 'keep');
    store.release();
    await expect(saving).rejects.toBe(FULL);
    await revoking;
    expect(store.list()).toEqual([revoked]);
  });
});
