// `skill-inspector lock --config FILE --all`: pin every server of a host
// config in one lockfile, a section per server keyed by its name in the
// config (the lockfile has always held several servers, keyed by label; a
// config server's label is its name). One file, so CI verifies the whole
// fleet against one reviewed artifact and a pull request shows every
// server's change in one diff.
//
// A server that cannot be locked (it would not start, or what it serves
// cannot be pinned) is reported and leaves its section as it was — kept if
// the lockfile had one, absent if not — while every other server's section is
// written afresh; the exit code is the worst server's. Sections of servers
// the config does not name are kept, as `lock` keeps other servers' sections.
import { APP_VERSION } from '../app-version.js';
import type { Settings } from '../../shared/model.js';
import { fleetExitCode, fleetServers, fleetText, runFleet, type FleetFlags } from './fleet.js';
import { serializeLockfile, withServer, type Lockfile } from './lockfile.js';
import { readLockfileIfExists, updateLockfile } from './lockfile-io.js';
import { readServerSkillSet, type ServerSkillSet } from './skill-set.js';
import { progressTo, type Streams } from './streams.js';
import { linesForTerminal } from './terminal-text.js';

/** Where the lockfile goes: a file (and how the user named it), or stdout. */
export interface LockOutput {
  readonly file: string | undefined;
  readonly shown: string;
}

export async function lockFleet(values: FleetFlags & { quiet?: boolean | undefined }, output: LockOutput, settings: Partial<Settings>, io: Streams): Promise<number> {
  const { servers, jobs, config } = await fleetServers(values, 'lock');
  // As for one server: a damaged lockfile stops us before any server is started, and is never overwritten.
  const existing = output.file ? await readLockfileIfExists(output.file) : undefined;
  const progress = progressTo(io.err, values.quiet ?? false);
  progress(`Locking ${servers.length} server(s) of ${config}, ${Math.min(jobs, servers.length)} at a time…`);
  const results = await runFleet<ServerSkillSet>(servers, { jobs, progress, stopped: 'the lock stopped' }, async (target, say) => {
    const set = await readServerSkillSet(target, say, settings);
    return { report: set, exitCode: set.problems.length > 0 ? 1 : 0 };
  });
  const exitCode = fleetExitCode(results);
  const pinned = results.flatMap((r) => (r.report && r.exitCode === 0 ? [{ name: r.name, server: r.report.server }] : []));
  const pin = (base: Lockfile | undefined) => pinned.reduce((lockfile, p) => withServer(lockfile, p.name, p.server, `skill-inspector ${APP_VERSION}`), base)!;
  let written: Lockfile | undefined;
  if (pinned.length > 0) {
    // Merged into the file as it is now, under its lock: another lock run may have written it while we read the servers.
    if (output.file) written = await updateLockfile(output.file, pin);
    else io.out.write(serializeLockfile((written = pin(existing))));
  }
  const report =
    fleetText(results, { passed: 'locked', failed: 'not locked', unchecked: 'could not be locked' }, lockedBlock, (set, code) => (code === 0 ? `locked (${counts(set)})` : `not locked (${set.problems.length} problem(s))`)) +
    writtenLine(results, written, output);
  // stdout may be the lockfile itself (--output -): the report goes to stderr, silenced by --quiet only when every server locked.
  if (exitCode === 0) progress(report.trimEnd());
  // Labels are the config's server names: shown, never run (terminal-text.ts). The report has no colour to keep.
  else io.err.write(linesForTerminal(report));
  return exitCode;
}

function counts(set: ServerSkillSet): string {
  const skills = Object.values(set.server.skills);
  const files = skills.reduce((n, s) => n + (s.resources === 'dynamic' ? 0 : s.resources.length), 0);
  return `${skills.length} skill(s), ${files} file(s)`;
}

function lockedBlock(set: ServerSkillSet): string {
  if (set.problems.length > 0) return `Not locked: what ${set.label} serves cannot be pinned as it is.\n${set.problems.map((p) => `  - ${p}\n`).join('')}`;
  const dynamic = Object.values(set.server.skills).filter((s) => s.resources === 'dynamic').length;
  return `Locked ${counts(set)}, of "${set.label}".${dynamic ? ` ${dynamic} dynamic skill(s) are pinned by presence and name only: their content cannot be verified.` : ''}\n`;
}

/** `written` is what was written, if anything: a section in it for a server not locked now is the one it had before. */
function writtenLine(results: readonly { name: string; exitCode: number }[], written: Lockfile | undefined, output: LockOutput): string {
  const where = output.file ? output.shown : 'the lockfile on stdout';
  if (!written) return `No server locked: ${output.file ? `${output.shown} was not written` : 'nothing written to stdout'}.\n`;
  const kept = results.filter((r) => r.exitCode !== 0).map((r) => `${r.name} (${Object.hasOwn(written.servers, r.name) ? 'its earlier section is kept' : 'not in it'})`);
  return `Wrote ${where}: ${results.length - kept.length} server(s) pinned afresh${kept.length ? `; not updated: ${kept.join(', ')}` : ''}.\n`;
}
