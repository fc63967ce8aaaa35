// What the content-risk rules find in one version of a skill, from its exact
// bytes: the ones kept in the snapshot store (a version that was reviewed), or
// — for the version the server serves now — read and verified on demand. The
// rules themselves belong to the review feature and run in its worker pool;
// inspector.ts hands them over as a plain function (ReviewBytes), so approvals
// never reaches into the review feature. A version is named by its
// fingerprint, which binds every file's digest and the frontmatter: the same
// fingerprint is the same bytes, so its findings are kept and reused (the
// diff, the approve check and the review screen then agree).
import { canonicalUri } from '../../shared/skill-uri.js';
import { pathInSkill } from '../../shared/entry-diff.js';
import type { Finding, SkillFileRef, SkillReviewCounts } from '../../shared/model.js';
import { severityCounts } from '../../shared/verdict.js';
import type { SnapshotStore } from '../snapshots/snapshot-store.js';

export interface BytesReviewInput {
  readonly serverId: string;
  readonly skillUri: string;
  /** SKILL.md first. */
  readonly files: readonly { readonly uri: string; readonly path: string; readonly bytes: Uint8Array }[];
  readonly listedFileCount: number;
  readonly listedFrontmatter: Readonly<Record<string, unknown>>;
}

/** Runs the content-risk rules over exact bytes. `complete`: every file was judged (a review that could not finish is not). */
export type ReviewBytes = (input: BytesReviewInput, signal?: AbortSignal) => Promise<{ readonly findings: readonly Finding[]; readonly complete: boolean }>;

export interface VersionFindings {
  readonly findings: readonly Finding[];
  /** Paths of the files whose bytes the rules did not see (never reviewed, or not readable now). */
  readonly unreviewed: readonly string[];
}

export interface RiskVersion {
  readonly fingerprint: string;
  readonly resources: readonly SkillFileRef[] | 'dynamic' | null;
  readonly frontmatter: Readonly<Record<string, unknown>>;
}

/** Where one file's bytes come from: the snapshot store, or a verified read of the current version. */
export type ReadVersionFile = (file: SkillFileRef) => Promise<{ readonly bytes: Buffer } | { readonly unavailable: string }>;

/** Findings about names across origins (collisions, look-alikes) say nothing about a version's bytes. */
const NOT_ABOUT_THE_BYTES = new Set(['risk-name-collision', 'risk-name-lookalike']);

/** Versions whose findings are kept; a few per skill under review is plenty. */
const KEPT_VERSIONS = 200;

/** Skills whose judged versions are kept for their verdict; the ones a person compared are far fewer. */
const JUDGED_SKILLS = 2000;

export class VersionRisk {
  private readonly kept = new Map<string, readonly Finding[]>();
  /** Per skill, what the rules found in each version they judged, by fingerprint: the verdict of a changed approved skill. */
  private readonly judged = new Map<string, Map<string, SkillReviewCounts>>();

  constructor(
    private readonly review: ReviewBytes | undefined,
    private readonly snapshots: SnapshotStore,
    /** Told when a version of a skill was judged, so its catalog row can follow. */
    private readonly onJudged?: (serverId: string, skillUri: string) => void,
  ) {}

  /**
   * What the rules found in this version of the skill, as a review's counts
   * (basis 'change-review'); undefined when they never judged it. A changed
   * approved skill has no review of what it serves now until someone reviews
   * it: the Changes tab's rules are what is known of it.
   */
  /** The rules judged some version of this skill (a lookup, for every view of a skill). */
  judgedAny(serverId: string, skillUri: string): boolean {
    return this.judged.has(`${serverId}\n${skillUri}`);
  }

  countsOf(serverId: string, skillUri: string, fingerprint: string): SkillReviewCounts | undefined {
    return this.judged.get(`${serverId}\n${skillUri}`)?.get(fingerprint);
  }

  /** The rules can run here (the composition root handed them over). */
  get available(): boolean {
    return this.review !== undefined;
  }

  /** Keeps the findings of a complete content review of exactly this version (the review screen's). */
  remember(serverId: string, fingerprint: string, findings: readonly Finding[]): void {
    this.keep(serverId, fingerprint, findings.filter((f) => !NOT_ABOUT_THE_BYTES.has(f.id)));
  }

  /**
   * The findings of one version; undefined when the rules cannot run here.
   * A version whose every file could be read is kept by its fingerprint.
   */
  async of(serverId: string, skillUri: string, version: RiskVersion, read?: ReadVersionFile, signal?: AbortSignal): Promise<VersionFindings | undefined> {
    const key = `${serverId}\n${version.fingerprint}`;
    const known = this.kept.get(key);
    if (known) {
      this.judge(serverId, skillUri, version.fingerprint, known, true);
      return { findings: known, unreviewed: [] };
    }
    if (!this.review || !Array.isArray(version.resources)) return undefined;
    const own = canonicalUri(skillUri);
    const ordered = [...version.resources].sort((a, b) => Number(canonicalUri(b.uri) === own) - Number(canonicalUri(a.uri) === own));
    const files: { uri: string; path: string; bytes: Uint8Array }[] = [];
    const unreviewed: string[] = [];
    for (const file of ordered) {
      const path = pathInSkill(file.uri, skillUri);
      const got = read ? await read(file) : await this.fromSnapshots(serverId, file);
      if ('bytes' in got) files.push({ uri: file.uri, path, bytes: got.bytes });
      else unreviewed.push(path);
    }
    const result = await this.review({ serverId, skillUri, files, listedFileCount: version.resources.length, listedFrontmatter: version.frontmatter }, signal);
    if (unreviewed.length === 0 && result.complete) this.keep(serverId, version.fingerprint, result.findings);
    this.judge(serverId, skillUri, version.fingerprint, result.findings, unreviewed.length === 0 && result.complete);
    return { findings: result.findings, unreviewed };
  }

  private async fromSnapshots(serverId: string, file: SkillFileRef): Promise<{ bytes: Buffer } | { unavailable: string }> {
    const bytes = await this.snapshots.get(serverId, file.digest).catch(() => undefined);
    return bytes ? { bytes } : { unavailable: 'never reviewed' };
  }

  private judge(serverId: string, skillUri: string, fingerprint: string, findings: readonly Finding[], complete: boolean): void {
    const key = `${serverId}\n${skillUri}`;
    const counts: SkillReviewCounts = { ...severityCounts(findings.filter((f) => !NOT_ABOUT_THE_BYTES.has(f.id))), complete, reviewedAt: new Date().toISOString(), basis: 'change-review' };
    let versions = this.judged.get(key);
    const before = versions?.get(fingerprint);
    this.judged.delete(key);
    if (!versions) versions = new Map();
    this.judged.set(key, versions);
    versions.delete(fingerprint);
    versions.set(fingerprint, counts);
    if (versions.size > 4) versions.delete(versions.keys().next().value!);
    if (this.judged.size > JUDGED_SKILLS) this.judged.delete(this.judged.keys().next().value!);
    if (!before || before.errors !== counts.errors || before.warnings !== counts.warnings || before.complete !== counts.complete) this.onJudged?.(serverId, skillUri);
  }

  private keep(serverId: string, fingerprint: string, findings: readonly Finding[]): void {
    const key = `${serverId}\n${fingerprint}`;
    this.kept.delete(key);
    this.kept.set(key, findings);
    if (this.kept.size > KEPT_VERSIONS) this.kept.delete(this.kept.keys().next().value!);
  }
}
