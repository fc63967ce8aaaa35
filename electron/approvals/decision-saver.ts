// Saving a decision and auditing it. A decision lands in memory at once; one
// that allows more is undone when it cannot be saved, one that only takes away
// holds in memory and is saved, with its audit entry, at the next listing or
// at close. The in-app gateway reads approvals.json from disk, so it hears of a
// decision that takes away from here, at once and until it is on disk (held).
// Also the writes change detection starts in the background, so close can wait
// for them.
import type { Acknowledgement, ApprovalRecord, AuditAction, AuditEntry, HeldDecisions } from '../../shared/approvals-model.js';
import { ApiFailure } from '../api-failure.js';
import { serverInWords } from '../servers/server-in-words.js';
import type { FeatureDeps } from '../feature-deps.js';
import type { ApprovalStore } from './approval-store.js';
import type { AuditLog } from './audit-log.js';
import { AuditQueue } from './audit-queue.js';

/** Decisions that only take away; they hold in memory even when they could not be saved. */
const RESTRICTIVE: ReadonlySet<AuditAction> = new Set(['revoke', 'decline', 'disable', 'ungrant']);

export function unsavedNote(error: unknown): string {
  const why = error instanceof Error ? error.message : String(error);
  return `This holds now, but could not be saved: ${why} It will be saved at the next listing or when the app closes, once there is space; until it is, a restart goes back to what is on disk (a changed skill is revoked again at its next listing), and a gateway that a host started with the skill-inspector gateway command serves what is on disk; the app's own gateway stopped serving the skill at once.`;
}

export class DecisionSaver {
  private readonly inFlight = new Set<Promise<void>>();
  /** A restrictive change is in force in memory but approvals.json could not be written. */
  private storeUnsaved = false;

  /**
   * `serverId\nskillUri` of each skill a decision that takes away holds in memory, not yet on disk: from the moment
   * it is made until approvals.json is written with it, which on a full disk may be much later.
   */
  private readonly held = new Map<string, 'changed upstream' | 'by the user'>();
  /**
   * For each held skill, the number of the write that carries its decision. approvals.json is written whole and in
   * call order, each write with what the last one that landed held, the decisions kept after a failed write and its
   * own change: one that lands carries the decisions held before it, never one made after it was asked for (whose
   * own write may still fail).
   */
  private readonly heldUntil = new Map<string, number>();
  /** Writes of the store asked for by this saver, numbered from 1. */
  private writesAsked = 0;

  private readonly auditQueue: AuditQueue;

  constructor(
    private readonly deps: FeatureDeps,
    private readonly stores: { readonly store: ApprovalStore; readonly audit: AuditLog },
    private readonly labelOf: (serverId: string) => string | undefined,
    /** Told when `heldInMemory` changes (the in-app gateway withholds those skills). */
    private readonly onHeldChange: () => void = () => undefined,
  ) {
    this.auditQueue = new AuditQueue(stores.audit);
  }

  /** The skills a decision that takes away holds in memory only: approvals.json on disk may still approve and enable them. */
  get heldInMemory(): HeldDecisions {
    return this.held;
  }

  /** Write number `write` of approvals.json landed: every decision held before it was asked for is on disk. */
  private saved(write: number): void {
    // Writes settle in call order, so no later one has failed yet.
    this.storeUnsaved = false;
    let released = false;
    for (const [key, until] of this.heldUntil) {
      if (until > write) continue;
      this.heldUntil.delete(key);
      this.held.delete(key);
      released = true;
    }
    if (released) this.onHeldChange();
  }

  /** A decision or an audit entry is waiting to be saved (a full disk). */
  get hasUnsaved(): boolean {
    return this.storeUnsaved || this.auditQueue.hasWaiting;
  }

