// Binds the team part of the contract (shared/api-team.ts): this person's
// signing key, sharing their approvals as receipts, and reading a team folder.
// A team receipt never becomes this person's approval by itself: `team.adopt`
// is called only after the window asked, and even then the skill's bytes are
// read and verified and the app's own approve checks run, as for any approval.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { TeamCheckResult, TeamIdentity, TeamShareResult, TeamSkillVerdict, TEAM_PARAMS } from '../../shared/api-team.js';
import type { Acknowledgement, ApprovalRecord } from '../../shared/approvals-model.js';
import { pathInSkill } from '../../shared/entry-diff.js';
import type { Finding, SkillEntry } from '../../shared/model.js';
import { RULESET } from '../../shared/ruleset.js';
import { ApiFailure } from '../api-failure.js';
import { APP_VERSION } from '../app-version.js';
import type { ApprovalHandlers } from '../approvals/handlers.js';
import type { Handlers } from '../dispatch.js';
import type { FeatureDeps } from '../feature-deps.js';
import type { SecretStores } from '../secrets/secret-store.js';
import type { SkillRecord } from '../skills/registry.js';
import { findingsDigest } from './file-set-digest.js';
import { receiptsFolderPlace } from './folder-links.js';
import { FILE_KEY_WARNING, IDENTITY_FILE, IDENTITY_PUBLIC_FILE, createIdentity, loadIdentity, readIdentityPublic, type IdentityPublic, type SigningIdentity } from './identity.js';
import { signReceipt } from './receipt.js';
import { CLOCK_LEEWAY_MS, checkReceipts, describeChange, type LoadedReceipt, type ServedSkill, type SkillApproval } from './receipt-check.js';
import { KeyFormatError } from './signing-key.js';
import { describes } from './suppressions.js';
import { RECEIPTS_FOLDER_LIMITS, ReceiptsWriteError, TeamFolderError, readAllowedSigners, readReceiptsFolder, receiptFileName, writeReceipts, type ReceiptsFolderLimits } from './team-folder.js';

export type TeamHandlers = Pick<Handlers, keyof typeof TEAM_PARAMS>;

async function exists(file: string): Promise<boolean> {
  return fs.lstat(file).then(
    () => true,
    () => false,
  );
}

/**
 * The `.skills` folder: the one given, or the `.skills` inside the repository given. That one the app picked, so it
 * must be the repository's own folder: a link in its place is refused, as one in approvals/' place is (team-folder.ts).
 */
async function teamDir(folder: string): Promise<string> {
  const resolved = path.resolve(folder);
  const inner = path.join(resolved, '.skills');
  if (!(await exists(inner))) return resolved;
  if ((await fs.lstat(inner)).isSymbolicLink()) throw new TeamFolderError(`The team folder ${inner}: it is a symbolic link, not the folder itself; it was not followed (a link in a repository can point anywhere outside it).`);
  return inner;
}

function shown(identity: IdentityPublic): TeamIdentity {
  return {
    exists: true,
    name: identity.name,
    fingerprint: identity.fingerprint,
    publicKey: identity.publicKeyLine,
    allowedSignersLine: identity.allowedSignersLine,
    file: identity.file,
    protection: identity.protection,
    where: identity.where,
    ...(identity.warning !== undefined ? { warning: identity.warning } : {}),
  };
}

