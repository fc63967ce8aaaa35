// The skills engine: discovery on connect (listing only — no file is read
// until the user opens, verifies or reviews), lazy verified reading, and
// Verify all as a cancellable job. Plain Node; the app, the CLI and the tests
// drive the same code.
import { finding } from '../../shared/findings.js';
import type { FileCheck, Finding, Settings, SkillEntry, SkillSource, SkillTreeNode, VerifyJob } from '../../shared/model.js';
import { parseSkillUri } from '../../shared/skill-uri.js';
import { sameContent } from '../../shared/entry-diff.js';
import type { CheckedEntry } from './entry-rules.js';
import { ServerSkills, type ApprovalLookup, type ReviewLookup, type SkillRecord } from './registry.js';
import { VerifyAllJobs } from './verify-all.js';
import type { Rpc } from './rpc.js';
import { compareWithListing, getSkill } from './skills-get.js';
import { listDirectoryTree } from './directory.js';
import { appLimitNamer, type LimitNamer } from '../../shared/limits.js';
import { unlistedNestedOf } from './nested-skills.js';
import { SkillPass, skillBudgetLimit, type PassOptions } from './skill-pass.js';
import { runSkillPass, type PassResult, type SkillPassRequest } from './skill-passes.js';
import { confirmInstructionPointers, type InstructionPointer } from './instruction-pointers.js';
import { dedupeFindings as dedupe } from './dedupe-findings.js';
import { readSkillFile, type FileReadHost, type ReadFileOptions, type ReadResult } from './file-read.js';
import { discoverSkills, type DiscoveryHost } from './discovery.js';
import { limitHeapGrowth } from './heap-growth.js';
import { append } from './append.js';

export interface EngineEvents {
  /** A listing started (`replace`) or grew by a page. */
  listed(serverId: string, entries: SkillEntry[], replace: boolean, done: boolean): void;
  updated(entries: SkillEntry[]): void;
  job(job: VerifyJob): void;
}

/** Called with every verified file, so approvals can catch a change and snapshots can keep the bytes. */
export interface FileObserver {
  (event: { serverId: string; skillUri: string; fileUri: string; check: FileCheck; bytes?: Buffer }): void;
}

/** Called with entries as the server just described them (a listing, or a skills/get), so approvals can compare. */
export interface EntryObserver {
  (event: { serverId: string; entries: readonly CheckedEntry[]; via: 'listing' | 'get' }): void;
}

export type { ReadFileOptions, ReadResult } from './file-read.js';

export class SkillsEngine {
  private readonly servers = new Map<string, ServerSkills>();
  private readonly jobs = new VerifyAllJobs({
    settings: () => this.settings(),
    server: (serverId) => this.server(serverId),
    beginPass: (rpc, skillUri, options) => this.beginPass(rpc, skillUri, options),
    readFile: (rpc, pass, fileUri, signal) => this.readFile(rpc, pass.record.entry.uri, fileUri, { signal, checkOnly: true, pass }),
    walkDirectory: (rpc, pass, signal) => this.walkDirectory(rpc, pass.record, signal),
    confirmWithGet: (rpc, skillUri, signal) => this.confirmWithGet(rpc, skillUri, signal),
    emitJob: (job) => this.events.job(job),
    flush: () => this.flushUpdates(),
  });
  /** Skills whose view changed since the last push; views are built once per flush, not once per file read. */
  // Keyed by the record itself: a key string per file read was 50,000 short-lived strings in a Verify all of 10,000 skills.
  private pendingUpdates = new Map<SkillRecord, ServerSkills>();
  private updateTimer: NodeJS.Timeout | undefined;
  private readonly fileObservers: FileObserver[] = [];
  private readonly entryObservers: EntryObserver[] = [];
  private approvals: ApprovalLookup = () => ({ approval: 'none', enabled: false });
  private reviews: ReviewLookup = () => undefined;

  /** How messages name a limit the user can raise (the app's Settings, or the command's flags). */
  readonly limitName: LimitNamer;
  /** The limit of every skill pass's fresh skill budget (one function, not one per pass). */
  private readonly skillLimit: () => number;

  constructor(
    private readonly settings: () => Settings,
    private readonly events: EngineEvents,
    options: { limitName?: LimitNamer } = {},
  ) {
    this.limitName = options.limitName ?? appLimitNamer;
    this.skillLimit = skillBudgetLimit(() => this.settings());
    // Every process that holds catalogs (the app, browser mode, the command) makes an engine first.
    limitHeapGrowth();
  }

  setApprovalLookup(lookup: ApprovalLookup): void {
    this.approvals = lookup;
  }

