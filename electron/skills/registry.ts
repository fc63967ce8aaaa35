// What the app knows about one server's skills: entries as listed, how each
// was found, per-file verification, and findings. Builds the plain SkillEntry
// views the renderer sees, memoised so a 10,000-skill catalog stays cheap.
import type { FileCheck, Finding, SkillEntry, SkillReviewCounts, SkillSource, SkillStatus, ApprovalState } from '../../shared/model.js';
import { finding, worstSeverity } from '../../shared/findings.js';
import { parseSkillUri } from '../../shared/skill-uri.js';
import { canonicalUri } from './uri-memo.js';
import { preferServedFrontmatter } from './dedupe-findings.js';
import { unlistedNestedInResources } from './nested-skills.js';
import type { CacheHint } from './cache-hint.js';
import type { SkillsCapabilityReading } from './capability.js';
import type { CheckedEntry } from './entry-rules.js';
import { ByteBudget } from './reader.js';
import { isoNow } from './clock.js';
import { verdictOf } from '../../shared/verdict.js';
import { FileChecks } from './file-checks.js';
import { compareFrontmatter } from './frontmatter.js';
import { keptSkillMd } from './relisted-skill-md.js';
import { ReadOrder } from './read-order.js';
import { append } from './append.js';
import { dataRecord } from '../../shared/data-record.js';

export interface SkillRecord {
  entry: CheckedEntry;
  source: SkillSource;
  legacyForm?: string;
  frontmatterDerived: boolean;
  fetchedAt: string;
  cache?: CacheHint;
  entryFindings: Finding[];
  /** From the last skills/get comparison. */
  getFindings: Finding[];
  /** Checks of the files read; written through `ServerSkills.setFile`. */
  files: ReadonlyMap<string, FileCheck>;
  /** Findings per file read, for the files that have any. */
  fileFindings: ReadonlyMap<string, Finding[]>;
  nestedIn?: string;
  nestedSkills: string[];
  collisionFindings: Finding[];
  /** A SKILL.md among the resources that no listing entry names: a nested skill all the same (from `relink`). */
  nestingFindings: Finding[];
  /** From the last resources/directory/read walk. */
  directoryFindings: Finding[];
  /**
   * Counts of the skill's findings, kept until something about the skill
   * changes. Only these are kept, not the whole view: at 10,000 skills the
   * views held ~10 MB and each rebuilt one outlived young garbage collection.
   */
  counts?: { readonly errorCount: number; readonly warningCount: number };
}

/** Shared by every view of a file not read yet. */
const UNREAD: FileCheck = Object.freeze({ state: 'unread' });

/** What a file of a skill whose SKILL.md failed shows instead of a check: it was left unread on purpose. */
export const NOT_READ_MESSAGE =
  'Not read: SKILL.md failed verification, and a host reads nothing else of a skill whose SKILL.md does not check out. "Read the rest for inspection" reads it anyway, without making the skill verified.';
const NOT_READ: FileCheck = Object.freeze({ state: 'unread', reason: 'skill-md-failed', message: NOT_READ_MESSAGE });
// Shared by every record until it has something of its own, and never
// written to: at 10,000 skills, five empty lists and two empty maps per
// skill were several MB of live heap, and V8 lets the heap grow to about
// four times what is live before it collects.
const NO_FINDINGS: Finding[] = Object.freeze([]) as unknown as Finding[];
const NO_URIS: string[] = Object.freeze([]) as unknown as string[];
const NO_CHECKS: ReadonlyMap<string, FileCheck> = new Map();
const NO_FILE_FINDINGS: ReadonlyMap<string, Finding[]> = new Map();

export interface ApprovalLookup {
  (serverId: string, skillUri: string): { approval: ApprovalState; enabled: boolean };
}

/**
 * The last content review of a skill that still describes what is listed, by
 * its counts; undefined when it was never reviewed or the review went stale.
 * Called for every view: it returns an object it keeps, and allocates nothing.
 */
export interface ReviewLookup {
  (serverId: string, skillUri: string): SkillReviewCounts | undefined;
}

const NO_REVIEWS: ReviewLookup = () => undefined;

export class ServerSkills {
  readonly records = new Map<string, SkillRecord>();
  serverFindings: Finding[] = [];
  capability?: SkillsCapabilityReading;
  listing?: { complete: boolean; pages: number; cache?: CacheHint; listedAt: number; mode: 'extension' | 'legacy' | 'none' };
  readonly budget: ByteBudget;
  /** The budgets of a read outside any skill pass (opening one file): the server's alone, one list for every such read. */
  readonly budgets: readonly ByteBudget[];
  /** The order reads of each file were sent in, while any is on its way (read-order.ts). */
  readonly readOrder = new ReadOrder();

