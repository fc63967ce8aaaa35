// `skill-inspector check`: options, output format, exit code.
import { parseArgs } from 'node:util';
import { isFailing, runCheck } from './check.js';
import { formatJunit } from './format-junit.js';
import { formatSarif } from './format-sarif.js';
import { formatText } from './format-text.js';
import { verdictCounts } from './verdicts.js';
import { RULESET } from '../../shared/ruleset.js';
import { CHECK_CONCURRENCY, READING_LIMITS, limitOptions, limitSettings } from './limit-flags.js';
import { progressTo, wantsColour, type Streams } from './streams.js';
import { openSession, type SessionOptions } from './session.js';
import { loadSourceFlag, withSourceComparison } from './source-flag.js';
import { describeStart } from './stdio-flags.js';
import { TARGET_OPTIONS, UsageError, resolveTarget } from './target.js';

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
  const settings = { readConcurrency: CHECK_CONCURRENCY, ...limitSettings(values) };
  const target = await resolveTarget(values);
  const progress = progressTo(io.err, values.quiet);
  const source = values.source !== undefined ? await loadSourceFlag(values.source, target.label) : undefined;
  progress(`Connecting to ${target.label}${describeStart(target.transport)}…`);
  const session = await openSession(target, settings, sessionOptions);
  try {
    const checked = await runCheck(session, progress);
    const report = source ? withSourceComparison(checked, source, progress) : checked;
    const format = formats[0];
    if (format === 'json') io.out.write(`${JSON.stringify({ ...report, verdicts: verdictCounts(report.skills), ruleset: RULESET, failOn, failing: report.findings.filter((f) => isFailing(f, failOn)).length }, null, 2)}\n`);
    else if (format === 'junit') io.out.write(formatJunit(report, failOn));
    else if (format === 'sarif') io.out.write(formatSarif(report, { root: values['sarif-root'] }));
    else io.out.write(formatText(report, wantsColour(io.out)));
    return report.findings.some((f) => isFailing(f, failOn)) ? 1 : 0;
  } finally {
    await session.close();
  }
}
