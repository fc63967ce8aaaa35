// The user's decisions about skills (approve, decline, revoke, enable,
// grant), kept current by 'approvals.changed'; the approvals store's health;
// and the per-server pieces: the enabled set, exports, lockfile import and
// the audit log. These actions are the only code that changes a decision.
import { showToast } from './toast.js';
import { create } from 'zustand';
import type { EnabledExportResult, LockExportResult, LockImportResult } from '../../../shared/api-approvals.js';
import type { Events } from '../../../shared/api.js';
import type { ApprovalRecord, ApprovalStoreStatus, AuditEntry } from '../../../shared/approvals-model.js';
import { STORE_PROBLEM_TITLES, storeProblemMessage, storeProblemTitle } from '../../../shared/store-problem.js';
import { api, errorMessage } from '../api.js';
import { skillKey } from './keys.js';
import { useSelection } from './selection.js';
import { serverById, useServers } from './servers.js';

export type Loaded<T> = { readonly state: 'loading' } | { readonly state: 'loaded'; readonly value: T } | { readonly state: 'error'; readonly message: string };

/** Audit pages per server id; '' for every server. */
export const ALL_AUDIT = '';

interface ApprovalsState {
  records: ReadonlyMap<string, ApprovalRecord>;
  storeStatus?: ApprovalStoreStatus;
  /** The titles of the start alerts about a damaged store this window has seen (so the app does not say one twice). */
  storeAlertsSeen: ReadonlySet<string>;
  /** Decisions on their way, by skill key. */
  busy: ReadonlySet<string>;
  /** The last failed decision per skill key, in the main process's words. */
  errors: ReadonlyMap<string, string>;
  audits: ReadonlyMap<string, Loaded<{ readonly entries: readonly AuditEntry[]; readonly unreadableLines: readonly number[] }>>;
  lockImport?: Loaded<LockImportResult>;
  /** Decisions and store health, at start. */
  load(): Promise<void>;
  applyChanged(change: Events['approvals.changed']): void;
  noteAlert(title: string): void;
  /** `acknowledge`: the keys of the version's error-level findings, each ticked by the user (the main process checks them). */
  approve(serverId: string, skillUri: string, fingerprint: string, note?: string, acknowledge?: readonly string[]): Promise<ApprovalRecord | undefined>;
  decline(serverId: string, skillUri: string, note?: string): Promise<ApprovalRecord | undefined>;
  revoke(serverId: string, skillUri: string): Promise<void>;
  setEnabled(serverId: string, skillUri: string, enabled: boolean): Promise<void>;
  setGrant(serverId: string, skillUri: string, allowedTools: boolean): Promise<void>;
  clearError(serverId: string, skillUri: string): void;
  loadAudit(serverId?: string): Promise<void>;
  exportEnabled(serverId: string): Promise<EnabledExportResult>;
  exportLock(serverId?: string): Promise<LockExportResult>;
  importLock(text: string, name: string): Promise<void>;
  dismissLockImport(): void;
}

