// `skill-inspector verify --receipts DIR`: does every skill the server serves
// have a valid approval receipt from a trusted signer, for exactly the file
// set served? One line per skill: "approved by NAME (fingerprint) on DATE",
// or why not. Exit 0 when every served skill is approved, 1 otherwise, 2 on
// bad usage (and an unreadable receipts folder or allowed-signers file).
// Like `verify --lock`, it uses skills/list and skills/get only: the digests
// come from the entries; `check` is the command that reads the bytes.
// With --config FILE --all, every server of the config (verify-receipts-all.ts).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CLOCK_LEEWAY_MS } from '../team/receipt-check.js';
import { readTeamFolderFlags } from './team-folder-flag.js';
import { formatReceiptsSarif } from './format-receipts-sarif.js';
import { LISTING_LIMITS, limitOptions, limitSettings } from './limit-flags.js';
import { readServerSkillSet } from './skill-set.js';
import { wantsFleet } from './fleet.js';
import { verifyReceiptsFleet } from './verify-receipts-all.js';
import { fileSetDigests, receiptsJson, receiptsReport, receiptsText } from './receipts-report.js';
import { progressTo, type Streams } from './streams.js';
import { TARGET_OPTIONS, UsageError, resolveTarget } from './target.js';
import { wellFormedJson } from './well-formed-json.js';

/** `verify` with --receipts is this command; without, the lockfile's (verify-command.ts). */
export function wantsReceipts(args: readonly string[]): boolean {
  return args.some((a) => a === '--receipts' || a.startsWith('--receipts='));
}

/** How far ahead of the time judged as of a receipt may be dated: the clock's leeway when that time is now, none for --as-of. */
export function leewayOf(asOfText: string | undefined): number {
  return asOfText === undefined ? CLOCK_LEEWAY_MS : 0;
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
      all: { type: 'boolean', default: false },
      jobs: { type: 'string' },
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
  const leewayMs = leewayOf(values['as-of']);
  const settings = limitSettings(values);
  if (wantsFleet(values)) return await verifyReceiptsFleet(values, { receiptsDir, trust, asOf, leewayMs }, settings, io);
  const target = await resolveTarget(values);
  // Read before any server is started: a broken team folder is bad usage, not a verdict.
  const team = await readTeamFolderFlags(receiptsDir, trust);
  const progress = progressTo(io.err, values.quiet);
  const report = receiptsReport(await readServerSkillSet(target, progress, settings), team, asOf, leewayMs);
  const flags = { receiptsDir, trust, asOf, leewayMs };
  // A receipt's subject, the server's URIs, a config's name: a lone surrogate is written as U+FFFD (well-formed-json.ts).
  if (values.json) io.out.write(`${wellFormedJson(receiptsJson(report, flags), 2)}\n`);
  else if (values.sarif) io.out.write(formatReceiptsSarif(report.check, { root: values['sarif-root'], fileSetDigests: fileSetDigests(report.served), problems: report.set.problems }));
  else io.out.write(receiptsText(report, flags));
  return report.ok ? 0 : 1;
}
