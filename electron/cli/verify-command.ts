// `skill-inspector verify --lock FILE`: does the server still serve exactly
// what the lockfile pinned? Exit 0 when identical; 1 on any drift, naming
// every skill and file that moved with its old and new digest and size.
// With --config FILE --all, every server of the config (verify-all.ts).
import { parseArgs } from 'node:util';
import { wantsFleet } from './fleet.js';
import { pickServer } from './lockfile.js';
import { readLockfile } from './lockfile-io.js';
import { LISTING_LIMITS, limitOptions, limitSettings } from './limit-flags.js';
import { readServerSkillSet } from './skill-set.js';
import { progressTo, wantsColour, type Streams } from './streams.js';
import { TARGET_OPTIONS, UsageError, resolveTarget } from './target.js';
import { verifyFleet } from './verify-all.js';
import { compareWithLock, verifyReportJson, verifyReportText } from './verify-report.js';
import { wellFormedJson } from './well-formed-json.js';

export async function verifyCommand(args: string[], io: Streams): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { ...TARGET_OPTIONS, lock: { type: 'string' }, json: { type: 'boolean', default: false }, quiet: { type: 'boolean', default: false }, all: { type: 'boolean', default: false }, jobs: { type: 'string' }, ...limitOptions([...LISTING_LIMITS, 'concurrency']) },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`verify takes no positional arguments (got "${positionals[0]}"); name the server with --stdio, --url or --config.`);
  if (!values.lock) throw new UsageError('verify needs --lock <file>: the lockfile to compare the server with.');
  const settings = limitSettings(values);
  if (wantsFleet(values)) return await verifyFleet(values, values.lock, settings, io);
  const target = await resolveTarget(values);
  const lockfile = await readLockfile(values.lock);
  const pinned = pickServer(lockfile, values.lock, { label: values.label, preferred: target.label });
  const progress = progressTo(io.err, values.quiet);
  const verified = compareWithLock(values.lock, pinned, await readServerSkillSet(target, progress, settings));
  // A lone surrogate a lockfile or server wrote is written as U+FFFD (well-formed-json.ts); the lockfile keeps it exact.
  io.out.write(values.json ? `${wellFormedJson(verifyReportJson(verified), 2)}\n` : verifyReportText(verified, wantsColour(io.out)));
  return verified.passed ? 0 : 1;
}
