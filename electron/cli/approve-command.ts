// `skill-inspector approve`: a headless approval, for a reviewer at a
// terminal or a CI job. It runs the full check (every file read and
// verified, the content-risk rules on the exact bytes), then writes a signed
// receipt for each named skill into the team folder. Error-level findings
// are never approved silently: each needs --acknowledge with its key (or its
// finding ID, for every finding of that ID in the skill); the receipt keeps
// what was acknowledged. Nothing is written unless every named skill can be;
// a write that fails partway names the receipts written and those not.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { acknowledgementsOf, findingKey, nameOf } from '../../shared/acknowledgements.js';
import { pathInSkill } from '../../shared/entry-diff.js';
import { canonicalUri } from '../../shared/skill-uri.js';
import type { FileCheck, Finding, SkillEntry } from '../../shared/model.js';
import { RULESET } from '../../shared/ruleset.js';
import { APP_VERSION } from '../app-version.js';
import { allowedToolsOf } from '../approvals/skill-requests.js';
import { findingsDigest } from '../team/file-set-digest.js';
import { signReceipt, type ApprovalInput } from '../team/receipt.js';
import { keychainKeyName, readKeyFromKeychain } from '../team/keychain-key.js';
import { KeyFormatError, readSigningKey } from '../team/signing-key.js';
import { describeSuppression, fileOf, suppressionFingerprint, suppressionFor, type Suppression } from '../team/suppressions.js';
import { receiptFileName, writeReceipts } from '../team/team-folder.js';
import { runCheck } from './check.js';
import { forTerminal } from './terminal-text.js';
import { CHECK_CONCURRENCY, READING_LIMITS, limitOptions, limitSettings } from './limit-flags.js';
import { openSession, type SessionOptions } from './session.js';
import { describeStart } from './stdio-flags.js';
import { progressTo, type Streams } from './streams.js';
import { TARGET_OPTIONS, UsageError, resolveTarget } from './target.js';

function pickSkill(skills: readonly SkillEntry[], wanted: string): SkillEntry {
  const byUri = skills.find((s) => s.uri === wanted);
  if (byUri) return byUri;
  const byName = skills.filter((s) => s.name === wanted);
  if (byName.length === 1) return byName[0]!;
  if (byName.length > 1) throw new UsageError(`Several skills are named "${wanted}" (${forTerminal(byName.map((s) => s.uri).join(', '))}); give --skill its URI.`);
  // Another spelling of a listed URI (SKILL://…, a letter percent-encoded) is that URI, as the rest of the app compares
  // them; the receipt names the URI as the server lists it. Two listed URIs of one canonical form: say which are meant.
  const wantedCanonical = canonicalUri(wanted);
  const bySpelling = skills.filter((s) => canonicalUri(s.uri) === wantedCanonical);
  if (bySpelling.length === 1) return bySpelling[0]!;
  if (bySpelling.length > 1) throw new UsageError(`"${forTerminal(wanted)}" is another spelling of several URIs the server lists (${forTerminal(bySpelling.map((s) => s.uri).join(', '))}); give --skill one of them as listed.`);
  throw new UsageError(`The server serves no skill "${wanted}"; it serves ${forTerminal(skills.map((s) => s.name || s.uri).join(', ')) || 'none'}.`);
}

function parseExpiry(text: string | undefined, now: Date, flag = '--expires'): string | undefined {
  if (text === undefined) return undefined;
  const time = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : NaN;
  if (!Number.isFinite(time)) throw new UsageError(`${flag} must be a date (2026-12-31) or an ISO time (2026-12-31T12:00:00Z), got "${text}".`);
  if (time <= now.getTime()) throw new UsageError(`${flag} ${text} is not in the future.`);
  return new Date(time).toISOString();
}

interface Planned {
  readonly input: ApprovalInput;
  readonly lines: string[];
}

