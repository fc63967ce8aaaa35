// Change detection: every listing, skills/get and verified read is compared
// with the approved version. Anything else revokes the approval, disables the
// skill and withdraws its grants, saying exactly what changed. Also what the
// server said last about each skill, which approving checks against.
import type { ApprovalRecord, Revocation } from '../../shared/approvals-model.js';
import { describeChange, pathInSkill, sameContent, type EntryContent } from '../../shared/entry-diff.js';
import type { FileCheck } from '../../shared/model.js';
import { canonicalUri } from '../../shared/skill-uri.js';
import type { FeatureDeps } from '../feature-deps.js';
import { sha256Digest } from '../snapshots/snapshot-store.js';
import type { ApprovalStore } from './approval-store.js';
import { short, type Observed } from './approval-blockers.js';
import { unsavedNote, type DecisionSaver } from './decision-saver.js';
import { fingerprintOf } from './fingerprint.js';
import type { HistoryStore, ObservedEntry } from './history-store.js';

const keyOf = (serverId: string, skillUri: string) => `${serverId}\n${skillUri}`;

/** The content with every file's URI in its canonical spelling: a listing that respells a URI names the same file. */
function canonicalContent(content: EntryContent): EntryContent {
  const resources = Array.isArray(content.resources) ? content.resources.map((r) => ({ uri: canonicalUri(r.uri), digest: r.digest, size: r.size })) : content.resources;
  return { resources, frontmatter: content.frontmatter };
}

/** `record`, bound to the same content as the listing spells it now. */
function respelledAs(record: ApprovalRecord, skillUri: string, content: EntryContent, fingerprint: string): ApprovalRecord {
  const resources = content.resources === 'dynamic' ? 'dynamic' : (content.resources ?? []).map((r) => ({ uri: r.uri, digest: r.digest, size: r.size }));
  return { ...record, skillUri, resources, frontmatter: content.frontmatter, fingerprint };
}

export class ChangeDetection {
  private readonly observed = new Map<string, Observed>();

  constructor(
    private readonly deps: FeatureDeps,
    private readonly stores: { readonly store: ApprovalStore; readonly history: HistoryStore },
    private readonly saver: DecisionSaver,
  ) {}

  /** What the app last heard the server say about the skill (a listing or skills/get). */
  latest(serverId: string, skillUri: string): Observed | undefined {
    return this.observed.get(keyOf(serverId, skillUri));
  }

  /** Drops what was heard from a removed server. */
  forgetServer(serverId: string): void {
    for (const key of [...this.observed.keys()]) if (key.startsWith(`${serverId}\n`)) this.observed.delete(key);
  }

  entriesObserved(serverId: string, entries: readonly { uri: string; resources: EntryContent['resources']; frontmatter: Record<string, unknown> }[], via: 'listing' | 'get'): void {
    const seen: ObservedEntry[] = [];
    const revoked: string[] = [];
    const respelled: { record: ApprovalRecord; was: string }[] = [];
    for (const entry of entries) {
      const content: EntryContent = { resources: entry.resources, frontmatter: entry.frontmatter };
      const fingerprint = fingerprintOf(content);
      this.observed.set(keyOf(serverId, entry.uri), { fingerprint, via });
      seen.push({ skillUri: entry.uri, entry: content, fingerprint });
      // Found under any spelling of the skill's URI, and compared file by file whatever the spelling: the same bytes keep the approval.
      const record = this.stores.store.get(serverId, entry.uri);
      if (!record || record.decision === 'changed') continue;
      const [approved, observed] = [canonicalContent(record), canonicalContent(content)];
      if (sameContent(approved, observed)) {
        if ((record.skillUri !== entry.uri || record.fingerprint !== fingerprint) && this.isHeld(serverId, entry.uri, fingerprint)) respelled.push({ record: respelledAs(record, entry.uri, content, fingerprint), was: record.skillUri });
        continue;
      }
      if (record.decision !== 'approved') continue;
      const what = describeChange(canonicalUri(entry.uri), approved, observed) || 'its content changed';
      const source = via === 'listing' ? 'The listing' : 'skills/get';
      this.revokeForChange(record, {
        at: new Date().toISOString(),
        reason: `${source} now describes a different version of this skill: ${what}.`,
        cause: 'entry-changed',
        via,
        observedFingerprint: fingerprint,
      });
      revoked.push(entry.uri);
    }
    if (respelled.length > 0) this.respell(respelled);
    this.saver.background(this.stores.history.observe(serverId, seen, via));
    if (this.saver.hasUnsaved) this.saver.background(this.saver.retryUnsaved());
    if (revoked.length > 0) this.deps.engine.republish(serverId, revoked);
  }

