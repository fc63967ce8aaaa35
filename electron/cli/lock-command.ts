// `skill-inspector lock`: pin what one server serves — every skill URI, its
// frontmatter name and its full {uri, digest, size} set — in a lockfile.
// Only skills/list and skills/get are used; no file is read. With
// --config FILE --all, every server of the config (lock-all.ts).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { APP_VERSION } from '../app-version.js';
import { DEFAULT_LOCKFILE, serializeLockfile, withServer, type Lockfile } from './lockfile.js';
import { readLockfileIfExists, updateLockfile } from './lockfile-io.js';
import { LISTING_LIMITS, limitOptions, limitSettings } from './limit-flags.js';
import { readServerSkillSet } from './skill-set.js';
import { progressTo, type Streams } from './streams.js';
import { TARGET_OPTIONS, UsageError, resolveTarget } from './target.js';
import { forTerminal } from './terminal-text.js';
import { wantsFleet } from './fleet.js';
import { lockFleet } from './lock-all.js';

export async function lockCommand(args: string[], io: Streams): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { ...TARGET_OPTIONS, output: { type: 'string', short: 'o' }, quiet: { type: 'boolean', default: false }, all: { type: 'boolean', default: false }, jobs: { type: 'string' }, ...limitOptions([...LISTING_LIMITS, 'concurrency']) },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`lock takes no positional arguments (got "${positionals[0]}"); name the server with --stdio, --url or --config.`);
  const toStdout = values.output === '-';
  const file = toStdout ? undefined : path.resolve(values.output ?? DEFAULT_LOCKFILE);
  const shown = values.output ?? DEFAULT_LOCKFILE;
  const settings = limitSettings(values);
  if (wantsFleet(values)) return await lockFleet(values, { file, shown }, settings, io);
  const target = await resolveTarget(values);
  // Read the existing lockfile first: a damaged one stops us before any server is started, and is never overwritten.
  const existing = file ? await readLockfileIfExists(file) : undefined;
  const progress = progressTo(io.err, values.quiet);
  const set = await readServerSkillSet(target, progress, settings);
  if (set.problems.length > 0) {
    io.err.write(`Not locked: what ${forTerminal(set.label)} serves cannot be pinned as it is.\n${set.problems.map((p) => `  - ${p}\n`).join('')}`);
    return 1;
  }
  const pin = (base: Lockfile | undefined) => withServer(base, set.label, set.server, `skill-inspector ${APP_VERSION}`);
  const skills = Object.values(set.server.skills);
  const files = skills.reduce((n, s) => n + (s.resources === 'dynamic' ? 0 : s.resources.length), 0);
  const dynamic = skills.filter((s) => s.resources === 'dynamic').length;
  if (toStdout) io.out.write(serializeLockfile(pin(existing)));
  // Merged into the file as it is now, under its lock: another lock run may have written it while we read the server.
  else await updateLockfile(file!, pin);
  progress(
    `Locked ${skills.length} skill(s), ${files} file(s), of "${set.label}"${toStdout ? '' : ` in ${shown}`}.` +
      (dynamic ? ` ${dynamic} dynamic skill(s) are pinned by presence and name only: their content cannot be verified.` : ''),
  );
  return 0;
}
