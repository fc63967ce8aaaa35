// `skill-inspector verify --lock FILE`: does the server still serve exactly
// what the lockfile pinned? Exit 0 when identical; 1 on any drift, naming
// every skill and file that moved with its old and new digest and size.
import { parseArgs } from 'node:util';
import { VERIFY_WORDS, formatComparisonText, summary, verifyJson } from './format-drift.js';
import { compareServers, isIdentical, pickServer } from './lockfile.js';
import { readLockfile } from './lockfile-io.js';
import { LISTING_LIMITS, limitOptions, limitSettings } from './limit-flags.js';
import { readServerSkillSet } from './skill-set.js';
import { progressTo, wantsColour, type Streams } from './streams.js';
import { TARGET_OPTIONS, UsageError, resolveTarget } from './target.js';

export async function verifyCommand(args: string[], io: Streams): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { ...TARGET_OPTIONS, lock: { type: 'string' }, json: { type: 'boolean', default: false }, quiet: { type: 'boolean', default: false }, ...limitOptions([...LISTING_LIMITS, 'concurrency']) },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`verify takes no positional arguments (got "${positionals[0]}"); name the server with --stdio, --url or --config.`);
  if (!values.lock) throw new UsageError('verify needs --lock <file>: the lockfile to compare the server with.');
  const settings = limitSettings(values);
  const target = await resolveTarget(values);
  const lockfile = await readLockfile(values.lock);
  const pinned = pickServer(lockfile, values.lock, { label: values.label, preferred: target.label });
  const progress = progressTo(io.err, values.quiet);
  const set = await readServerSkillSet(target, progress, settings);
  const comparison = compareServers(pinned.server, set.server);
  const identical = isIdentical(comparison);
  if (values.json) {
    io.out.write(`${JSON.stringify({ identical, lockfile: values.lock, label: pinned.label, server: set.label, ...verifyJson(comparison), problems: set.problems }, null, 2)}\n`);
  } else {
    const skills = Object.keys(pinned.server.skills).length;
    io.out.write(
      identical
        ? `No drift: ${set.label} serves exactly the ${skills} skill(s) that ${values.lock} pins for "${pinned.label}".\n`
        : `Drift: ${set.label} differs from what ${values.lock} pins for "${pinned.label}" (${summary(comparison, VERIFY_WORDS)}).\n\n${formatComparisonText(comparison, VERIFY_WORDS, wantsColour(io.out))}`,
    );
    if (set.problems.length > 0) io.out.write(`\nThe server's answers are not consistent:\n${set.problems.map((p) => `  - ${p}\n`).join('')}`);
  }
  return identical && set.problems.length === 0 ? 0 : 1;
}
