// One pass over one skill's files, the way a host reads them: SKILL.md first;
// if it fails its check (digest, size, frontmatter) nothing else of the skill
// is read — unless the user asks to read the rest for inspection — and the
// rest shows "not read: SKILL.md failed verification"; then every other listed
// file once, in listing order; the directory walked where the server offers
// resources/directory/read. Verify, Verify all, Review and check all read
// through a pass, so the four cannot drift apart.
//
// A pass carries the byte budgets its reads count against — the server's for
// the session, a fresh one for the skill, and the job's in Verify all — and,
// for a review, the digest of the first read of SKILL.md: the review reads it
// a second time on purpose, and other bytes the second time fail the file
// ("content changed between reads"), whatever either read alone said.
import { finding } from '../../shared/findings.js';
import type { FileCheck, Finding, Settings } from '../../shared/model.js';
import { ByteBudget } from './reader.js';
import { canonicalUri } from './uri-memo.js';
import type { SharedReads } from './shared-reads.js';
import { filesInReadingOrder, type ServerSkills, type SkillRecord } from './registry.js';
import type { Rpc } from './rpc.js';

export interface PassOptions {
  /** Read the rest even though SKILL.md failed: inspection, which never makes the skill verified. */
  readonly inspect?: boolean;
  /** Read SKILL.md once more at the end to catch a server that serves other bytes the second time (Review, check). */
  readonly secondRead?: boolean;
  /** The budget of the whole job (Verify all), when the pass is one of many. */
  readonly jobBudget?: ByteBudget;
  /** The job's answers to files more than one of its skills list, so each is read once (Verify all, check). */
  readonly sharedReads?: SharedReads;
}

/** Why the second read of SKILL.md is sent, as the protocol log shows it. */
export function secondReadPurpose(uri: string): string {
  return `Reading ${uri} a second time on purpose: the review checks that the server serves the same bytes each time it is asked (a file whose content changes between reads is not verified).`;
}

export class SkillPass {
  /** Every budget a read of this pass counts against: the server's, the skill's, and the job's when there is one. */
  readonly budgets: readonly ByteBudget[];
  /** The skill's files in host order, SKILL.md first. */
  readonly files: readonly string[];
  private firstRead: { readonly digest: string; readonly size: number } | undefined;
  /** SKILL.md failed and the rest was left unread. */
  stopped = false;

  constructor(
    readonly record: SkillRecord,
    state: ServerSkills,
    skillLimit: () => number,
    readonly options: PassOptions = {},
  ) {
    const skill = new ByteBudget(skillLimit, 'skill');
    this.budgets = options.jobBudget ? [state.budget, skill, options.jobBudget] : [state.budget, skill];
    this.files = filesInReadingOrder(record);
  }

  get skillMd(): string {
    return this.files[0]!;
  }

  /**
   * After SKILL.md's check: whether the rest of the skill is read. When it is
   * not, the rest is marked "not read" in the registry.
   */
  admitsRest(state: ServerSkills, check: FileCheck): boolean {
    if (check.state !== 'failed' || this.options.inspect) return true;
    this.stopped = true;
    state.setNotRead(this.record, this.files.slice(1));
    return false;
  }

  /**
   * Called with every verdict of SKILL.md in this pass. The first read is
   * remembered; a later read with other bytes turns the verdict into a
   * failure, with the finding that says so.
   */
  judgeRepeat(fileUri: string, digest: string, size: number, check: FileCheck, findings: Finding[], location: { serverId: string; skillUri: string }): FileCheck {
    // Called with the listed spelling of SKILL.md, which may not be the skill's URI it was read at.
    if (fileUri !== this.skillMd && canonicalUri(fileUri) !== canonicalUri(this.skillMd)) return check;
    const first = this.firstRead;
    if (!first) {
      this.firstRead = { digest, size };
      return check;
    }
    if (first.digest === digest) return check;
    const message = `${fileUri}: content changed between reads. The first read served ${first.size} bytes (${first.digest}), the second ${size} bytes (${digest}); a host cannot know which it would get, so neither is verified.`;
    findings.push(finding('inspector-content-changed', message, { ...location, fileUri }, { expected: first.digest, actual: digest }));
    return { state: 'failed', reason: 'changed', expected: first.digest, actual: digest, message, checkedAt: 'checkedAt' in check ? check.checkedAt : new Date().toISOString() };
  }
}

/** The limit of a fresh skill budget: one function per engine, shared by every pass. */
export function skillBudgetLimit(settings: () => Settings): () => number {
  return () => settings().skillByteBudget;
}

/** The job budget of one Verify all (or any job over many skills). */
export function jobBudget(settings: () => Settings): ByteBudget {
  return ByteBudget.of('job', settings);
}

/** The same connection, with every request carrying a purpose the protocol log shows. */
export function withPurpose(rpc: Rpc, purpose: string): Rpc {
  return { serverId: rpc.serverId, era: rpc.era, request: (method, params, options) => rpc.request(method, params, { ...options, purpose }) };
}
