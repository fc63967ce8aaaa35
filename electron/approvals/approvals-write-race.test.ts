// approvals.json is written whole, one write at a time. A change asked for
// while another's write is still under way must not ride on that other write:
// an approve whose own write fails is undone in memory, so a later write that
// lands (an automatic revocation of another skill, a respelled record, a
// disable) must not put it on disk, where the gateway would serve it and a
// restart would show it approved although the user was told it failed. The
// disk here fails or lands each write as the test says; nothing is timed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRecord } from '../../shared/approvals-model.js';
import type { FeatureDeps } from '../feature-deps.js';
import { StoreWriteError } from '../storage/atomic-file.js';
import { SERVER, SKILL_URI } from '../skills/finding-cases.unit.js';
import { Approvals } from './approvals.js';
import { DECLARED, RESPELLINGS, removeDataDirs, respell, skillOnServer } from './approvals-fixture.unit.js';
import { ApprovalStore } from './approval-store.js';
import { AuditLog } from './audit-log.js';
import { DecisionSaver } from './decision-saver.js';
import { fingerprintOf } from './fingerprint.js';
import { HistoryStore } from './history-store.js';
import { ScriptedApprovalsDisk } from './scripted-approvals-disk.unit.js';
import { VersionRisk } from './version-risk.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  removeDataDirs();
});

const ALPHA = 'skill://alpha/SKILL.md';
const BETA = 'skill://beta/SKILL.md';
const FULL = () => new StoreWriteError('approvals.json', Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));

function approved(skillUri: string, enabled: boolean): ApprovalRecord {
  return { serverId: 's1', skillUri, skillName: 'x', decision: 'approved', resources: [], frontmatter: {}, fingerprint: `fp-${skillUri}`, decidedAt: '2026-01-01T00:00:00.000Z', enabled, allowedTools: null };
}

function changed(record: ApprovalRecord): ApprovalRecord {
  return { ...record, decision: 'changed', enabled: false, revoked: { at: '2026-01-02T00:00:00.000Z', reason: 'The listing now describes a different version.', cause: 'entry-changed', via: 'listing' } };
}

/** What a restart would load: the records in approvals.json, as the app reads them. */
async function onDisk(dir: string): Promise<ApprovalRecord[]> {
  const store = new ApprovalStore(dir);
  await store.load();
  return store.list();
}

/** A saver over a scripted disk whose approvals.json starts with `records`. */
async function saverOver(records: readonly ApprovalRecord[]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'si-write-race-'));
  dirs.push(dir);
  if (records.length > 0) writeFileSync(path.join(dir, 'approvals.json'), JSON.stringify({ version: 1, approvals: records }));
  const store = new ScriptedApprovalsDisk(dir);
  expect(await store.load()).toBeUndefined();
  const told: Array<{ skillUri: string; action: string; record: ApprovalRecord | null }> = [];
  const deps = { emit: (event: string, payload: { skillUri: string; action: string; record: ApprovalRecord | null }) => event === 'approvals.changed' && told.push({ skillUri: payload.skillUri, action: payload.action, record: payload.record }) } as unknown as FeatureDeps;
  const saver = new DecisionSaver(deps, { store, audit: new AuditLog(dir) }, () => 'Label');
  return { dir, store, saver, told };
}

