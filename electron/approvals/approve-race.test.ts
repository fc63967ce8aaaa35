// An approval binds the version its blockers and acknowledgements were checked
// on. approve() awaits snapshot reads while it checks; a listing that lands in
// that gap swaps the version the app holds. Here the snapshot store swaps it
// on its first read, deterministically: approve must refuse rather than record
// the old version as approved while the engine holds the new one.
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER, SKILL_URI } from '../skills/finding-cases.unit.js';
import { SnapshotStore } from '../snapshots/snapshot-store.js';
import { DECLARED, approvalsOver, removeDataDirs, skillOnServer } from './approvals-fixture.unit.js';
import { fingerprintOf } from './fingerprint.js';

afterEach(removeDataDirs);

/** A snapshot store that runs `onFirstGet` (once) before answering its first read. */
class SwappingSnapshots extends SnapshotStore {
  onFirstGet: (() => Promise<void>) | undefined;
  override async get(serverId: string, digest: string): Promise<Buffer | undefined> {
    const swap = this.onFirstGet;
    this.onFirstGet = undefined;
    if (swap) await swap();
    return super.get(serverId, digest);
  }
}

describe('approve while a listing lands', () => {
  it('refuses when the held version changed during its checks, and records nothing', async () => {
    const fixture = await skillOnServer('approve-race', { snapshots: (dir) => new SwappingSnapshots(dir) });
    const { engine, rpc, serving, b, bFiles } = fixture;
    const snapshots = fixture.snapshots as SwappingSnapshots;
    const { approvals } = await approvalsOver(fixture);

    const fingerprintA = fingerprintOf(engine.record(SERVER, SKILL_URI)!.entry);
    snapshots.onFirstGet = async () => {
      serving.list = b;
      serving.files = bFiles;
      await engine.refresh(rpc, DECLARED);
    };
    await expect(approvals.approve({ serverId: SERVER, skillUri: SKILL_URI, fingerprint: fingerprintA })).rejects.toThrow(/described another version of it while the approval was being checked/);
    expect(fingerprintOf(engine.record(SERVER, SKILL_URI)!.entry)).not.toBe(fingerprintA);
    expect(approvals.get(SERVER, SKILL_URI)).toBeUndefined();
  });
});