/** `receiptsLimits`: how much of a team folder's receipts is read (the tests pass a small budget). */
export function createTeamHandlers(deps: FeatureDeps, approvals: ApprovalHandlers, receiptsLimits: ReceiptsFolderLimits = RECEIPTS_FOLDER_LIMITS): TeamHandlers {
  // The stores the inspector opened for server secrets (keychain, safeStorage or the encrypted file): the signing key goes where they go.
  const stores = (): SecretStores => deps.catalog.secrets.stores;

  async function identity(): Promise<TeamIdentity> {
    const current = await readIdentityPublic(deps.dataDir, stores());
    if (current) return shown(current);
    const keychain = stores().primary.backend !== 'encrypted-file';
    // Where a new key would go, so Settings can say it before the user creates one.
    return keychain
      ? { exists: false, file: path.join(deps.dataDir, IDENTITY_PUBLIC_FILE), protection: stores().primary.backend === 'safe-storage' ? 'safe-storage' : 'keychain', where: `in the OS keychain (${stores().primary.description})` }
      : { exists: false, file: path.join(deps.dataDir, IDENTITY_FILE), protection: 'file', where: 'in a file (mode 600): no keychain here', warning: FILE_KEY_WARNING };
  }

  async function requireIdentity(): Promise<SigningIdentity> {
    let me: SigningIdentity | undefined;
    try {
      me = await loadIdentity(deps.dataDir, stores());
    } catch (error) {
      if (error instanceof KeyFormatError) throw new ApiFailure('conflict', error.message);
      throw error;
    }
    if (!me) throw new ApiFailure('conflict', 'You have no signing key yet. Create one in Settings (Create signing key) first.');
    return me;
  }

  async function readTeam(folder: string): Promise<{ dir: string; receipts: LoadedReceipt[]; signers: Awaited<ReturnType<typeof readAllowedSigners>> }> {
    try {
      const dir = await teamDir(folder);
      // The team folder and approvals/ looked at before allowed-signers is read from the team folder (folder-links.ts).
      const place = await receiptsFolderPlace(path.join(dir, 'approvals'));
      const signers = await readAllowedSigners(path.join(dir, 'allowed-signers'), place);
      const receipts = await readReceiptsFolder(path.join(dir, 'approvals'), (f) => f, receiptsLimits);
      return { dir, receipts, signers };
    } catch (error) {
      if (error instanceof TeamFolderError) throw new ApiFailure('invalid-params', `${error.message} A team folder is a .skills folder with approvals/ and allowed-signers (docs/team.md).`);
      throw error;
    }
  }

  async function check(folder: string): Promise<TeamCheckResult & { receipts: LoadedReceipt[]; signers: Awaited<ReturnType<typeof readAllowedSigners>> }> {
    const { dir, receipts, signers } = await readTeam(folder);
    const skills: TeamSkillVerdict[] = [];
    const unreadable = receipts.flatMap((r) => (r.read.ok ? [] : [{ file: r.file, problem: r.read.problem, ...(r.notRead ? { notRead: true as const } : {}) }]));
    const notListed: string[] = [];
    const rejected: TeamCheckResult['rejected'][number][] = [];
    const unserved = new Map<string, TeamCheckResult['rejected'][number]>();
    for (const server of deps.catalog.list()) {
      const listed = deps.engine.list(server.id);
      if (listed.length === 0) {
        if (deps.engine.server(server.id).listing === undefined) notListed.push(server.label);
        continue;
      }
      const served: ServedSkill[] = listed.filter((s) => s.resources !== null).map((s) => ({ uri: s.uri, name: s.name, resources: s.resources === 'dynamic' ? 'dynamic' : (s.resources ?? []).map((r) => ({ uri: r.uri, digest: r.digest, size: r.size })) }));
      const judged = checkReceipts(server.label, served, receipts, signers, new Date(), CLOCK_LEEWAY_MS);
      // An edited receipt beside a valid one for its skill: the valid one speaks, the edited one is said, not dropped.
      for (const r of judged.rejected) {
        const said = { file: r.file, serverId: server.id, serverLabel: server.label, skillUri: r.skillUri, message: r.message };
        // One edited to name a skill this server does not serve: every other server says the same of it; said once, below.
        if (r.unserved) {
          if (!unserved.has(r.file)) unserved.set(r.file, { ...said, unserved: true });
        } else rejected.push(said);
      }
      for (const judgedSkill of judged.skills) {
        // An invalid entry first: its files are not what makes it unusable, so a receipt over them never approves it.
        const s = withServedBytes(withLoadableEntry(judgedSkill, deps.engine.record(server.id, judgedSkill.uri)), listed.find((x) => x.uri === judgedSkill.uri));
        const local = (await approvals['approvals.get']({ serverId: server.id, skillUri: s.uri }))?.decision ?? null;
        skills.push({
          serverId: server.id,
          serverLabel: server.label,
          skillUri: s.uri,
          name: served.find((x) => x.uri === s.uri)?.name ?? '',
          status: s.status,
          message: s.message,
          ...(s.receipt !== undefined ? { receipt: s.receipt } : {}),
          ...(s.reviewer ? { reviewer: s.reviewer } : {}),
          ...(s.approvedAt !== undefined ? { approvedAt: s.approvedAt } : {}),
          local,
          canAdopt: s.status === 'approved' && local !== 'approved',
        });
      }
      // An entry with no valid file list has no file set a receipt could bind, yet it is served: said so, as
      // `verify --receipts` does ("cannot be pinned"), not left out of the list with the receipts naming it unused.
      for (const entry of listed.filter((x) => x.resources === null)) {
        const local = (await approvals['approvals.get']({ serverId: server.id, skillUri: entry.uri }))?.decision ?? null;
        const message = `invalid entry: the server's entry for this skill is invalid, so hosts must not load it${entryErrors(deps.engine.record(server.id, entry.uri))}`;
        skills.push({ serverId: server.id, serverLabel: server.label, skillUri: entry.uri, name: entry.name, status: 'invalid', message, local, canAdopt: false });
      }
    }
    // A receipt some server's skill drew is said there (its verdict, or rejected beside a better one); the rest, once.
    const said = new Set([...skills.flatMap((s) => (s.receipt !== undefined ? [s.receipt] : [])), ...rejected.map((r) => r.file)]);
    for (const r of unserved.values()) if (!said.has(r.file)) rejected.push(r);
    return { folder: dir, skills, unreadable, notListed, rejected, receipts, signers };
  }

  return {
    'team.identity': async () => identity(),
    'team.createKey': async ({ name }) => {
      try {
        return shown(await createIdentity(deps.dataDir, name, stores()));
      } catch (error) {
        if (error instanceof KeyFormatError) throw new ApiFailure('conflict', error.message);
        throw error;
      }
    },
    'team.share': async ({ folder, serverId }): Promise<TeamShareResult> => {
      const me = await requireIdentity();
      let dir: string;
      try {
        dir = await teamDir(folder);
      } catch (error) {
        if (error instanceof TeamFolderError) throw new ApiFailure('invalid-params', `${error.message} Nothing was written.`);
        throw error;
      }
      const out = path.join(dir, 'approvals');
      const signed: { fileName: string; envelope: ReturnType<typeof signReceipt> }[] = [];
      const skipped: { skillUri: string; reason: string }[] = [];
      const servers = serverId !== undefined ? [deps.catalog.get(serverId)] : deps.catalog.list();
      for (const server of servers) {
        for (const record of await approvals['approvals.list']({ serverId: server.id })) {
          if (record.decision !== 'approved') continue;
          if (!Array.isArray(record.resources)) {
            skipped.push({ skillUri: record.skillUri, reason: 'its content is dynamic, so no receipt can bind it' });
            continue;
          }
          signed.push({ fileName: receiptFileName(server.label, record.skillUri, record.skillName, me.key.fingerprint), envelope: signReceipt(inputOf(record, server.label, me.name), me.key) });
        }
      }
      if (signed.length === 0 && skipped.length === 0) throw new ApiFailure('conflict', 'You have approved no skill yet, so there is no receipt to share.');
      // All signed first, then written: a write that fails partway says which receipts are in the folder and which are not.
      let written: string[];
      try {
        written = await writeReceipts(out, signed);
      } catch (error) {
        if (error instanceof ReceiptsWriteError) throw new ApiFailure('failed', error.message);
        // The folder cannot be written to at all (a link in its place): nothing was written.
        if (error instanceof TeamFolderError) throw new ApiFailure('invalid-params', `${error.message} Nothing was written.`);
        throw error;
      }
      return { folder: dir, written, skipped };
    },
    'team.check': async ({ folder }) => {
      const { receipts: _receipts, signers: _signers, ...result } = await check(folder);
      return result;
    },
    'team.adopt': async ({ folder, serverId, skillUri }): Promise<ApprovalRecord> => {
      const judged = await check(folder);
      const verdict = judged.skills.find((s) => s.serverId === serverId && s.skillUri === skillUri);
      if (!verdict) throw new ApiFailure('not-found', `${skillUri} is not served by a connected server now.`);
      if (verdict.status !== 'approved' || !verdict.receipt) throw new ApiFailure('conflict', `The team receipt cannot be adopted: ${verdict.message}.`);
      const loaded = judged.receipts.find((r) => r.file === verdict.receipt);
      if (!loaded?.read.ok) throw new ApiFailure('conflict', `${verdict.receipt} could not be read again.`);
      const { predicate } = loaded.read.statement;
      // The app's own review: every file read and verified against the listing, the rules run on the bytes.
      const review = await approvals['approvals.startReview']({ serverId, skillUri });
      if (!review.canApprove) throw new ApiFailure('conflict', `${skillUri} was not approved. ${review.blockers.join(' ')}`);
      // The receipt was judged against the listing held before the review; the review asks the server again (skills/get)
      // and a listing may land meanwhile, so the version it read, the one approved below, is judged again: only the file
      // set the receipt approves may be adopted as it.
      const reviewed = checkReceipts(verdict.serverLabel, [{ uri: skillUri, name: verdict.name, resources: review.resources === 'dynamic' ? 'dynamic' : (review.resources ?? []).map((r) => ({ uri: r.uri, digest: r.digest, size: r.size })) }], [loaded], judged.signers, new Date(), CLOCK_LEEWAY_MS).skills[0];
      if (reviewed?.status !== 'approved') {
        const who = `${verdict.reviewer?.name ?? predicate.reviewer.name} (${verdict.reviewer?.fingerprint ?? predicate.reviewer.keyFingerprint})`;
        const why = reviewed?.status === 'stale' && reviewed.change ? `the server now serves other files than ${who} approved: ${describeChange(reviewed.change)} (${verdict.receipt})` : (reviewed?.message ?? 'it no longer matches the skill');
        throw new ApiFailure('conflict', `The team receipt cannot be adopted: ${why}. Nothing was approved; check the team approvals again.`);
      }
      // Covered: what the receipt acknowledged, and what it suppresses (the verdict is `approved`, so none has lapsed).
      // A suppression covers only the risk finding it describes: a conformance error is never covered by one, whatever its fingerprint.
      const teamKeys = new Set(predicate.acknowledged.map((a) => a.key));
      const covered = (a: Acknowledgement) => {
        if (teamKeys.has(a.key)) return true;
        const finding: Finding = { id: a.id, severity: 'error', title: a.title, message: a.message, location: { skillUri, ...(a.fileUri !== undefined ? { fileUri: a.fileUri } : {}), ...(a.field !== undefined ? { field: a.field } : {}), ...(a.line !== undefined ? { line: a.line } : {}) }, ...(a.excerpt !== undefined ? { excerpt: a.excerpt } : {}) };
        return (predicate.suppressions ?? []).some((s) => describes(s, skillUri, finding));
      };
      const missing = review.acknowledgements.filter((a) => !covered(a));
      if (missing.length > 0) {
        throw new ApiFailure('conflict', `${skillUri} was not approved: ${missing.length} error-level finding(s) the team receipt does not acknowledge (${missing.map((a) => a.id).join(', ')}). Review the skill and decide yourself.`);
      }
      const by = `${verdict.reviewer?.name ?? predicate.reviewer.name} (${verdict.reviewer?.fingerprint ?? predicate.reviewer.keyFingerprint})`;
      return approvals['approvals.approve']({
        serverId,
        skillUri,
        fingerprint: review.fingerprint,
        acknowledge: review.acknowledgements.map((a) => a.key),
        note: `Adopted the team receipt of ${by}, approved on ${predicate.approvedAt.slice(0, 10)} (${path.basename(verdict.receipt)}).`,
      });
    },
  };
}

