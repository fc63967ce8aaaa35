// SARIF 2.1.0 for `verify --receipts --sarif`: one result per served skill
// that is not approved (unapproved, stale, expired, untrusted, invalid,
// dynamic, reopened), one per file of the receipts folder that is not a
// receipt, and one per file not read (`receipt-partial`: the folder passed
// its byte budget, so the run judged part of it), so a pull request that
// changes a skill without a fresh receipt shows up in code scanning. Located
// at the receipt file when there is one (a repository path, as the command
// was given it), else at the skill (under --sarif-root, its repository path).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RULESET } from '../../shared/ruleset.js';
import { APP_VERSION } from '../app-version.js';
import { receiptsNotRead, type ApprovalStatus, type ReceiptsCheck, type RejectedReceipt } from '../team/receipt-check.js';
import { failedRun, repositoryPath, sarifLog, type SarifRun } from './format-sarif.js';
import { uriReference } from './sarif-uri.js';

type NotApproved = Exclude<ApprovalStatus, 'approved'> | 'unreadable' | 'partial' | 'inconsistent';

const RULES: Record<NotApproved, string> = {
  unapproved: 'No approval receipt names the served skill.',
  stale: 'The receipt approves other files than the server serves now.',
  expired: 'The receipt is past its expiry.',
  untrusted: 'The receipt is signed by a key allowed-signers does not trust for this server label.',
  invalid: 'The receipt does not verify: it was changed after signing, or its subject does not match its content.',
  dynamic: 'The skill says its content is dynamic, so no receipt can bind it.',
  reopened: 'A suppression the receipt carries has lapsed, so its finding is reported again.',
  unreadable: 'A file in the receipts folder is not a receipt.',
  partial: 'A file in the receipts folder was not read: the folder holds more receipt bytes than are read, so the verification is partial.',
  inconsistent: "The server's answers are not consistent (its listing stopped early, skills/get contradicts skills/list, or a skill cannot be pinned), so the skills judged may not be all it serves.",
};

export interface ReceiptsSarifOptions {
  readonly root?: string | undefined;
  /** Each served skill's file-set digest, for fingerprints that change when the served set does. */
  readonly fileSetDigests: ReadonlyMap<string, string>;
  /**
   * Why the server's answers cannot be trusted as a whole (skill-set.ts), each a result: the command fails on them,
   * and a log without them showed a server whose listing stopped early as all approved.
   */
  readonly problems?: readonly string[];
}

export function formatReceiptsSarif(check: ReceiptsCheck, options: ReceiptsSarifOptions): string {
  return sarifLog([receiptsSarifRun(check, options)]);
}

/** A server whose receipts could not be checked (`verify --receipts --all`): the receipts' tool and rules, no result, the invocation failed saying why. */
export function uncheckedReceiptsSarifRun(label: string, why: string, root: string | undefined): SarifRun {
  return failedRun(receiptsSarifRun({ label, skills: [], unreadable: [], unmatched: [], rejected: [] }, { root, fileSetDigests: new Map() }), `${label} could not be verified: ${why}`);
}

type Level = 'error' | 'warning';

function rule(id: NotApproved, level: Level): object {
  return { id: `receipt-${id}`, name: `Receipt${id[0]!.toUpperCase()}${id.slice(1)}`, shortDescription: { text: RULES[id] }, defaultConfiguration: { level }, properties: { tags: ['skills', 'receipts'] } };
}

interface Judged {
  readonly status: NotApproved;
  readonly text: string;
  readonly skillUri?: string | undefined;
  readonly file?: string | undefined;
}

/** Each file of the receipts folder that was not read as a receipt: not a receipt, or (`partial`) past the folder's budget. */
function unreadJudged(unreadable: ReceiptsCheck['unreadable']): Judged[] {
  return unreadable.map((u) => (u.notRead ? { status: 'partial', text: `${u.file}: ${u.problem}`, file: u.file } : { status: 'unreadable', text: `${u.file}: not a receipt: ${u.problem}`, file: u.file }));
}

/** One result; `ruleIndex` is its rule's place in the run's rules. */
function result(label: string, j: Judged, ruleIndex: number, level: Level, options: ReceiptsSarifOptions): object {
  const { status, text, skillUri, file } = j;
  return {
    ruleId: `receipt-${status}`,
    ruleIndex,
    level,
    message: { text },
    locations: [location(label, skillUri, file, options.root)],
    partialFingerprints: { 'skillInspectorReceipt/v1': fingerprint([status, label, skillUri ?? '', file ?? '', skillUri ? (options.fileSetDigests.get(skillUri) ?? '') : text]) },
    properties: { server: label, ...(skillUri ? { skillUri } : {}), ...(file ? { receipt: file } : {}) },
  };
}