export const useApprovals = create<ApprovalsState>((set, get) => {
  /** The new state at once, without waiting for its 'approvals.changed' event. */
  function keep(record: ApprovalRecord | null, serverId: string, skillUri: string): void {
    const key = skillKey(serverId, skillUri);
    const records = new Map(get().records);
    if (record) records.set(key, record);
    else records.delete(key);
    // Audit pages are stale after any decision; they are fetched again when shown.
    set({ records, audits: new Map() });
  }

  /** Runs one decision for a skill: marks it busy, keeps its error, never throws. */
  async function decide<T>(serverId: string, skillUri: string, work: () => Promise<T>): Promise<T | undefined> {
    const key = skillKey(serverId, skillUri);
    const errors = new Map(get().errors);
    errors.delete(key);
    set({ busy: new Set(get().busy).add(key), errors });
    try {
      return await work();
    } catch (error) {
      set({ errors: new Map(get().errors).set(key, errorMessage(error)) });
      return undefined;
    } finally {
      const busy = new Set(get().busy);
      busy.delete(key);
      set({ busy });
    }
  }

  return {
    records: new Map(),
    storeAlertsSeen: new Set(),
    busy: new Set(),
    errors: new Map(),
    audits: new Map(),
    async load() {
      const [records, status] = await Promise.all([api.call('approvals.list', {}), api.call('approvals.storeStatus', {})]);
      set({ records: new Map(records.map((r) => [skillKey(r.serverId, r.skillUri), r])), storeStatus: status });
      // The first approvals call makes the main process alert about a damaged store; if that alert went
      // to no window (another client called first), say it here, in its words and titled by the store it
      // hit: a recovered store must never go unseen, nor a damaged version history read as lost approvals.
      const unseen = status.problems.find((p) => !get().storeAlertsSeen.has(storeProblemTitle(p)));
      if (unseen) {
        const title = storeProblemTitle(unseen);
        const message = storeProblemMessage(unseen);
        // The id the alert itself is shown with (events.ts showAlert): should it arrive after all, it is one toast.
        showToast({ id: `alert:${title}:${message}`, color: 'red', position: TOAST_POSITION, autoClose: false, title, message });
      }
    },
    applyChanged({ serverId, skillUri, record }) {
      keep(record, serverId, skillUri);
    },
    noteAlert(title) {
      if (STORE_PROBLEM_TITLES.has(title)) set({ storeAlertsSeen: new Set(get().storeAlertsSeen).add(title) });
    },
    approve(serverId, skillUri, fingerprint, note, acknowledge) {
      return decide(serverId, skillUri, async () => {
        const record = await api.call('approvals.approve', { serverId, skillUri, fingerprint, ...(note ? { note } : {}), ...(acknowledge && acknowledge.length > 0 ? { acknowledge: [...acknowledge] } : {}) });
        keep(record, serverId, skillUri);
        return record;
      });
    },
    decline(serverId, skillUri, note) {
      return decide(serverId, skillUri, async () => {
        const record = await api.call('approvals.decline', { serverId, skillUri, ...(note ? { note } : {}) });
        keep(record, serverId, skillUri);
        return record;
      });
    },
    async revoke(serverId, skillUri) {
      await decide(serverId, skillUri, async () => {
        await api.call('approvals.revoke', { serverId, skillUri });
        keep(null, serverId, skillUri);
      });
    },
    async setEnabled(serverId, skillUri, enabled) {
      await decide(serverId, skillUri, async () => keep(await api.call('approvals.setEnabled', { serverId, skillUri, enabled }), serverId, skillUri));
    },
    async setGrant(serverId, skillUri, allowedTools) {
      await decide(serverId, skillUri, async () => keep(await api.call('approvals.setGrant', { serverId, skillUri, allowedTools }), serverId, skillUri));
    },
    clearError(serverId, skillUri) {
      const errors = new Map(get().errors);
      errors.delete(skillKey(serverId, skillUri));
      set({ errors });
    },
    async loadAudit(serverId) {
      const key = serverId ?? ALL_AUDIT;
      set({ audits: new Map(get().audits).set(key, { state: 'loading' }) });
      try {
        const page = await api.call('approvals.audit', serverId ? { serverId, limit: 500 } : { limit: 500 });
        set({ audits: new Map(get().audits).set(key, { state: 'loaded', value: page }) });
      } catch (error) {
        set({ audits: new Map(get().audits).set(key, { state: 'error', message: errorMessage(error) }) });
      }
    },
    exportEnabled(serverId) {
      return api.call('approvals.exportEnabled', { serverId });
    },
    exportLock(serverId) {
      return api.call('approvals.exportLock', serverId ? { serverId } : {});
    },
    async importLock(text, name) {
      set({ lockImport: { state: 'loading' } });
      try {
        set({ lockImport: { state: 'loaded', value: await api.call('approvals.importLock', { text, name }) } });
      } catch (error) {
        set({ lockImport: { state: 'error', message: errorMessage(error) } });
      }
    },
    dismissLockImport() {
      set({ lockImport: undefined });
    },
  };
});

/** The decision about one skill, or undefined when there is none. */
export function useApproval(serverId: string, skillUri: string): ApprovalRecord | undefined {
  return useApprovals((s) => s.records.get(skillKey(serverId, skillUri)));
}

/**
 * Where the app's toasts go: the bottom left, over the server list — never over
 * the skill pane on the right, where the diff and the decision bar are.
 */
export const TOAST_POSITION = 'bottom-left' as const;

/**
 * A change the server made revoked an approval. When the user is looking at
 * that skill, its header and its Changes tab already say so: no toast. For any
 * other skill, a toast away from the skill pane says which, on which server
 * (by the label the user gave it: two servers may list the same URI), and
 * where to look.
 */
export function notifyRevoked({ serverId, skillUri, reason }: Pick<Events['approvals.changed'], 'serverId' | 'skillUri' | 'reason'>): void {
  const selection = useSelection.getState();
  if (selection.view === 'catalog' && selection.skillKey === skillKey(serverId, skillUri)) return;
  const server = serverById(useServers.getState().servers, serverId);
  showToast({ color: 'yellow', position: TOAST_POSITION, title: `Changed since approval: ${skillUri}${server ? ` on "${server.config.label}"` : ''}`, message: `${reason} The skill was disabled. Open its Changes tab to see exactly what changed.`, autoClose: 12_000 });
}