/** The finding that says only "the entry is invalid, see the others": the others say why. */
const INVALID_ENTRY_ID = 'sep-2640-resources-invalid-entry';

/** `: <the entry's errors>`, at most three, or '' when it has none to name. */
function entryErrors(record: SkillRecord | undefined): string {
  const reasons = (record?.entryFindings ?? []).filter((f) => f.severity === 'error' && f.id !== INVALID_ENTRY_ID).map((f) => f.message);
  return reasons.length > 0 ? `: ${reasons.slice(0, 3).join(' ')}${reasons.length > 3 ? ` (and ${reasons.length - 3} more)` : ''}` : '';
}

/**
 * A receipt binds a file set; the server's entry for the skill may list those very files and still be one no host
 * may load (a frontmatter with no description, a URI that is no skill's). `verify --receipts` refuses such an entry
 * (it cannot be pinned); so does the app: invalid, naming why, and never adoptable.
 */
function withLoadableEntry(verdict: SkillApproval, record: SkillRecord | undefined): SkillApproval {
  if ((verdict.status !== 'approved' && verdict.status !== 'reopened') || !record || record.entry.loadable) return verdict;
  const why = entryErrors(record);
  const by = verdict.reviewer ? `${verdict.reviewer.name} (${verdict.reviewer.fingerprint})` : 'the team';
  const on = verdict.approvedAt !== undefined ? ` on ${verdict.approvedAt.slice(0, 10)}` : '';
  const { change: _change, ...rest } = verdict;
  return { ...rest, status: 'invalid', message: `invalid entry: approved by ${by}${on} for the files the server lists, but the server's entry for this skill is invalid, so hosts must not load it${why}${verdict.receipt !== undefined ? ` (${verdict.receipt})` : ''}` };
}