export async function approveCommand(args: string[], io: Streams, sessionOptions: SessionOptions = {}): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      ...TARGET_OPTIONS,
      skill: { type: 'string', multiple: true },
      key: { type: 'string' },
      out: { type: 'string' },
      reviewer: { type: 'string' },
      acknowledge: { type: 'string', multiple: true },
      'grant-allowed-tools': { type: 'boolean', default: false },
      expires: { type: 'string' },
      note: { type: 'string' },
      suppress: { type: 'string', multiple: true },
      reason: { type: 'string' },
      owner: { type: 'string' },
      until: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      ...limitOptions([...READING_LIMITS, 'concurrency']),
    },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`approve takes no positional arguments (got "${positionals[0]}"); name the server with --stdio, --url or --config.`);
  if (!values.skill?.length) throw new UsageError('approve needs --skill NAME (repeatable): the skills to approve, by name or SKILL.md URI.');
  if (!values.key) throw new UsageError('approve needs --key FILE or --key keychain:NAME: the signing key (skill-inspector key new, or an OpenSSH ed25519 key).');
  if (!values.out) throw new UsageError('approve needs --out DIR: the receipts folder, e.g. .skills/approvals.');
  const now = new Date();
  const expires = parseExpiry(values.expires, now);
  let key;
  try {
    const inKeychain = keychainKeyName(values.key);
    if (inKeychain !== undefined) key = await readKeyFromKeychain(inKeychain);
    else {
      const read = await readSigningKey(values.key);
      if (read.warning) io.err.write(`Warning: ${read.warning}\n`);
      key = read.key;
    }
  } catch (error) {
    if (error instanceof KeyFormatError) throw new UsageError(error.message);
    throw error;
  }
  const reviewer = values.reviewer?.trim() || key.comment;
  if (!reviewer) throw new UsageError(`${values.key} has no comment to name the reviewer; give --reviewer NAME.`);
  const given = new Set(values.acknowledge ?? []);
  const suppress = suppressDecision(values, now);
  const used = new Set<string>();

  const settings = { readConcurrency: CHECK_CONCURRENCY, ...limitSettings(values) };
  const target = await resolveTarget(values);
  const progress = progressTo(io.err, values.quiet);
  progress(`Connecting to ${target.label}${describeStart(target.transport)}…`);
  const session = await openSession(target, settings, sessionOptions);
  let planned: Planned[];
  const refusals: string[] = [];
  try {
    const report = await runCheck(session, progress);
    planned = [];
    const seen = new Set<string>();
    for (const wanted of values.skill) {
      const skill = pickSkill(report.skills, wanted);
      if (seen.has(skill.uri)) continue;
      seen.add(skill.uri);
      const findings: Finding[] = report.findings.filter((f) => f.location.skillUri === skill.uri);
      const refusal = listedMoreThanOnce(skill, report.findings) ?? unapprovable(skill);
      if (refusal) {
        refusals.push(forTerminal(`Not approved: ${skill.uri} ${refusal}.`));
        continue;
      }
      // A suppressed error-level finding needs no --acknowledge: the suppression is the decision, with its reason and expiry.
      const suppressions: Suppression[] = [];
      const suppressedKeys = new Set<string>();
      for (const f of findings) {
        const asked = suppress?.wanted.find((w) => w === f.id || w === findingKey(f));
        if (asked === undefined || !suppress) continue;
        used.add(asked);
        suppressedKeys.add(findingKey(f));
        if (suppressions.some((s) => s.fingerprint === suppressionFingerprint(f))) continue;
        const file = fileOf(f)!;
        const digest = (skill.resources as readonly { uri: string; digest: string }[]).find((r) => r.uri === file)?.digest;
        if (digest === undefined) throw new UsageError(`--suppress ${asked}: ${file} is not in ${skill.uri}'s file list, so no suppression can bind it.`);
        suppressions.push(suppressionFor(f, digest, pathInSkill(file, skill.uri), suppress.decision));
      }
      const required = acknowledgementsOf(findings.filter((f) => !suppressedKeys.has(findingKey(f))), skill.uri);
      const missing = required.filter((a) => !given.has(a.key) && !given.has(a.id));
      if (missing.length > 0) {
        refusals.push(
          `Not approved: ${forTerminal(skill.uri)} has ${missing.length} error-level finding(s) not acknowledged:\n` +
            missing.map((a) => `  --acknowledge '${forTerminal(a.key)}'   ${forTerminal(`${nameOf(a)}: ${a.message}`)}\n`).join('') +
            '  Read each one, then acknowledge it with --acknowledge <key>, or every finding of one kind with --acknowledge <finding ID>.',
        );
        continue;
      }
      const tools = allowedToolsOf(skill.frontmatter);
      const counts = { errors: 0, warnings: 0, infos: 0 };
      for (const f of findings) counts[f.severity === 'error' ? 'errors' : f.severity === 'warning' ? 'warnings' : 'infos']++;
      const files = (skill.resources as readonly { uri: string; digest: string; size: number }[]).map((r) => ({ uri: r.uri, digest: r.digest, size: r.size }));
      const lines = [`Approved ${skill.uri} as ${reviewer} (${key.fingerprint}): ${files.length} file(s), rule set ${RULESET.version}, ${counts.errors} error(s), ${counts.warnings} warning(s).`];
      for (const a of required) lines.push(`  acknowledged: ${nameOf(a)}`);
      for (const sup of suppressions) lines.push(`  suppressed until ${sup.expires.slice(0, 10)} for ${sup.owner}: ${describeSuppression(sup)}: ${sup.reason}`);
      if (tools) lines.push(`  allowed-tools ${tools.requested.join(' ')}: ${values['grant-allowed-tools'] ? 'granted' : 'not granted (add --grant-allowed-tools to grant them)'}`);
      planned.push({
        lines,
        input: {
          server: session.label,
          skill: skill.uri,
          skillName: skill.name,
          files,
          reviewerName: reviewer,
          approvedAt: now.toISOString(),
          ...(expires !== undefined ? { expires } : {}),
          ruleset: { version: RULESET.version },
          findings: { digest: findingsDigest(findings), ...counts },
          acknowledged: required.map((a) => ({ key: a.key, id: a.id, title: a.title, ...(a.path !== undefined ? { path: a.path } : {}), ...(a.line !== undefined ? { line: a.line } : {}), ...(a.field !== undefined ? { field: a.field } : {}) })),
          allowedTools: tools ? { requested: tools.requested, granted: values['grant-allowed-tools'] } : null,
          ...(suppressions.length > 0 ? { suppressions } : {}),
          ...(values.note !== undefined ? { note: values.note } : {}),
          generator: `skill-inspector ${APP_VERSION}`,
        },
      });
    }
  } finally {
    await session.close();
  }
  const unused = (suppress?.wanted ?? []).filter((w) => !used.has(w));
  if (unused.length > 0) throw new UsageError(`--suppress ${unused.join(', ')}: no risk finding of the named skills has that ID or key.`);
  if (refusals.length > 0) {
    io.out.write(`${refusals.join('\n')}\nNo receipt was written.\n`);
    return 1;
  }
  // All signed first, then written: a write that fails partway says which receipts are in the folder and which are not.
  const signed = planned.map(({ input }) => ({ fileName: receiptFileName(input.server, input.skill, input.skillName, key.fingerprint), envelope: signReceipt(input, key) }));
  await writeReceipts(path.resolve(values.out), signed, (file, index) => {
    // The lines quote the skill's frontmatter (allowed-tools, acknowledged field names): shown, never run (terminal-text.ts).
    io.out.write(`${planned[index]!.lines.map(forTerminal).join('\n')}\n  receipt: ${path.join(values.out!, path.basename(file))}\n`);
  });
  return 0;
}