  /**
   * Saves a decision and audits it. It lands in memory at once. When it cannot
   * be saved (a full disk), the call fails, and:
   * - a decision that allows more (approve, enable, grant) is undone in memory
   *   too, so what is in force is what is saved; the renderer hears of it only
   *   once it is saved;
   * - one that only takes away (a revocation, decline, disable, withdrawn
   *   grant) stays in force in memory, which is the safe side, and is saved and
   *   audited again at the next listing and at close (retryUnsaved).
   */
  async commit(
    record: ApprovalRecord | { serverId: string; skillUri: string; removed: true },
    audit: { action: AuditAction; reason: string; automatic: boolean; note?: string; acknowledged?: readonly Acknowledgement[] },
  ): Promise<void> {
    const removed = 'removed' in record;
    const { serverId, skillUri } = record;
    const restrictive = RESTRICTIVE.has(audit.action);
    // The store undoes a failed change that allows more itself, before the next write is built, so no later write carries it.
    const ifUnsaved = restrictive ? 'keep' : 'undo';
    const saving = removed ? this.stores.store.delete(serverId, skillUri, ifUnsaved) : this.stores.store.set(record, ifUnsaved);
    const write = ++this.writesAsked;
    const event = { serverId, skillUri, record: removed ? null : record, action: audit.action, reason: audit.reason, automatic: audit.automatic };
    const entry: AuditEntry = {
      at: new Date().toISOString(),
      action: audit.action,
      serverId,
      serverLabel: this.labelOf(serverId),
      skillUri,
      reason: audit.reason,
      ...(removed ? {} : { fingerprint: record.fingerprint }),
      automatic: audit.automatic,
      ...(audit.note ? { note: audit.note } : {}),
      ...(audit.acknowledged && audit.acknowledged.length > 0 ? { acknowledged: audit.acknowledged } : {}),
    };
    if (restrictive) {
      this.held.set(`${serverId}\n${skillUri}`, !removed && record.decision === 'changed' ? 'changed upstream' : 'by the user');
      this.heldUntil.set(`${serverId}\n${skillUri}`, write);
      this.onHeldChange();
      this.deps.emit('approvals.changed', event);
    }
    try {
      await saving;
    } catch (error) {
      if (!restrictive) throw error;
      this.storeUnsaved = true;
      this.auditQueue.hold(entry);
      if (audit.automatic) throw error;
      throw new ApiFailure('failed', unsavedNote(error));
    }
    // The whole store was written, with any change that had failed before.
    this.saved(write);
    if (!restrictive) this.deps.emit('approvals.changed', event);
    await this.writeAudit(entry);
  }

  /**
   * Appends to the audit log. The decision it records is saved already, so a
   * failure (a full disk) does not fail the call: the user is told, and the
   * entry is written, with its own time, at the next listing or at close.
   */
  async writeAudit(entry: AuditEntry): Promise<void> {
    this.auditQueue.hold(entry);
    try {
      await this.auditQueue.drain();
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      const what = entry.skillUri ? `${entry.action} ${entry.skillUri}` : entry.action;
      const server = serverInWords(entry.serverLabel ?? this.labelOf(entry.serverId), entry.serverId);
      this.deps.emit('app.alert', { level: 'error', title: 'Audit log could not be written', message: `${why} The entry "${what}" on ${server} is kept and written at the next listing or when the app closes.` });
    }
  }

  /** Saves what could not be saved before (a full disk); quiet when it still cannot. */
  async retryUnsaved(): Promise<void> {
    try {
      if (this.storeUnsaved) {
        const write = ++this.writesAsked;
        await this.stores.store.flush();
        this.saved(write);
      }
      await this.auditQueue.drain();
    } catch {
      // Still no space: the change holds in memory, the user was told when it failed.
    }
  }

  background(work: Promise<unknown>): void {
    const tracked = work.then(
      () => undefined,
      (error: unknown) => {
        this.deps.emit('app.alert', { level: 'error', title: 'Approvals could not be saved', message: error instanceof Error ? error.message : String(error) });
      },
    );
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  /** Resolves once every write started by change detection has landed (so a read of the audit log sees it). */
  async settled(): Promise<void> {
    await this.retryUnsaved();
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