  constructor(
    readonly serverId: string,
    budgetLimit: () => number,
  ) {
    this.budget = new ByteBudget(budgetLimit);
    this.budgets = [this.budget];
  }

  record(uri: string): SkillRecord | undefined {
    return this.records.get(uri);
  }

  /** The canonical URIs of the skills held, made when first asked and dropped when the records change. */
  private canonicalSkills: Set<string> | undefined;

  /**
   * Whether "no entry lists it" can be said: not after a listing that a limit
   * or an error stopped, whose missing entries may be the very ones.
   */
  knowsEveryEntry(): boolean {
    return this.listing?.complete !== false;
  }

  /** Whether a skill with this canonical SKILL.md URI is held (listed, or found by get). */
  isListedSkill(canonicalSkillMd: string): boolean {
    this.canonicalSkills ??= new Set([...this.records.keys()].map((uri) => canonicalUri(uri)));
    return this.canonicalSkills.has(canonicalSkillMd);
  }

  /**
   * Adds or replaces an entry. File checks survive only when the file's listed
   * digest and size are unchanged, and only while they still say what checking
   * the same bytes against the new entry would (relisted-skill-md.ts): a SKILL.md check
   * was made against the listing's frontmatter of the time, and every check
   * against the form the entry came in.
   */
  upsert(entry: CheckedEntry, meta: { source: SkillSource; legacyForm?: string; frontmatterDerived?: boolean; cache?: CacheHint; findings: Finding[] }): SkillRecord {
    const previous = this.records.get(entry.uri);
    let files = NO_CHECKS;
    let fileFindings = NO_FILE_FINDINGS;
    const frontmatterDerived = meta.frontmatterDerived ?? false;
    // Another form publishes other things (sizes, frontmatter), so what a check of it said does not carry over.
    const sameForm = previous !== undefined && previous.legacyForm === meta.legacyForm;
    if (sameForm && previous.files.size > 0 && Array.isArray(entry.resources) && Array.isArray(previous.entry.resources)) {
      const kept = new FileChecks(entry.resources);
      const keptFindings = new Map<string, Finding[]>();
      const before = new Map(previous.entry.resources.map((r) => [r.uri, r]));
      // Only asked when the frontmatter or how it was published changed: then SKILL.md's check is judged again.
      const rejudge =
        previous.frontmatterDerived !== frontmatterDerived ||
        (!frontmatterDerived && previous.entry.frontmatter !== entry.frontmatter && compareFrontmatter(previous.entry.frontmatter, entry.frontmatter).length > 0);
      const skillKey = rejudge ? canonicalUri(entry.uri) : '';
      for (const r of entry.resources) {
        const old = before.get(r.uri);
        let check = previous.files.get(r.uri);
        if (!old || !check || old.digest !== r.digest || old.size !== r.size) continue;
        let ff = previous.fileFindings.get(r.uri);
        if (rejudge && canonicalUri(r.uri) === skillKey) {
          const judged = keptSkillMd(this.serverId, previous, check, ff, entry, r.uri, frontmatterDerived);
          if (!judged) continue;
          ({ check, findings: ff } = judged);
        }
        kept.set(r.uri, check);
        if (ff && ff.length > 0) keptFindings.set(r.uri, ff);
      }
      if (kept.size > 0) files = kept;
      if (keptFindings.size > 0) fileFindings = keptFindings;
    }
    if (!previous) this.canonicalSkills = undefined;
    const record: SkillRecord = {
      entry,
      // A skill first found by listing stays "listed" when later confirmed by skills/get.
      source: previous && previous.source === 'listed' && meta.source === 'get' ? 'listed' : meta.source,
      ...(meta.legacyForm ? { legacyForm: meta.legacyForm } : {}),
      frontmatterDerived,
      // One string per millisecond, shared: a page of a listing is recorded within a few (10,000 distinct strings otherwise).
      fetchedAt: isoNow(),
      ...(meta.cache ? { cache: meta.cache } : {}),
      entryFindings: meta.findings.length > 0 ? meta.findings : NO_FINDINGS,
      getFindings: previous?.getFindings ?? NO_FINDINGS,
      files,
      fileFindings,
      nestedSkills: NO_URIS,
      collisionFindings: NO_FINDINGS,
      nestingFindings: NO_FINDINGS,
      directoryFindings: previous?.directoryFindings ?? NO_FINDINGS,
    };
    this.records.set(entry.uri, record);
    return record;
  }