/** The --suppress flags and the one decision (--reason, --owner, --until) they all share; undefined without --suppress. */
function suppressDecision(values: { suppress?: string[] | undefined; reason?: string | undefined; owner?: string | undefined; until?: string | undefined }, now: Date): { wanted: string[]; decision: { reason: string; owner: string; expires: string } } | undefined {
  if (!values.suppress?.length) {
    if (values.reason !== undefined || values.owner !== undefined || values.until !== undefined) throw new UsageError('--reason, --owner and --until go with --suppress.');
    return undefined;
  }
  for (const w of values.suppress) if (!w.startsWith('risk-')) throw new UsageError(`--suppress ${w}: only content-risk findings (risk-…) can be suppressed; a conformance finding is a fact about the server, not a judgement.`);
  const reason = values.reason?.trim();
  const owner = values.owner?.trim();
  if (!reason) throw new UsageError('--suppress needs --reason TEXT: why the finding is accepted.');
  if (!owner) throw new UsageError('--suppress needs --owner NAME: who answers for it.');
  if (values.until === undefined) throw new UsageError('--suppress needs --until DATE: a suppression always expires.');
  return { wanted: values.suppress, decision: { reason, owner, expires: parseExpiry(values.until, now, '--until')! } };
}

/**
 * Why a skill whose URI the listing gives more than once cannot be approved, or undefined. The listing keeps the
 * first entry and says the later copy was ignored; which copy a host loads is the host's choice, so a receipt over
 * the first would bind files nobody can say were the ones reviewed. No --acknowledge stands in for that.
 */
