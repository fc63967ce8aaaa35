// Content-bound approvals. A decision is keyed by (server identity, skill URI)
// and bound to the exact file set and frontmatter the user reviewed. Every
// listing, skills/get and verified read is compared with it: anything else
// revokes the approval, disables the skill, withdraws its grants, and says
// exactly what changed. Approving never enables, never grants allowed-tools,
// and never reaches a nested skill: each of those is its own explicit choice.
// The comparing is change-detection.ts; saving and auditing, decision-saver.ts.
import type { Acknowledgement, ApprovalRecord, EnabledExport, HeldDecisions, StoreProblemView } from '../../shared/approvals-model.js';
import type { ApprovalState, ServerConfig } from '../../shared/model.js';
import { storeProblemMessage, storeProblemTitle } from '../../shared/store-problem.js';
import { ApiFailure } from '../api-failure.js';
import type { FeatureDeps } from '../feature-deps.js';
import type { SnapshotStore } from '../snapshots/snapshot-store.js';
import type { StoreProblem } from '../storage/json-store.js';
import type { ApprovalStore } from './approval-store.js';
import type { AuditLog } from './audit-log.js';
import { ChangeDetection } from './change-detection.js';
import { DecisionSaver } from './decision-saver.js';
import { fingerprintOf } from './fingerprint.js';
import type { HistoryStore } from './history-store.js';
import { allowedToolsOf } from './skill-requests.js';
import { approvalBlockers, dynamicMessage } from './approval-blockers.js';
import { approvalReason, checkAcknowledged, requiredAcknowledgements } from './acknowledgements.js';
import type { VersionRisk } from './version-risk.js';

export interface ApprovalStores {
  readonly store: ApprovalStore;
  readonly audit: AuditLog;
  readonly history: HistoryStore;
  readonly snapshots: SnapshotStore;
  /** The content-risk findings of a version, from its exact bytes: the approve check and the diff read them here. */
  readonly risk: VersionRisk;
}

function approvalStateOf(record: ApprovalRecord | undefined): ApprovalState {
  return record ? record.decision : 'none';
}

export class Approvals {
  private readonly pendingAlerts: Array<{ level: 'error' | 'warning'; title: string; message: string }> = [];
  readonly problems: StoreProblemView[] = [];
  auditUnreadableLines: number[] = [];

  private readonly saver: DecisionSaver;
  private readonly changes: ChangeDetection;

  constructor(
    private readonly deps: FeatureDeps,
    readonly stores: ApprovalStores,
    onHeldChange?: () => void,
  ) {
    this.saver = new DecisionSaver(deps, stores, (serverId) => this.labelOf(serverId), onHeldChange);
    this.changes = new ChangeDetection(deps, stores, this.saver);
  }

  /** Loads the stores (reporting any damage loudly) and starts watching the engine. */
  async init(): Promise<void> {
    const problem = await this.stores.store.load();
    if (problem) this.reportProblem(problem, 'approvals');
    await this.stores.snapshots.sweep();
    // An audit log that cannot be read at all (a FIFO or device in its place) is reported, not fatal: the approvals still load.
    const audit = await this.stores.audit.read({ limit: 1 }).catch((error: unknown) => {
      this.alertLater('error', 'Audit log cannot be read', `${error instanceof Error ? error.message : String(error)} Move it away or delete it: until then no new entry can be written to the audit log.`);
      return { unreadableLines: [] as number[] };
    });
    this.auditUnreadableLines = audit.unreadableLines;
    if (audit.unreadableLines.length > 0) {
      const lines = audit.unreadableLines.slice(0, 5).join(', ');
      this.alertLater('warning', 'Audit log: unreadable lines skipped', `${audit.unreadableLines.length} line(s) of ${this.stores.audit.file} could not be read (line ${lines}); a crash while writing can tear the last line. Every other entry was read.`);
    }
    const { engine, catalog } = this.deps;
    engine.setApprovalLookup((serverId, skillUri) => {
      const record = this.stores.store.get(serverId, skillUri);
      return { approval: approvalStateOf(record), enabled: record?.decision === 'approved' && record.enabled };
    });
    engine.onEntries((event) => this.changes.entriesObserved(event.serverId, event.entries, event.via));
    engine.onFile((event) => this.changes.fileObserved(event));
    catalog.onRemove((server) => this.forgetServer(server));
  }