  /** Where each view finds the skill's last content review (its verdict, and the counts its findings add). */
  setReviewLookup(lookup: ReviewLookup): void {
    this.reviews = lookup;
  }

  onFile(observer: FileObserver): void {
    this.fileObservers.push(observer);
  }

  onEntries(observer: EntryObserver): void {
    this.entryObservers.push(observer);
  }

  private notifyEntries(serverId: string, entries: readonly CheckedEntry[], via: 'listing' | 'get'): void {
    for (const observer of this.entryObservers) observer({ serverId, entries, via });
  }

  server(serverId: string): ServerSkills {
    let state = this.servers.get(serverId);
    if (!state) {
      state = new ServerSkills(serverId, () => this.settings().serverByteBudget);
      this.servers.set(serverId, state);
    }
    return state;
  }

  forget(serverId: string): void {
    this.servers.delete(serverId);
  }

  list(serverId?: string): SkillEntry[] {
    const out: SkillEntry[] = [];
    for (const state of serverId ? [this.server(serverId)] : this.servers.values()) {
      for (const record of state.records.values()) out.push(state.view(record, this.approvals, this.reviews));
    }
    return out;
  }

  entry(serverId: string, skillUri: string): SkillEntry {
    const state = this.server(serverId);
    return state.view(this.requireRecord(state, skillUri), this.approvals, this.reviews);
  }

  record(serverId: string, skillUri: string): SkillRecord | undefined {
    return this.servers.get(serverId)?.record(skillUri);
  }

  findings(serverId?: string, skillUri?: string): Finding[] {
    const out: Finding[] = [];
    for (const state of serverId ? [this.server(serverId)] : this.servers.values()) {
      if (!skillUri) append(out, state.serverFindings);
      for (const record of state.records.values()) {
        if (skillUri && record.entry.uri !== skillUri) continue;
        append(out, state.findingsOf(record));
      }
    }
    return out;
  }

  /** Lists the server's skills (never reads a file). Streams each page to the renderer (discovery.ts). */
  async refresh(rpc: Rpc, capabilities: Record<string, unknown> | undefined, signal?: AbortSignal): Promise<SkillEntry[]> {
    return discoverSkills(this.discoveryHost, rpc, capabilities, signal);
  }

  /** skills/get for a URI the user typed or found in the instructions. Adds the skill when the server confirms it. */
  async loadByUri(rpc: Rpc, uri: string, source: SkillSource = 'user-uri'): Promise<SkillEntry> {
    const state = this.server(rpc.serverId);
    const got = await getSkill(rpc, uri);
    if (!got.ok) {
      // What was wrong with the answer stays visible after the error is dismissed.
      state.serverFindings = dedupe([...state.serverFindings, ...got.findings]);
      throw new Error(got.message);
    }
    const existing = state.record(got.entry.uri) ?? state.record(uri);
    const entry = existing ? underHeldUri(got.entry, existing.entry.uri) : got.entry;
    const mismatch = existing ? compareWithListing(existing.entry, got.entry, rpc.serverId) : [];
    const own = got.findings.filter((f) => f.location.skillUri === undefined || f.location.skillUri === got.entry.uri);
    const record = existing && existing.source === 'listed' ? existing : state.upsert(entry, { source, findings: own, ...(got.cache ? { cache: got.cache } : {}) });
    record.getFindings = [...(existing ? own : []), ...mismatch];
    record.counts = undefined;
    state.relink();
    this.notifyEntries(rpc.serverId, [entry], 'get');
    const view = state.view(record, this.approvals, this.reviews);
    this.events.updated([view]);
    return view;
  }

  /** skills/get for a listed skill, compared with its listing. */
  async confirmWithGet(rpc: Rpc, skillUri: string, signal?: AbortSignal): Promise<Finding[]> {
    const state = this.server(rpc.serverId);
    const asked = this.requireRecord(state, skillUri);
    const got = await getSkill(rpc, skillUri, signal);
    // A relisting that landed while skills/get was on its way replaced the record: the answer is compared with, and
    // kept on, the skill as held now (on the replaced record it was lost, the skill showing none of its findings).
    const record = state.record(skillUri) ?? asked;
    const findings = got.ok ? [...got.findings, ...compareWithListing(record.entry, got.entry, rpc.serverId)] : [...got.findings, finding('inspector-invalid-result', got.message, { serverId: rpc.serverId, skillUri })];
    record.getFindings = dedupe(findings.filter((f) => f.location.skillUri === undefined || f.location.skillUri === skillUri).map((f) => ({ ...f, location: { ...f.location, skillUri } })));
    record.counts = undefined;
    if (got.ok) this.notifyEntries(rpc.serverId, [underHeldUri(got.entry, record.entry.uri)], 'get');
    return record.getFindings;
  }