function listedMoreThanOnce(skill: SkillEntry, findings: readonly Finding[]): string | undefined {
  const uri = canonicalUri(skill.uri);
  const said = findings.filter((f) => f.id === 'sep-2640-skills-list-entry-atomic' && f.location.skillUri !== undefined && canonicalUri(f.location.skillUri) === uri);
  if (said.length === 0) return undefined;
  return (
    `is listed more than once by the server (${said.map((f) => f.message.replace(/\.$/, '')).join('; ')}). ` +
    "The check read the first entry only, and which one a host loads is the host's choice, so a receipt cannot say which was reviewed; the server must list each skill once"
  );
}

/** Why a skill has no file set a receipt can bind, or undefined. */
function unapprovable(skill: SkillEntry): string | undefined {
  if (skill.resources === 'dynamic') return 'cannot be approved by a receipt: the server says its content is dynamic, so there is no file set to bind';
  if (skill.resources === null) return 'cannot be approved: its entry has no valid file list';
  if (skill.resources.some((r) => !Number.isSafeInteger(r.size) || r.size < 0)) return 'cannot be approved: the server gives no size for some of its files';
  // The receipt binds the listed digests: only to bytes that were read and matched them. A listing a limit stopped is
  // not read at all, and a file that failed was not those bytes; no --acknowledge stands in for either (as in the app).
  const unverified = skill.resources.filter((r) => skill.files[r.uri]?.state !== 'verified');
  if (unverified.length > 0 || skill.status !== 'verified') {
    const why = unverified.slice(0, 5).map((r) => `${pathInSkill(r.uri, skill.uri)}: ${notVerified(skill.files[r.uri])}`);
    const more = unverified.length > 5 ? `; and ${unverified.length - 5} more` : '';
    return `cannot be approved: its files were not read and verified against the listing (${why.join('; ') || `the skill is ${skill.status}`}${more}), and a receipt binds the listed digests to bytes that matched them`;
  }
  return undefined;
}

/** Why one file's check is not "verified", in a few words. */
function notVerified(check: FileCheck | undefined): string {
  if (check === undefined || check.state === 'unread') return check?.reason === 'skill-md-failed' ? 'not read, as SKILL.md failed' : 'not read';
  return (check.state === 'failed' ? check.message : check.state === 'unverifiable' ? check.reason : 'verified').replace(/\.$/, '');
}