describe('a write asked for while an approve is saving', () => {
  it("an automatic revocation of another skill that lands does not put the failed approve on disk", async () => {
    const beta = approved(BETA, true);
    const { dir, store, saver, told } = await saverOver([beta]);
    store.outcomes.push(FULL(), 'land');
    const approving = saver.commit(approved(ALPHA, true), { action: 'approve', reason: 'Approved.', automatic: false });
    const revoking = saver.commit(changed(beta), { action: 'revoke', reason: 'Changed.', automatic: true });
    store.release();
    await expect(approving).rejects.toThrow(/disk is full/);
    await revoking;

    expect(await onDisk(dir)).toEqual([changed(beta)]);
    expect(store.list()).toEqual([changed(beta)]);
    expect(told).toEqual([{ skillUri: BETA, action: 'revoke', record: changed(beta) }]);
    expect([...saver.heldInMemory.keys()]).toEqual([]);
  });

  it('a disable whose write failed is carried by the next write that lands (it holds in memory)', async () => {
    const beta = approved(BETA, true);
    const { dir, store, saver } = await saverOver([beta]);
    store.outcomes.push(FULL(), 'land');
    const disabling = saver.commit({ ...beta, enabled: false }, { action: 'disable', reason: 'Disabled by the user.', automatic: false });
    const approving = saver.commit(approved(ALPHA, false), { action: 'approve', reason: 'Approved.', automatic: false });
    store.release();
    await expect(disabling).rejects.toThrow(/could not be saved/);
    await approving;

    const both = [approved(ALPHA, false), { ...beta, enabled: false }];
    expect(await onDisk(dir)).toEqual(both);
    expect(store.list().sort((x, y) => (x.skillUri < y.skillUri ? -1 : 1))).toEqual(both);
    expect([...saver.heldInMemory.keys()]).toEqual([]);
  });

  it('an enable of the approval being saved is not saved when the approval is not: nothing is approved, in memory or on disk', async () => {
    const { dir, store, saver, told } = await saverOver([]);
    store.outcomes.push(FULL(), 'land');
    const approving = saver.commit(approved(ALPHA, false), { action: 'approve', reason: 'Approved.', automatic: false });
    const enabling = saver.commit(approved(ALPHA, true), { action: 'enable', reason: 'Enabled by the user.', automatic: false });
    store.release();
    await expect(approving).rejects.toThrow(/disk is full/);
    await expect(enabling).rejects.toThrow(`${ALPHA} was not saved: the change before it (an approve, enable or grant of the skill) could not be saved, so this one, made on top of it, is not in force either. Look at the skill again.`);

    expect(await onDisk(dir)).toEqual([]);
    expect(store.list()).toEqual([]);
    expect(told).toEqual([]);
  });

  it('an approve and an enable of it that both fail leave nothing approved in memory', async () => {
    const { dir, store, saver } = await saverOver([]);
    store.outcomes.push(FULL(), FULL());
    const approving = saver.commit(approved(ALPHA, false), { action: 'approve', reason: 'Approved.', automatic: false });
    const enabling = saver.commit(approved(ALPHA, true), { action: 'enable', reason: 'Enabled by the user.', automatic: false });
    store.release();
    await expect(approving).rejects.toThrow(/disk is full/);
    await expect(enabling).rejects.toThrow();

    expect(await onDisk(dir)).toEqual([]);
    expect(store.list()).toEqual([]);
  });
});

describe('a relisting that respells the skill while its approve is saving', () => {
  async function approvingWhileRespelled(outcome: 'land' | Error) {
    const fixture = await skillOnServer('write-race-respell');
    const { dataDir, deps, snapshots, engine, rpc, serving, a, events } = fixture;
    const store = new ScriptedApprovalsDisk(dataDir);
    const history = new HistoryStore(path.join(dataDir, 'history'), () => undefined);
    const approvals = new Approvals(deps, { store, audit: new AuditLog(dataDir), history, snapshots, risk: new VersionRisk(undefined, snapshots) });
    await approvals.init();
    store.outcomes.push(outcome, 'land');
    const approving = approvals.approve({ serverId: SERVER, skillUri: SKILL_URI, fingerprint: fingerprintOf(engine.record(SERVER, SKILL_URI)!.entry), enable: true });
    await store.firstAsked;
    const spelled = respell(a, RESPELLINGS[0]![1]);
    serving.list = spelled;
    await engine.refresh(rpc, DECLARED);
    store.release();
    const told = () => events.filter((e) => e.event === 'approvals.changed').map((e) => e.payload as { skillUri: string; record: ApprovalRecord | null; action: string });
    return { approving, approvals, store, spelled, dataDir, told, engine };
  }

  it('the approve fails, the respelled record is not written: nothing is approved on disk, in memory or in the window', async () => {
    const { approving, approvals, store, dataDir, told } = await approvingWhileRespelled(FULL());
    await expect(approving).rejects.toThrow(/disk is full/);
    await approvals.settled();

    expect(await onDisk(dataDir)).toEqual([]);
    expect(store.list()).toEqual([]);
    expect(told()).toEqual([]);
  });

  it('the approve lands: the record is written as listed now, and the window is told of it under that URI', async () => {
    const { approving, approvals, store, spelled, dataDir, told, engine } = await approvingWhileRespelled('land');
    await approving;
    await approvals.settled();

    const now = fingerprintOf(engine.record(SERVER, spelled.uri)!.entry);
    const [record] = store.list();
    expect(record).toMatchObject({ skillUri: spelled.uri, decision: 'approved', enabled: true, fingerprint: now });
    expect(await onDisk(dataDir)).toEqual([record]);
    expect(told().at(-1)).toMatchObject({ skillUri: spelled.uri, record });
  });
});