/** A failed check that means the bytes served are not the ones listed (as opposed to, say, a frontmatter that differs). */
const OTHER_BYTES = new Set(['digest', 'size', 'changed']);

/**
 * A receipt binds the digests a server lists; the app may have read the files and found other bytes. Such a
 * skill is not approved by the receipt, whatever its listing says: stale, naming each file, and never adoptable.
 */
function withServedBytes(verdict: SkillApproval, entry: SkillEntry | undefined): SkillApproval {
  if ((verdict.status !== 'approved' && verdict.status !== 'reopened') || !entry || !Array.isArray(entry.resources)) return verdict;
  const differ = entry.resources.flatMap((r) => {
    const check = entry.files[r.uri];
    return check?.state === 'failed' && OTHER_BYTES.has(check.reason) ? [`${pathInSkill(r.uri, entry.uri)} failed verification (${check.message})`] : [];
  });
  if (differ.length === 0) return verdict;
  const by = verdict.reviewer ? `${verdict.reviewer.name} (${verdict.reviewer.fingerprint})` : 'the team';
  const on = verdict.approvedAt !== undefined ? ` on ${verdict.approvedAt.slice(0, 10)}` : '';
  return { ...verdict, status: 'stale', message: `stale: approved by ${by}${on} for the files the server lists, but it serves other bytes: ${differ.join('; ')}${verdict.receipt !== undefined ? ` (${verdict.receipt})` : ''}` };
}