  /** `store`: which file it was, approvals.json or a server's version history; the title names it, so history damage never reads as lost approvals. */
  reportProblem(problem: StoreProblem, store: StoreProblemView['store']): void {
    const view: StoreProblemView = { store, file: problem.file, message: problem.message, ...(problem.keptAs ? { keptAs: problem.keptAs } : {}), recoveredFrom: problem.recoveredFrom };
    this.problems.push(view);
    this.alertLater('error', storeProblemTitle(view), storeProblemMessage(view));
  }

  /**
   * Alerts raised while starting wait for the first approvals call: at start
   * no window is listening yet, and a damaged store must not go unseen.
   */
  private alertLater(level: 'error' | 'warning', title: string, message: string): void {
    this.pendingAlerts.push({ level, title, message });
  }

  flushAlerts(): void {
    for (const alert of this.pendingAlerts.splice(0)) this.deps.emit('app.alert', alert);
  }

  get(serverId: string, skillUri: string): ApprovalRecord | undefined {
    return this.stores.store.get(serverId, skillUri);
  }

  stateOf(serverId: string, skillUri: string): { known: boolean; approval: ApprovalState; enabled: boolean } {
    const record = this.get(serverId, skillUri);
    return { known: Boolean(this.deps.engine.record(serverId, skillUri)), approval: approvalStateOf(record), enabled: record?.decision === 'approved' && record.enabled };
  }

  /** Fingerprint of the version the app holds for the skill (from its last listing or skills/get). */
  heldFingerprint(serverId: string, skillUri: string): string | undefined {
    const record = this.deps.engine.record(serverId, skillUri);
    return record ? fingerprintOf(record.entry) : undefined;
  }

  /** `serverId\nskillUri` of the skills a revocation, decline or disable holds in memory only (see decision-saver.ts). */
  get heldInMemory(): HeldDecisions {
    return this.saver.heldInMemory;
  }

  /** Resolves once every write started by change detection has landed (so a read of the audit log sees it). */
  settled(): Promise<void> {
    return this.saver.settled();
  }

  private labelOf(serverId: string): string | undefined {
    return this.deps.catalog.list().find((s) => s.id === serverId)?.label;
  }

  // ---- what approval needs -------------------------------------------------

  /** Why the version the app holds cannot be approved now; `expected` is the fingerprint the user looked at. */
  blockers(serverId: string, skillUri: string, expected?: string): Promise<string[]> {
    return approvalBlockers({ engine: this.deps.engine, snapshots: this.stores.snapshots, latest: this.changes.latest(serverId, skillUri) }, serverId, skillUri, expected);
  }

  /** The error-level findings of the version the app holds, each of which approving it needs acknowledged. */
  async acknowledgementsFor(serverId: string, skillUri: string): Promise<Acknowledgement[]> {
    const held = this.deps.engine.record(serverId, skillUri);
    if (!held) return [];
    const version = { fingerprint: fingerprintOf(held.entry), resources: held.entry.resources, frontmatter: held.entry.frontmatter };
    return requiredAcknowledgements({ engine: this.deps.engine, risk: this.stores.risk }, serverId, skillUri, version);
  }

  // ---- the user's decisions ------------------------------------------------

