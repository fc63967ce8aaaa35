// What the in-app gateway withholds while a decision that takes away is not yet
// on disk (heldInMemory). approvals.json is written whole, in call order, each
// write with what is on disk, the decisions kept after a failed write and its
// own: a write that lands says nothing about a decision made after it was asked
// for, whose own write may still fail (a full disk).
import { describe, expect, it } from 'vitest';
import type { ApprovalRecord, AuditEntry } from '../../shared/approvals-model.js';
import type { FeatureDeps } from '../feature-deps.js';
import type { ApprovalStore } from './approval-store.js';
import type { AuditLog } from './audit-log.js';
import { DecisionSaver } from './decision-saver.js';

/** An approvals store whose writes land or fail when the test says. */
class StoreWithWrites {
  readonly records = new Map<string, ApprovalRecord>();
  readonly writes: Array<{ land: () => void; fail: (error: Error) => void }> = [];

  get(serverId: string, skillUri: string): ApprovalRecord | undefined {
    return this.records.get(`${serverId}\n${skillUri}`);
  }
  set(record: ApprovalRecord): Promise<void> {
    this.records.set(`${record.serverId}\n${record.skillUri}`, record);
    return this.write();
  }
  delete(serverId: string, skillUri: string): Promise<boolean> {
    this.records.delete(`${serverId}\n${skillUri}`);
    return this.write().then(() => true);
  }
  flush(): Promise<void> {
    return this.write();
  }
  private write(): Promise<void> {
    return new Promise<void>((resolve, reject) => this.writes.push({ land: resolve, fail: reject }));
  }
}

function record(skillUri: string, enabled: boolean): ApprovalRecord {
  return { serverId: 's1', skillUri, skillName: 'x', decision: 'approved', resources: [], frontmatter: {}, fingerprint: 'f', decidedAt: '2026-01-01T00:00:00.000Z', enabled, allowedTools: null };
}

function saverOver(store: StoreWithWrites): DecisionSaver {
  const deps = { emit: () => undefined } as unknown as FeatureDeps;
  const audit = { append: async (_entry: AuditEntry) => undefined } as unknown as AuditLog;
  return new DecisionSaver(deps, { store: store as unknown as ApprovalStore, audit }, () => 'Label');
}

const FULL = new Error('Could not save approvals.json because the disk is full (ENOSPC).');

describe('DecisionSaver: what is held in memory until it is on disk', () => {
  it('an earlier write landing does not release a disable asked for after it, whose own write then fails', async () => {
    const store = new StoreWithWrites();
    const saver = saverOver(store);
    // Approving alpha: its write is asked for, with alpha approved and beta still enabled.
    const approving = saver.commit(record('skill://alpha/SKILL.md', true), { action: 'approve', reason: 'Approved.', automatic: false });
    // The user disables beta while that write is under way: held, until a write with it lands.
    const disabling = saver.commit(record('skill://beta/SKILL.md', false), { action: 'disable', reason: 'Disabled by the user.', automatic: false });
    expect([...saver.heldInMemory.keys()]).toEqual(['s1\nskill://beta/SKILL.md']);

    // The first write lands: on disk beta is still enabled.
    store.writes[0]!.land();
    await approving;
    expect([...saver.heldInMemory.keys()]).toEqual(['s1\nskill://beta/SKILL.md']);

    // The second write fails: the disable holds in memory only, so the gateway must still withhold beta.
    store.writes[1]!.fail(FULL);
    await expect(disabling).rejects.toThrow(/could not be saved/);
    expect([...saver.heldInMemory.keys()]).toEqual(['s1\nskill://beta/SKILL.md']);

    // Once a write with it lands (the retry at the next listing), it is on disk and no longer held.
    const retry = saver.retryUnsaved();
    store.writes[2]!.land();
    await retry;
    expect([...saver.heldInMemory.keys()]).toEqual([]);
  });

  it('a later write that lands carries every decision held before it', async () => {
    const store = new StoreWithWrites();
    const saver = saverOver(store);
    const disabling = saver.commit(record('skill://beta/SKILL.md', false), { action: 'disable', reason: 'Disabled by the user.', automatic: false });
    store.writes[0]!.fail(FULL);
    await expect(disabling).rejects.toThrow(/could not be saved/);
    expect([...saver.heldInMemory.keys()]).toEqual(['s1\nskill://beta/SKILL.md']);
    // Approving alpha writes the whole store, beta's disable with it.
    const approving = saver.commit(record('skill://alpha/SKILL.md', true), { action: 'approve', reason: 'Approved.', automatic: false });
    store.writes[1]!.land();
    await approving;
    expect([...saver.heldInMemory.keys()]).toEqual([]);
  });
});

describe('DecisionSaver: the alert when the audit log cannot be written', () => {
  function failingAudit(labels: Record<string, string>) {
    const alerts: Array<{ title: string; message: string }> = [];
    const deps = { emit: (_event: string, payload: { title: string; message: string }) => void alerts.push(payload) } as unknown as FeatureDeps;
    const audit = { append: async () => Promise.reject(new Error('Could not save audit.jsonl because the disk is full (ENOSPC).')) } as unknown as AuditLog;
    const saver = new DecisionSaver(deps, { store: new StoreWithWrites() as unknown as ApprovalStore, audit }, (id) => labels[id]);
    return { saver, alerts };
  }
  const entry = (serverId: string, skillUri?: string): AuditEntry => ({ at: '2026-01-01T00:00:00.000Z', action: 'approve', serverId, ...(skillUri ? { skillUri } : {}), reason: 'Approved.', automatic: false });

  it('names the skill and the server by its label, never by its id', async () => {
    const { saver, alerts } = failingAudit({ '0b6e2f5c-9a41-4d3e-8c1f-2a7d5e9b3c10': 'Team tools' });
    await saver.writeAudit(entry('0b6e2f5c-9a41-4d3e-8c1f-2a7d5e9b3c10', 'skill://alpha/SKILL.md'));
    await saver.writeAudit(entry('0b6e2f5c-9a41-4d3e-8c1f-2a7d5e9b3c10'));
    expect(alerts.map((a) => a.message)).toEqual([
      'Could not save audit.jsonl because the disk is full (ENOSPC). The entry "approve skill://alpha/SKILL.md" on "Team tools" is kept and written at the next listing or when the app closes.',
      'Could not save audit.jsonl because the disk is full (ENOSPC). The entry "approve" on "Team tools" is kept and written at the next listing or when the app closes.',
    ]);
  });

  it('says in words when the server is no longer in the list', async () => {
    const { saver, alerts } = failingAudit({});
    await saver.writeAudit(entry('0b6e2f5c-9a41-4d3e-8c1f-2a7d5e9b3c10'));
    expect(alerts.map((a) => a.message)).toEqual([
      'Could not save audit.jsonl because the disk is full (ENOSPC). The entry "approve" on a server no longer in your list (id 0b6e2f5c-9a41-4d3e-8c1f-2a7d5e9b3c10) is kept and written at the next listing or when the app closes.',
    ]);
  });
});
