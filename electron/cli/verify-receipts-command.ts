// `skill-inspector verify --receipts DIR`: does every skill the server serves
// have a valid approval receipt from a trusted signer, for exactly the file
// set served? One line per skill: "approved by NAME (fingerprint) on DATE",
// or why not. Exit 0 when every served skill is approved, 1 otherwise, 2 on
// bad usage (and an unreadable receipts folder or allowed-signers file).
// Like `verify --lock`, it uses skills/list and skills/get only: the digests
// come from the entries; `check` is the command that reads the bytes.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { allApproved, checkReceipts, type ServedSkill } from '../team/receipt-check.js';
import { fileSetDigest } from '../team/file-set-digest.js';
import { readTeamFolderFlags } from './team-folder-flag.js';
import { formatReceiptsSarif } from './format-receipts-sarif.js';
import { LISTING_LIMITS, limitOptions, limitSettings } from './limit-flags.js';
import { readServerSkillSet } from './skill-set.js';
import { progressTo, type Streams } from './streams.js';
import { TARGET_OPTIONS, UsageError, resolveTarget } from './target.js';

/** `verify` with --receipts is this command; without, the lockfile's (verify-command.ts). */
export function wantsReceipts(args: readonly string[]): boolean {
  return args.some((a) => a === '--receipts' || a.startsWith('--receipts='));
}

export function parseAsOf(text: string | undefined): Date {
  if (text === undefined) return new Date();
  const time = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : NaN;
  if (!Number.isFinite(time)) throw new UsageError(`--as-of must be a date (2026-12-31) or an ISO time, got "${text}".`);
  return new Date(time);
}

export async function verifyReceiptsCommand(args: string[], io: Streams): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      ...TARGET_OPTIONS,
      receipts: { type: 'string' },
      trust: { type: 'string' },
      'as-of': { type: 'string' },
      json: { type: 'boolean', default: false },
      sarif: { type: 'boolean', default: false },
      'sarif-root': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      ...limitOptions([...LISTING_LIMITS, 'concurrency']),
    },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`verify takes no positional arguments (got "${positionals[0]}"); name the server with --stdio, --url or --config.`);
  const receiptsDir = values.receipts;
  if (!receiptsDir) throw new UsageError('--receipts needs a folder: the team\'s receipts, e.g. .skills/approvals.');
  // The team folder's layout: .skills/approvals beside .skills/allowed-signers.
  const trust = values.trust ?? path.join(path.dirname(receiptsDir), 'allowed-signers');
  if (values.json && values.sarif) throw new UsageError('Choose one output format; got --json and --sarif.');
  if (values['sarif-root'] !== undefined && !values.sarif) throw new UsageError('--sarif-root goes with --sarif.');
  const asOf = parseAsOf(values['as-of']);
  const settings = limitSettings(values);
  const target = await resolveTarget(values);
  // Read before any server is started: a broken team folder is bad usage, not a verdict.
  const { signers, receipts } = await readTeamFolderFlags(receiptsDir, trust);
  const progress = progressTo(io.err, values.quiet);
  const set = await readServerSkillSet(target, progress, settings);
  const served: ServedSkill[] = Object.entries(set.server.skills).map(([uri, s]) => ({ uri, name: s.name, resources: s.resources }));
  const check = checkReceipts(set.label, served, receipts, signers, asOf);
  const ok = allApproved(check) && set.problems.length === 0;
  if (values.json) {
    io.out.write(`${JSON.stringify({ approved: ok, label: set.label, receipts: receiptsDir, trust, asOf: asOf.toISOString(), skills: check.skills, unreadable: check.unreadable, unmatched: check.unmatched, problems: set.problems }, null, 2)}\n`);
    return ok ? 0 : 1;
  }
  if (values.sarif) {
    const digests = new Map<string, string>();
    for (const s of served) {
      if (s.resources === 'dynamic') continue;
      try {
        digests.set(s.uri, fileSetDigest(s.resources));
      } catch {
        // A set with no digest text has no receipt either; its fingerprint goes without.
      }
    }
    io.out.write(formatReceiptsSarif(check, { root: values['sarif-root'], fileSetDigests: digests }));
    return ok ? 0 : 1;
  }
  const approved = check.skills.filter((s) => s.status === 'approved').length;
  const lines = [`Team approvals of "${set.label}" (receipts ${receiptsDir}, signers ${trust}): ${approved} of ${check.skills.length} skill(s) approved.`];
  for (const s of check.skills) lines.push(`  ${s.uri}: ${s.message}`);
  for (const u of check.unreadable) lines.push(`  ${u.file}: not a receipt: ${u.problem}`);
  if (check.unmatched.length > 0) lines.push(`${check.unmatched.length} receipt(s) name skills "${set.label}" does not serve (another server's, or a removed skill's); they were not used.`);
  if (set.problems.length > 0) lines.push(`The server's answers are not consistent:`, ...set.problems.map((p) => `  - ${p}`));
  io.out.write(`${lines.join('\n')}\n`);
  return ok ? 0 : 1;
}