  async approve(params: { serverId: string; skillUri: string; fingerprint: string; note?: string; enable?: boolean; acknowledge?: readonly string[] }): Promise<ApprovalRecord> {
    const { serverId, skillUri } = params;
    const server = this.deps.catalog.get(serverId);
    const held = this.requireSkill(server, skillUri);
    if (held.entry.resources === 'dynamic') throw new ApiFailure('conflict', dynamicMessage(skillUri));
    const blockers = await this.blockers(serverId, skillUri, params.fingerprint);
    if (blockers.length > 0) throw new ApiFailure('conflict', `${skillUri} was not approved. ${blockers.join(' ')}`);
    // Checked here, on the findings of exactly this version's bytes: the window's checkboxes only carry the keys.
    const acknowledged = checkAcknowledged(await this.acknowledgementsFor(serverId, skillUri), params.acknowledge, skillUri);
    // The checks above awaited (snapshot reads): a listing that landed meanwhile may hold another version, whose
    // blockers and acknowledgements were never asked. The approval binds only the version they were checked on.
    const current = this.deps.engine.record(serverId, skillUri);
    if (!current || fingerprintOf(current.entry) !== fingerprintOf(held.entry)) {
      throw new ApiFailure('conflict', `${skillUri} was not approved: the server described another version of it while the approval was being checked. Look at it again before approving.`);
    }
    const entry = held.entry;
    const resources = Array.isArray(entry.resources) ? entry.resources.map((r) => ({ uri: r.uri, digest: r.digest, size: r.size })) : [];
    const previous = this.get(serverId, skillUri);
    const same = previous?.decision === 'approved' && previous.fingerprint === params.fingerprint;
    const tools = allowedToolsOf(entry.frontmatter);
    const now = new Date().toISOString();
    const record: ApprovalRecord = {
      serverId,
      skillUri,
      skillName: typeof entry.frontmatter['name'] === 'string' ? entry.frontmatter['name'] : '',
      decision: 'approved',
      resources,
      frontmatter: entry.frontmatter,
      fingerprint: params.fingerprint,
      decidedAt: now,
      ...(params.note ? { note: params.note } : {}),
      enabled: params.enable ?? (same ? previous.enabled : false),
      // Approving binds content; it never grants the elevation the skill asks for.
      allowedTools: tools ? { requested: tools.requested, granted: same ? (previous.allowedTools?.granted ?? false) : false } : null,
      ...(acknowledged.length > 0 ? { acknowledged } : {}),
    };
    const reason = approvalReason(previous?.decision === 'changed', acknowledged);
    await this.saver.commit(record, { action: 'approve', reason, automatic: false, ...(params.note ? { note: params.note } : {}), acknowledged });
    if (params.enable && !(same && previous.enabled)) {
      await this.saver.writeAudit({ at: new Date().toISOString(), action: 'enable', serverId, serverLabel: this.labelOf(serverId), skillUri, reason: 'Enabled on approval.', fingerprint: record.fingerprint, automatic: false });
    }
    this.deps.engine.republish(serverId, [skillUri]);
    return record;
  }

  async decline(params: { serverId: string; skillUri: string; note?: string }): Promise<ApprovalRecord> {
    const { serverId, skillUri } = params;
    const server = this.deps.catalog.get(serverId);
    const { entry } = this.requireSkill(server, skillUri);
    const tools = allowedToolsOf(entry.frontmatter);
    const record: ApprovalRecord = {
      serverId,
      skillUri,
      skillName: typeof entry.frontmatter['name'] === 'string' ? entry.frontmatter['name'] : '',
      decision: 'declined',
      resources: entry.resources === 'dynamic' ? 'dynamic' : (entry.resources ?? []).map((r) => ({ uri: r.uri, digest: r.digest, size: r.size })),
      frontmatter: entry.frontmatter,
      fingerprint: fingerprintOf(entry),
      decidedAt: new Date().toISOString(),
      ...(params.note ? { note: params.note } : {}),
      enabled: false,
      allowedTools: tools ? { requested: tools.requested, granted: false } : null,
    };
    await this.saver.commit(record, { action: 'decline', reason: params.note ? `Declined: ${params.note}` : 'Declined by the user.', automatic: false, ...(params.note ? { note: params.note } : {}) });
    this.deps.engine.republish(serverId, [skillUri]);
    return record;
  }