  fileObserved(event: { serverId: string; skillUri: string; fileUri: string; check: FileCheck; bytes?: Buffer }): void {
    const record = this.stores.store.get(event.serverId, event.skillUri);
    if (record?.decision !== 'approved' || !Array.isArray(record.resources)) return;
    const key = canonicalUri(event.fileUri);
    const approved = record.resources.find((r) => r.uri === event.fileUri) ?? record.resources.find((r) => canonicalUri(r.uri) === key);
    if (!approved) return;
    const received = event.bytes ? sha256Digest(event.bytes) : undefined;
    const differs = received !== undefined ? received !== approved.digest : event.check.state === 'failed' && (event.check.reason === 'size' || event.check.reason === 'digest');
    if (!differs) return;
    const path = pathInSkill(approved.uri, event.skillUri);
    const detail =
      received !== undefined && event.bytes
        ? `approved: ${approved.size} bytes, ${short(approved.digest)}; received: ${event.bytes.byteLength} bytes, ${short(received)}`
        : event.check.state === 'failed'
          ? event.check.message
          : 'other bytes';
    this.revokeForChange(record, {
      at: new Date().toISOString(),
      reason: `Reading ${path} returned bytes that differ from the approved ones (${detail}).`,
      cause: 'file-changed',
      via: 'read',
    });
    this.deps.engine.republish(event.serverId, [event.skillUri]);
  }

  /** Whether the engine holds this version of the skill now (a skills/get may spell what the listing holds otherwise). */
  private isHeld(serverId: string, skillUri: string, fingerprint: string): boolean {
    const held = this.deps.engine.record(serverId, skillUri);
    return held !== undefined && fingerprintOf(held.entry) === fingerprint;
  }

  /**
   * The same bytes listed under another spelling keep their decision (found by canonical URI), but a record that
   * still names the old spelling is not the version the app holds: its fingerprint and file URIs differ, so the
   * history marked no version approved, the Changes tab showed every file removed and added, and the window (which
   * keeps decisions by the URI as listed) showed none. The record is named as listed now; nothing else changes.
   */
  private respell(respelled: readonly { record: ApprovalRecord; was: string }[]): void {
    // Not a decision, so not audited; a failed write is quiet: the next write of approvals.json carries it, and
    // after a restart the first listing respells the record again. The window is told once the store has written
    // it (or kept it after a failed write): a record whose own approve was still being saved is respelled only if
    // that approve lands, and the window must never hear of an approval the user was told had failed.
    const was = new Map(respelled.map((r) => [r.record, r.was]));
    const telling = this.stores.store.respell(respelled.map((r) => r.record)).then((records) => {
      for (const record of records) {
        // Changed again since (a revocation, a disable): the window heard of that, and must not hear of this after it.
        if (this.stores.store.get(record.serverId, record.skillUri) !== record) continue;
        const what = record.decision === 'approved' ? 'approval' : 'decline';
        this.deps.emit('approvals.changed', {
          serverId: record.serverId,
          skillUri: record.skillUri,
          record,
          action: record.decision === 'approved' ? 'approve' : 'decline',
          reason: `The server now spells this skill or its files another way (${was.get(record)} is now ${record.skillUri}); the files are the same, byte for byte, so the ${what} stands and names them as listed.`,
          automatic: true,
        });
      }
    });
    this.saver.background(telling);
  }

  private revokeForChange(record: ApprovalRecord, revocation: Revocation): void {
    const next: ApprovalRecord = {
      ...record,
      decision: 'changed',
      enabled: false,
      allowedTools: record.allowedTools ? { requested: record.allowedTools.requested, granted: false } : null,
      revoked: revocation,
    };
    this.saver.background(
      this.saver.commit(next, { action: 'revoke', reason: revocation.reason, automatic: true }).catch((error: unknown) => {
        throw new Error(`${record.skillUri} changed, so its approval was revoked and the skill is disabled. ${unsavedNote(error)}`);
      }),
    );
  }
}