  /** Reads one file of a skill on the user's request, verifies it, and returns the exact bytes. */
  async readFile(rpc: Rpc, skillUri: string, fileUri: string, options: ReadFileOptions = {}): Promise<ReadResult> {
    return readSkillFile(this.fileHost, rpc, skillUri, fileUri, options);
  }

  /** A skill pass for one job's reads of a skill (Verify all), or undefined when the skill is gone. */
  beginPass(rpc: Rpc, skillUri: string, options: PassOptions = {}): SkillPass | undefined {
    const state = this.server(rpc.serverId);
    const record = state.record(skillUri);
    return record ? new SkillPass(record, state, this.skillLimit, options) : undefined;
  }

  /** Starts a pass over a skill that must exist. */
  newPass(rpc: Rpc, skillUri: string, options: PassOptions = {}): SkillPass {
    const state = this.server(rpc.serverId);
    return new SkillPass(this.requireRecord(state, skillUri), state, this.skillLimit, options);
  }

  /**
   * Walks the skill's directory where the server offers resources/directory/read
   * (within the walk's limits), keeping what it found on the record: unlisted
   * files, entries outside the skill, nested SKILL.md files. Nothing it shows is read.
   */
  async walkDirectory(rpc: Rpc, record: SkillRecord, signal?: AbortSignal): Promise<SkillTreeNode[]> {
    const state = this.server(rpc.serverId);
    for (let walks = 1; ; walks++) {
      const { nodes, findings } = await listDirectoryTree(rpc, record.entry, Boolean(state.capability?.directoryRead), this.settings().maxListPages, {
        isListedSkill: (key) => state.isListedSkill(key),
        ...(signal ? { signal } : {}),
      });
      if (signal?.aborted) return nodes;
      // A relisting that landed during the walk replaced the record: what the walk found is kept on the skill as held
      // now (on the replaced record it was lost). Found against other files than it now lists, it is walked again.
      const current = state.record(record.entry.uri);
      if (current && current !== record && !sameContent(current.entry, record.entry) && walks < MAX_WALKS) {
        record = current;
        continue;
      }
      const held = current ?? record;
      // After a listing that stopped early, a SKILL.md no entry named may be one the listing never reached.
      held.directoryFindings = state.knowsEveryEntry() ? findings : findings.filter((f) => f.id !== 'inspector-nested-skill-unlisted');
      held.counts = undefined;
      this.queueUpdate(state, held);
      return nodes;
    }
  }

  /** Whether the server offers resources/directory/read (so a pass walks the skill's directory). */
  offersDirectory(serverId: string): boolean {
    return Boolean(this.server(serverId).capability?.directoryRead);
  }

  /** Nested SKILL.md files of the skill that no entry lists (from its resources and its last directory walk). */
  unlistedNestedSkills(serverId: string, skillUri: string): string[] {
    const state = this.server(serverId);
    const record = state.record(skillUri);
    return record ? unlistedNestedOf(record) : [];
  }

  /** One skill pass (see skill-passes.ts): what Verify, Review and check read, in host order. */
  async passSkill(rpc: Rpc, skillUri: string, request: SkillPassRequest = {}): Promise<PassResult> {
    const result = await runSkillPass(this, rpc, skillUri, request);
    this.events.updated([result.entry]);
    return result;
  }

  /** Reads and verifies every file of one skill (SKILL.md first, as a host would). */
  async verifySkill(rpc: Rpc, skillUri: string, options: Omit<SkillPassRequest, 'keepBytes' | 'secondRead'> = {}): Promise<SkillEntry> {
    return (await this.passSkill(rpc, skillUri, options)).entry;
  }

  /** Verify all: every file of every skill of the given servers, with bounded concurrency, progress and cancel. */
  startVerifyAll(targets: readonly Rpc[], options: { withGet?: boolean } = {}): VerifyJob {
    return this.jobs.start(targets, options);
  }

  cancelJob(jobId: string): VerifyJob {
    return this.jobs.cancel(jobId);
  }

  job(jobId: string): VerifyJob | undefined {
    return this.jobs.get(jobId);
  }

  runningJobs(): VerifyJob[] {
    return this.jobs.running();
  }

  /** The skill's files as a tree: its resources, plus directory children the server shows (marked unlisted). */
  async tree(rpc: Rpc, skillUri: string): Promise<SkillTreeNode[]> {
    return this.walkDirectory(rpc, this.requireRecord(this.server(rpc.serverId), skillUri));
  }

  /** Skill URIs written in the server's instructions, each confirmed (or not) by skills/get. */
  async instructionPointers(rpc: Rpc, instructions: string | undefined): Promise<InstructionPointer[]> {
    return confirmInstructionPointers(this, rpc, instructions);
  }