  /** Withdraws any decision; the skill is "not reviewed" again. */
  async revoke(params: { serverId: string; skillUri: string; reason?: string }): Promise<{ revoked: boolean }> {
    const { serverId, skillUri } = params;
    this.deps.catalog.get(serverId);
    const existing = this.get(serverId, skillUri);
    if (!existing) return { revoked: false };
    const what = existing.decision === 'declined' ? 'decline' : 'approval';
    await this.saver.commit({ serverId, skillUri, removed: true }, { action: 'revoke', reason: `The ${what} was withdrawn by the user${params.reason ? `: ${params.reason}` : '.'}`, automatic: false });
    this.deps.engine.republish(serverId, [skillUri]);
    return { revoked: true };
  }

  async setEnabled(params: { serverId: string; skillUri: string; enabled: boolean }): Promise<ApprovalRecord> {
    const record = this.requireApproved(params.serverId, params.skillUri, params.enabled ? 'enabled' : 'disabled');
    if (record.enabled === params.enabled) return record;
    const next: ApprovalRecord = { ...record, enabled: params.enabled };
    await this.saver.commit(next, { action: params.enabled ? 'enable' : 'disable', reason: params.enabled ? 'Enabled by the user.' : 'Disabled by the user.', automatic: false });
    this.deps.engine.republish(params.serverId, [params.skillUri]);
    return next;
  }

  async setGrant(params: { serverId: string; skillUri: string; allowedTools: boolean }): Promise<ApprovalRecord> {
    const record = this.requireApproved(params.serverId, params.skillUri, params.allowedTools ? 'granted its allowed-tools' : 'have its allowed-tools withdrawn');
    if (!record.allowedTools) throw new ApiFailure('conflict', `${params.skillUri} requests no allowed-tools; there is nothing to grant.`);
    if (record.allowedTools.granted === params.allowedTools) return record;
    const next: ApprovalRecord = { ...record, allowedTools: { requested: record.allowedTools.requested, granted: params.allowedTools, decidedAt: new Date().toISOString() } };
    const tools = record.allowedTools.requested.join(' ');
    await this.saver.commit(next, {
      action: params.allowedTools ? 'grant' : 'ungrant',
      reason: params.allowedTools ? `allowed-tools granted by the user: ${tools}` : `allowed-tools withdrawn by the user: ${tools}`,
      automatic: false,
    });
    return next;
  }

  exportEnabled(serverId: string): { document: EnabledExport; fileName: string } {
    const server = this.deps.catalog.get(serverId);
    const skills = this.stores.store
      .list(serverId)
      .filter((r) => r.decision === 'approved' && r.enabled && Array.isArray(r.resources))
      .sort((a, b) => (a.skillUri < b.skillUri ? -1 : 1))
      .map((r) => ({ uri: r.skillUri, name: r.skillName, fingerprint: r.fingerprint, resources: Array.isArray(r.resources) ? r.resources : [], approvedAt: r.decidedAt, allowedTools: r.allowedTools }));
    const safe = server.label.replace(/[^a-z0-9-_]+/gi, '-').replace(/^-|-$/g, '') || 'server';
    return {
      document: { format: 'skill-inspector/enabled-skills', version: 1, server: { id: server.id, label: server.label }, exportedAt: new Date().toISOString(), skills },
      fileName: `enabled-skills-${safe}.json`,
    };
  }