/** A local approval as a receipt's input. The app keeps the error-level findings that were acknowledged, so those are the findings the receipt names. */
function inputOf(record: ApprovalRecord, label: string, reviewerName: string): Parameters<typeof signReceipt>[0] {
  const acknowledged = record.acknowledged ?? [];
  const asFindings: Finding[] = acknowledged.map((a) => ({
    id: a.id,
    severity: 'error',
    title: a.title,
    message: a.message,
    location: { skillUri: record.skillUri, ...(a.fileUri !== undefined ? { fileUri: a.fileUri } : {}), ...(a.line !== undefined ? { line: a.line } : {}), ...(a.field !== undefined ? { field: a.field } : {}) },
  }));
  return {
    server: label,
    skill: record.skillUri,
    skillName: record.skillName,
    files: (record.resources as readonly { uri: string; digest: string; size: number }[]).map((r) => ({ uri: r.uri, digest: r.digest, size: r.size })),
    reviewerName,
    approvedAt: record.decidedAt,
    ruleset: { version: RULESET.version },
    findings: { digest: findingsDigest(asFindings), errors: asFindings.length, warnings: 0, infos: 0 },
    acknowledged: acknowledged.map((a) => ({ key: a.key, id: a.id, title: a.title, ...(a.path !== undefined ? { path: a.path } : {}), ...(a.line !== undefined ? { line: a.line } : {}), ...(a.field !== undefined ? { field: a.field } : {}) })),
    allowedTools: record.allowedTools ? { requested: [...record.allowedTools.requested], granted: record.allowedTools.granted } : null,
    ...(record.note ? { note: record.note } : {}),
    generator: `skill-inspector ${APP_VERSION} (app)`,
  };
}