/** The run for one server's receipts: one result per skill that is not approved and per file that is not a receipt. */
export function receiptsSarifRun(check: ReceiptsCheck, options: ReceiptsSarifOptions): SarifRun {
  const ids = Object.keys(RULES) as NotApproved[];
  const rules = ids.map((id) => rule(id, 'error'));
  const inconsistent = (options.problems ?? []).map((p): Judged => ({ status: 'inconsistent', text: `The answers of "${check.label}" are not consistent, so the skills judged may not be all it serves: ${p}` }));
  const rejected = check.rejected.map((r): Judged => ({ status: r.status, text: `${r.skillUri}: ${r.message}`, skillUri: r.skillUri, file: r.file }));
  const judged: Judged[] = [...check.skills.flatMap((s) => (s.status === 'approved' ? [] : [{ status: s.status, text: `${s.uri}: ${s.message}`, skillUri: s.uri, file: s.receipt }])), ...rejected, ...unreadJudged(check.unreadable), ...inconsistent];
  const results = judged.map((j) => result(check.label, j, ids.indexOf(j.status), 'error', options));
  return {
    tool: { driver: { name: 'skill-inspector', version: APP_VERSION, semanticVersion: APP_VERSION, rules, properties: { ruleset: RULESET } } },
    automationDetails: { id: `skill-inspector-receipts/${check.label}/` },
    ...(options.root !== undefined ? { originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The repository root.' } } } } : {}),
    invocations: [{ executionSuccessful: true }],
    results,
    properties: { server: check.label, skills: check.skills.map((s) => ({ skillUri: s.uri, status: s.status, message: s.message })), receiptsNotRead: receiptsNotRead(check) },
  };
}

/**
 * `check --receipts --sarif`: check's run for the server with a result for each receipt file that was not read, of
 * the rules `verify --receipts --sarif` gives it (`receipt-unreadable`, `receipt-partial`: same message, location
 * and fingerprint), so a reader of the log alone learns why a finding the team suppressed is reported. At level
 * warning: the file suppresses nothing, and check's exit code is its findings'. The run's `receiptsNotRead` counts
 * the files past the folder's budget, as verify's does.
 */
export function withUnreadReceipts(run: SarifRun, label: string, unreadable: ReceiptsCheck['unreadable'], invalid: readonly RejectedReceipt[] = []): SarifRun {
  if (unreadable.length === 0 && invalid.length === 0) return run;
  const tool = run['tool'] as { driver: { rules: object[] } };
  // A receipt that is no approval (edited after signing) applied nothing either: `receipt-invalid`, as verify gives it.
  const judged = [...invalid.map((r): Judged => ({ status: r.status, text: `${r.skillUri}: ${r.message}`, skillUri: r.skillUri, file: r.file })), ...unreadJudged(unreadable)];
  const ids = [...new Set(judged.map((j) => j.status))];
  const options = { root: undefined, fileSetDigests: new Map<string, string>() };
  const results = judged.map((j) => result(label, j, tool.driver.rules.length + ids.indexOf(j.status), 'warning', options));
  return {
    ...run,
    tool: { ...tool, driver: { ...tool.driver, rules: [...tool.driver.rules, ...ids.map((id) => rule(id, 'warning'))] } },
    results: [...(run['results'] as object[]), ...results],
    properties: { ...(run['properties'] as object), receiptsNotRead: receiptsNotRead({ unreadable }) },
  };
}

function location(label: string, skillUri: string | undefined, file: string | undefined, root: string | undefined): object {
  const logicalLocations = [{ name: skillUri ?? label, fullyQualifiedName: skillUri ?? label, kind: 'module' }];
  if (file !== undefined) return { physicalLocation: { artifactLocation: { uri: receiptFileUri(file) } }, logicalLocations };
  if (root !== undefined && skillUri !== undefined) return { physicalLocation: { artifactLocation: { uri: repositoryPath(root, skillUri), uriBaseId: '%SRCROOT%' } }, logicalLocations };
  return { logicalLocations };
}

/**
 * A receipt file as a valid URI reference naming that file. A relative path is a repository path when the command
 * runs at the repository's top, as CI does: dot segments resolved, and what a URI does not allow in a path (a
 * space, `#` and `?`, which would start a fragment or a query, `[`, a non-ASCII letter) percent-encoded, `%` itself
 * included (a file's name is not a URI: `%41.json` is not `A.json`). A path that climbs out of the folder the
 * command runs in, or an absolute one, is no repository path: it is given as a file: URI.
 */
function receiptFileUri(file: string): string {
  const relative = path.posix.normalize(file.split(path.sep).join('/'));
  if (path.isAbsolute(file) || relative === '..' || relative.startsWith('../')) return uriReference(pathToFileURL(path.resolve(file)).href);
  return repositoryPath('.', relative.replaceAll('%', '%25'));
}

function fingerprint(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 32);
}