  setFile(record: SkillRecord, fileUri: string, check: FileCheck, findings: Finding[]): void {
    // The record's own maps, made on its first file (the shared empty ones are never written to).
    const files = record.files instanceof FileChecks ? record.files : new FileChecks(record.entry.resources);
    files.set(fileUri, check);
    record.files = files;
    // Most files have no findings: 50,000 empty lists were measurable at 10,000 skills.
    if (findings.length > 0) {
      const fileFindings = record.fileFindings === NO_FILE_FINDINGS ? new Map<string, Finding[]>() : (record.fileFindings as Map<string, Finding[]>);
      fileFindings.set(fileUri, findings);
      record.fileFindings = fileFindings;
    } else if (record.fileFindings.has(fileUri)) {
      (record.fileFindings as Map<string, Finding[]>).delete(fileUri);
    }
    record.counts = undefined;
  }

  /** Leaves files of a skill unread on purpose (its SKILL.md failed): they show why, and none keeps an older check. */
  setNotRead(record: SkillRecord, fileUris: readonly string[]): void {
    for (const uri of fileUris) this.setFile(record, uri, NOT_READ, NO_FINDINGS);
  }

  /** Links nested skills to their parents and reports same-name skills (O(n × depth)). */
  relink(): void {
    this.canonicalSkills = undefined;
    const byRoot = new Map<string, string>();
    for (const [uri, record] of this.records) {
      record.nestedIn = undefined;
      record.nestedSkills = NO_URIS;
      record.collisionFindings = NO_FINDINGS;
      record.nestingFindings = NO_FINDINGS;
      record.counts = undefined;
      const parts = parseSkillUri(uri);
      if (parts.ok) byRoot.set(parts.parts.root, uri);
    }
    for (const [uri] of this.records) {
      const parts = parseSkillUri(uri);
      if (!parts.ok) continue;
      let root = parts.parts.root;
      for (;;) {
        const cut = root.lastIndexOf('/');
        if (cut <= root.indexOf('://') + 2) break;
        root = root.slice(0, cut);
        const parent = byRoot.get(root);
        if (parent) {
          const record = this.records.get(uri)!;
          record.nestedIn = parent;
          const parentRecord = this.records.get(parent)!;
          if (parentRecord.nestedSkills === NO_URIS) parentRecord.nestedSkills = [];
          parentRecord.nestedSkills.push(uri);
          break;
        }
      }
    }
    this.findUnlistedNested();
    const byName = new Map<string, string[]>();
    for (const [uri, record] of this.records) {
      const name = String(record.entry.frontmatter['name'] ?? '');
      if (!name) continue;
      const list = byName.get(name);
      if (list) list.push(uri);
      else byName.set(name, [uri]);
    }
    for (const [name, uris] of byName) {
      if (uris.length < 2) continue;
      for (const uri of uris) {
        const others = uris.filter((u) => u !== uri);
        // A skill has one name, so this is its only collision finding.
        this.records.get(uri)!.collisionFindings = [
          finding('sep-2640-names-should-be-unique', `The name "${name}" is also used by ${others.join(', ')} on this server. Hosts must show both, qualified by path.`, {
            serverId: this.serverId,
            skillUri: uri,
            field: 'frontmatter.name',
          }),
        ];
      }
    }
  }

  /** Nested SKILL.md files among each skill's resources that no entry lists (nested-skills.ts). */
  private findUnlistedNested(): void {
    for (const record of this.records.values()) {
      const found = unlistedNestedInResources(this, record);
      if (found.length > 0) record.nestingFindings = found;
    }
  }