  /** The skill as the window sees it now. */
  view(serverId: string, record: SkillRecord): SkillEntry {
    return this.server(serverId).view(record, this.approvals, this.reviews);
  }

  /** What discovery needs of the engine (discovery.ts). */
  private readonly discoveryHost: DiscoveryHost = {
    limitName: (key) => this.limitName(key),
    settings: () => this.settings(),
    server: (serverId) => this.server(serverId),
    view: (state, record) => state.view(record, this.approvals, this.reviews),
    listed: (serverId, entries, replace, done) => this.events.listed(serverId, entries, replace, done),
    notifyEntries: (serverId, entries, via) => this.notifyEntries(serverId, entries, via),
    list: (serverId) => this.list(serverId),
  };

  /** What reading a file needs of the engine (file-read.ts). */
  private readonly fileHost: FileReadHost = {
    limitName: (key) => this.limitName(key),
    settings: () => this.settings(),
    server: (serverId) => this.server(serverId),
    requireRecord: (state, skillUri) => this.requireRecord(state, skillUri),
    notify: (serverId, skillUri, fileUri, check, bytes) => this.notify(serverId, skillUri, fileUri, check, bytes),
    queueUpdate: (state, record) => this.queueUpdate(state, record),
  };

  private requireRecord(state: ServerSkills, skillUri: string): SkillRecord {
    const record = state.record(skillUri);
    if (!record) {
      const parts = parseSkillUri(skillUri);
      throw new Error(`No skill ${skillUri} is known on this server${parts.ok ? '' : ` (${parts.reason})`}. Refresh the listing or load it by URI.`);
    }
    return record;
  }

  private notify(serverId: string, skillUri: string, fileUri: string, check: FileCheck, bytes?: Buffer): void {
    for (const observer of this.fileObservers) observer({ serverId, skillUri, fileUri, check, ...(bytes ? { bytes } : {}) });
  }

  private queueUpdate(state: ServerSkills, record: SkillRecord): void {
    this.pendingUpdates.set(record, state);
    this.updateTimer ??= setTimeout(() => this.flushUpdates(), 50);
  }

  /** Re-sends views (after an approval changed, say). */
  republish(serverId: string, skillUris?: readonly string[]): void {
    const state = this.servers.get(serverId);
    if (!state) return;
    const views: SkillEntry[] = [];
    // Named skills are looked up, not searched for: a review or an approval lands one skill at a time, among thousands.
    const records = skillUris ? skillUris.map((uri) => state.record(uri)).filter((r): r is SkillRecord => r !== undefined) : state.records.values();
    for (const record of records) {
      record.counts = undefined;
      views.push(state.view(record, this.approvals, this.reviews));
    }
    if (views.length > 0) this.events.updated(views);
  }

  /**
   * Re-sends a skill's view with the next batch of updates (within 50 ms): for
   * a review that landed or was dropped. Review all lands thousands, and each
   * update the window applies costs it the whole catalog.
   */
  republishSoon(serverId: string, skillUri: string): void {
    const state = this.servers.get(serverId);
    const record = state?.record(skillUri);
    if (state && record) this.queueUpdate(state, record);
  }

  private flushUpdates(): void {
    if (this.updateTimer) clearTimeout(this.updateTimer);
    this.updateTimer = undefined;
    if (this.pendingUpdates.size === 0) return;
    const views: SkillEntry[] = [];
    // A skill relisted since the read (a new record) is viewed once, as it is now.
    const viewed = new Set<SkillRecord>();
    for (const [queued, state] of this.pendingUpdates) {
      // A skill that was relisted away, or a server that was removed, since the read has nothing to update.
      const record = this.servers.get(state.serverId) === state ? state.record(queued.entry.uri) : undefined;
      if (record && !viewed.has(record)) {
        viewed.add(record);
        views.push(state.view(record, this.approvals, this.reviews));
      }
    }
    this.pendingUpdates = new Map();
    if (views.length === 0) return;
    this.events.updated(views);
  }
}

/** How many times a directory walk starts again when a relisting changes the skill's files under it. */
const MAX_WALKS = 3;

/**
 * skills/get's entry under the URI the app holds the skill by. The answer may spell the URI another way that names
 * the same SKILL.md (getSkill accepts it); keyed by that spelling, what it describes was compared with no approval,
 * and a different version never revoked the approval of the skill asked about.
 */
function underHeldUri(entry: CheckedEntry, heldUri: string): CheckedEntry {
  return entry.uri === heldUri ? entry : { ...entry, uri: heldUri };
}
