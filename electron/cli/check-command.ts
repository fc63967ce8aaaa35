// `skill-inspector check`: options, output format, exit code.
import { parseArgs } from 'node:util';
import { isFailing, runCheck } from './check.js';
import { defaultTrust, formatSuppressedJunit, formatSuppressedSarif, suppressionLines, withTeamSuppressions } from './check-suppressions.js';
import { leewayOf, parseAsOf } from './verify-receipts-command.js';
import { formatText } from './format-text.js';
import type { SuppressedFinding } from '../team/suppressions.js';
import { verdictCounts } from './verdicts.js';
import { wellFormedJson } from './well-formed-json.js';
import { RULESET } from '../../shared/ruleset.js';
import { CHECK_CONCURRENCY, READING_LIMITS, limitOptions, limitSettings } from './limit-flags.js';
import { progressTo, wantsColour, type Streams } from './streams.js';
import { openSession, type SessionOptions } from './session.js';
import { loadSourceFlag, withSourceComparison } from './source-flag.js';
import { describeStart } from './stdio-flags.js';
import { TARGET_OPTIONS, UsageError, resolveTarget } from './target.js';
import { checkAll } from './check-all.js';
import { fleetExitCode, fleetServers, wantsFleet, type FleetFlags } from './fleet.js';
import { formatFleetJson, formatFleetJunit, formatFleetSarif, formatFleetText } from './format-fleet.js';
import type { Settings } from '../../shared/model.js';

export async function checkCommand(args: string[], io: Streams, sessionOptions: SessionOptions = {}): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      ...TARGET_OPTIONS,
      json: { type: 'boolean', default: false },
      junit: { type: 'boolean', default: false },
      sarif: { type: 'boolean', default: false },
      'sarif-root': { type: 'string' },
      'fail-on': { type: 'string', default: 'error' },
      quiet: { type: 'boolean', default: false },
      source: { type: 'string' },
      all: { type: 'boolean', default: false },
      jobs: { type: 'string' },
      receipts: { type: 'string' },
      trust: { type: 'string' },
      'as-of': { type: 'string' },
      ...limitOptions([...READING_LIMITS, 'concurrency']),
    },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`check takes no positional arguments (got "${positionals[0]}"); name the server with --stdio, --url or --config.`);
  const failOn = values['fail-on'];
  if (failOn !== 'error' && failOn !== 'warning' && failOn !== 'never') throw new UsageError(`--fail-on must be error, warning or never, got "${failOn}".`);
  const formats = (['json', 'junit', 'sarif'] as const).filter((f) => values[f]);
  if (formats.length > 1) throw new UsageError(`Choose one output format; got ${formats.map((f) => `--${f}`).join(' and ')}.`);
  if (values['sarif-root'] !== undefined && !values.sarif) throw new UsageError('--sarif-root goes with --sarif.');
  if ((values.trust !== undefined || values['as-of'] !== undefined) && values.receipts === undefined) throw new UsageError('--trust and --as-of go with --receipts.');
  const asOf = parseAsOf(values['as-of']);
  const settings = { readConcurrency: CHECK_CONCURRENCY, ...limitSettings(values) };
  if (wantsFleet(values)) return await checkFleet(values, formats[0], failOn, settings, io, sessionOptions);
  const target = await resolveTarget(values);
  const progress = progressTo(io.err, values.quiet);
  const source = values.source !== undefined ? await loadSourceFlag(values.source, target.label, settings) : undefined;
  progress(`Connecting to ${target.label}${describeStart(target.transport)}…`);
  const session = await openSession(target, settings, sessionOptions);
  try {
    const checked = await runCheck(session, progress);
    const compared = source ? withSourceComparison(checked, source, progress) : checked;
    // The team's suppressions (check --receipts): a suppressed finding is not reported, a lapsed one is, saying why.
    const report = values.receipts !== undefined ? await withTeamSuppressions(compared, values.receipts, values.trust ?? defaultTrust(values.receipts), asOf, { leewayMs: leewayOf(values['as-of']) }) : { ...compared, suppressed: [], reopened: [] };
    const format = formats[0];
    if (format === 'json') io.out.write(`${wellFormedJson({ ...report, verdicts: verdictCounts(report.skills), ruleset: RULESET, failOn, failing: report.findings.filter((f) => isFailing(f, failOn)).length, suppressed: report.suppressed.map(suppressedJson), reopened: report.reopened.map((r) => ({ ...suppressedJson(r), why: r.why })) }, 2)}\n`);
    // With --receipts, SARIF and JUnit also say which receipt files were not read (their suppressions not applied).
    else if (format === 'junit') io.out.write(formatSuppressedJunit(report, failOn));
    else if (format === 'sarif') io.out.write(formatSuppressedSarif(report, values['sarif-root']));
    else io.out.write(formatText(report, wantsColour(io.out)) + suppressionLines(report));
    return report.findings.some((f) => isFailing(f, failOn)) ? 1 : 0;
  } finally {
    await session.close();
  }
}

function suppressedJson(s: SuppressedFinding): object {
  return { finding: s.finding, suppression: s.by.suppression, receipt: s.by.receipt, reviewer: s.by.reviewer, until: s.by.until };
}

/** `check --config FILE --all [--jobs N]`: every server of the config, one combined report, the worst server's exit code. */
async function checkFleet(values: FleetFlags & { receipts?: string | undefined; quiet?: boolean | undefined; 'sarif-root'?: string | undefined }, format: 'json' | 'junit' | 'sarif' | undefined, failOn: 'error' | 'warning' | 'never', settings: Partial<Settings>, io: Streams, sessionOptions: SessionOptions): Promise<number> {
  // Each server's receipts are its own team's: a fleet run takes none.
  if (values.all && values.config !== undefined && values.receipts !== undefined) throw new UsageError(`--receipts names or shapes one server; --all checks each server of ${values.config} as its entry says.`);
  const { servers, jobs } = await fleetServers(values, 'check');
  const progress = progressTo(io.err, values.quiet ?? false);
  progress(`Checking ${servers.length} server(s) of ${values.config}, ${Math.min(jobs, servers.length)} at a time…`);
  const results = await checkAll(servers, { jobs, settings, failOn, sessionOptions, progress });
  const exitCode = fleetExitCode(results);
  if (format === 'json') io.out.write(formatFleetJson(results, failOn, exitCode));
  else if (format === 'junit') io.out.write(formatFleetJunit(results, failOn));
  else if (format === 'sarif') io.out.write(formatFleetSarif(results, { root: values['sarif-root'] }));
  else io.out.write(formatFleetText(results, failOn, wantsColour(io.out)));
  return exitCode;
}