  findingsOf(record: SkillRecord): Finding[] {
    const out = [...record.entryFindings, ...record.getFindings, ...record.collisionFindings, ...record.nestingFindings, ...record.directoryFindings];
    for (const list of record.fileFindings.values()) append(out, list);
    if (record.nestedIn) {
      out.push(
        finding('inspector-nested-skill', `This skill sits inside ${record.nestedIn}. Approving that skill does not activate this one; it needs its own approval.`, {
          serverId: this.serverId,
          skillUri: record.entry.uri,
        }),
      );
    }
    // The listing and skills/get judge the same entry, and the served SKILL.md the same fields: say each thing once.
    const seen = new Set<string>();
    return preferServedFrontmatter(
      out.filter((f) => {
        const key = `${f.id}\n${f.message}\n${f.location.fileUri ?? ''}\n${f.location.field ?? ''}\n${f.location.line ?? ''}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      }),
      record.entry.uri,
    );
  }

  /** How many error and warning findings the skill has (remembered until it changes): conformance only, not its review's. */
  countsOf(record: SkillRecord): { readonly errorCount: number; readonly warningCount: number } {
    if (record.counts) return record.counts;
    let errorCount = 0;
    let warningCount = 0;
    for (const f of this.findingsOf(record)) {
      if (f.severity === 'error') errorCount++;
      else if (f.severity === 'warning') warningCount++;
    }
    record.counts = { errorCount, warningCount };
    return record.counts;
  }

  /**
   * The skill as the window sees it, built anew each time (see `counts`). Its
   * errorCount and warningCount are its findings and its last review's risk
   * findings together (`review` holds the review's part), as a local skill's are.
   */
  view(record: SkillRecord, approvals: ApprovalLookup, reviews: ReviewLookup = NO_REVIEWS): SkillEntry {
    const { approval, enabled } = approvals(this.serverId, record.entry.uri);
    const entry = record.entry;
    const parts = parseSkillUri(entry.uri);
    const counts = this.countsOf(record);
    const review = reviews(this.serverId, entry.uri);
    const status = statusOf(record);
    // Keyed by the URIs the server listed, so no prototype (shared/data-record.ts): a file listed as "__proto__"
    // stays a file. It also spares V8 a hidden class per new URI key: a view of a skill's files cost ~45 µs
    // in Verify all at 2,000 skills, ~10 µs without a prototype.
    const files = dataRecord<FileCheck>();
    if (Array.isArray(entry.resources)) for (const r of entry.resources) files[r.uri] = record.files.get(r.uri) ?? UNREAD;
    else for (const [uri, check] of record.files) files[uri] = check;
    const view: SkillEntry = {
      serverId: this.serverId,
      uri: entry.uri,
      name: typeof entry.frontmatter['name'] === 'string' ? entry.frontmatter['name'] : '(no name)',
      description: typeof entry.frontmatter['description'] === 'string' ? entry.frontmatter['description'] : '',
      frontmatter: entry.frontmatter,
      resources: entry.resources,
      source: record.source,
      ...(record.legacyForm ? { legacyForm: record.legacyForm } : {}),
      pathPrefix: parts.ok ? parts.parts.prefix : '',
      scheme: parts.ok ? parts.parts.scheme : (/^([a-z][a-z0-9+.-]*):/i.exec(entry.uri)?.[1] ?? '').toLowerCase(),
      ...(record.nestedIn ? { nestedIn: record.nestedIn } : {}),
      nestedSkills: record.nestedSkills,
      fetchedAt: record.fetchedAt,
      ...(record.cache ? { ttlMs: record.cache.ttlMs } : {}),
      ...(record.cache?.scope ? { cacheScope: record.cache.scope } : {}),
      status,
      files,
      errorCount: counts.errorCount + (review?.errors ?? 0),
      warningCount: counts.warningCount + (review?.warnings ?? 0),
      ...(review ? { review } : {}),
      verdict: verdictOf({ status, ...(review ? { review } : {}) }),
      approval,
      enabled,
    };
    return view;
  }

  worstSeverity(): ReturnType<typeof worstSeverity> {
    let worst = worstSeverity(this.serverFindings);
    for (const record of this.records.values()) {
      const c = this.countsOf(record);
      const s = c.errorCount > 0 ? 'error' : c.warningCount > 0 ? 'warning' : undefined;
      if (s === 'error') return 'error';
      if (s === 'warning') worst = 'warning';
    }
    return worst;
  }
}

export function statusOf(record: SkillRecord): SkillStatus {
  const { entry } = record;
  if (!entry.loadable && entry.resources === null) return 'invalid';
  let anyVerified = false;
  for (const c of record.files.values()) {
    if (c.state === 'failed') return 'mismatch';
    if (c.state === 'verified') anyVerified = true;
  }
  // An entry hosts must not load is invalid, dynamic or not: "unverifiable" would say only that its bytes cannot be checked.
  if (!entry.loadable) return 'invalid';
  if (entry.resources === 'dynamic' || entry.resources === null) return 'unverifiable';
  const listed = entry.resources;
  if (listed.length > 0 && listed.every((r) => record.files.get(r.uri)?.state === 'verified')) return 'verified';
  if (listed.some((r) => record.files.get(r.uri)?.state === 'unverifiable')) return 'unverifiable';
  if (anyVerified) return 'partial';
  return 'unread';
}

/**
 * A skill's files in the order a host reads them: SKILL.md first (the skill's
 * own URI when its resources leave it out: a host loads it all the same), then
 * the rest as listed.
 */
export function filesInReadingOrder(record: SkillRecord): string[] {
  const { entry } = record;
  if (!Array.isArray(entry.resources)) return [entry.uri];
  const key = canonicalUri(entry.uri);
  const own = entry.resources.find((r) => canonicalUri(r.uri) === key);
  // SKILL.md is read at the skill's own URI, where a host loads it, whatever spelling the listing gives its file:
  // a server may answer another spelling with other bytes. Its check is still kept under the listed spelling.
  return [entry.uri, ...entry.resources.filter((r) => r !== own).map((r) => r.uri)];
}