  /**
   * Brings the engine's held entry up to what the server said last: a
   * skills/get may have described a newer version than the listing held.
   */
  async syncHeldEntry(serverId: string, skillUri: string, signal?: AbortSignal): Promise<void> {
    const record = this.deps.engine.record(serverId, skillUri);
    const latest = this.changes.latest(serverId, skillUri);
    if (!record || !latest || fingerprintOf(record.entry) === latest.fingerprint) return;
    const rpc = this.deps.rpcFor(serverId);
    if (record.source === 'listed' || record.source === 'legacy') {
      await this.deps.engine.refresh(rpc, this.deps.pool.find(serverId)?.snapshot.capabilities, signal);
    } else {
      await this.deps.engine.loadByUri(rpc, skillUri, record.source);
    }
  }

  /** `server` from the catalog (which says when it is gone), so the message names it by its label. */
  private requireSkill(server: ServerConfig, skillUri: string) {
    const record = this.deps.engine.record(server.id, skillUri);
    if (!record) throw new ApiFailure('not-found', `No skill ${skillUri} is known on "${server.label}". Refresh the listing or load it by URI.`);
    return record;
  }

  private requireApproved(serverId: string, skillUri: string, wanted: string): ApprovalRecord {
    this.deps.catalog.get(serverId);
    const record = this.get(serverId, skillUri);
    if (record?.decision === 'approved') return record;
    if (record?.decision === 'changed') {
      throw new ApiFailure('conflict', `${skillUri} changed since it was approved (${record.revoked?.reason ?? 'its content changed'}). Review the change and approve it again before it can be ${wanted}.`);
    }
    if (record?.decision === 'declined') throw new ApiFailure('conflict', `${skillUri} was declined. Only an approved skill can be ${wanted}.`);
    const nested = this.deps.engine.record(serverId, skillUri)?.nestedIn;
    throw new ApiFailure(
      'conflict',
      `${skillUri} is not approved. Only an approved skill can be ${wanted}.${nested ? ` It sits inside ${nested}, but approving that skill does not approve this one: it needs its own review.` : ' Review and approve it first.'}`,
    );
  }

  /**
   * Forgets a removed server (servers.json no longer lists it). Each part runs
   * even when another fails, and what is left is named with where it is, for
   * the removal to say: the first failure used to skip the rest, unnamed.
   */
  private async forgetServer(server: ServerConfig): Promise<void> {
    const left: string[] = [];
    const attempt = async (step: () => Promise<unknown>, what: string, after = '') => {
      await step().catch((error: unknown) => left.push(`${what} (${error instanceof Error ? error.message : String(error)})${after}`));
    };
    const removed = this.stores.store.list(server.id);
    // A failed write keeps them out of force in memory, and the store's next write that lands carries their removal.
    const decisions = `its ${removed.length} decision${removed.length === 1 ? ' is' : 's are'} still in ${this.stores.store.file}`;
    await attempt(() => this.stores.store.removeServer(server.id), decisions, `, out of force; the file's next save while the app runs drops ${removed.length === 1 ? 'it' : 'them'}`);
    await attempt(() => this.stores.snapshots.removeServer(server.id), `its stored snapshots are still in ${this.stores.snapshots.folderOf(server.id)}`);
    await attempt(() => this.stores.history.removeServer(server.id), `its history is still in ${this.stores.history.fileOf(server.id)}`);
    this.changes.forgetServer(server.id);
    const reason =
      left.length === 0
        ? `The server "${server.label}" was removed: ${removed.length} decision(s), its stored snapshots and its history were deleted.`
        : `The server "${server.label}" was removed: ${removed.length} decision(s) are no longer in force, but not all could be deleted: ${left.join('; ')}.`;
    await attempt(() => this.stores.audit.append({ action: 'forget', serverId: server.id, serverLabel: server.label, reason, automatic: false }), `the audit log ${this.stores.audit.file} has no entry for the removal`);
    for (const r of removed) this.deps.emit('approvals.changed', { serverId: r.serverId, skillUri: r.skillUri, record: null, action: 'forget', reason, automatic: false });
    if (left.length > 0) throw new Error(left.join('; '));
  }
}
