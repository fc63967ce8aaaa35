// `skill-inspector verify --lock FILE --config FILE --all`: every server of a
// host config against its section of one lockfile (the section keyed by the
// server's name, as `lock --all` writes it). A server the lockfile does not
// pin, or one that will not start, could not be verified (exit 2, as for one
// server); drift in any server is exit 1; the worst server's result is the
// run's. Sections of servers the config does not name are not looked at.
import type { Settings } from '../../shared/model.js';
import { VERIFY_WORDS, summary } from './format-drift.js';
import { ServerNotChecked, fleetExitCode, fleetServers, fleetText, runFleet, type FleetFlags, type FleetResult } from './fleet.js';
import { ownValue } from '../../shared/data-record.js';
import { readLockfile } from './lockfile-io.js';
import { readServerSkillSet } from './skill-set.js';
import { progressTo, wantsColour, type Streams } from './streams.js';
import { compareWithLock, dynamicSkills, verifyReportJson, verifyReportText, type VerifyReport } from './verify-report.js';
import { wellFormedJson } from './well-formed-json.js';

export async function verifyFleet(values: FleetFlags & { json?: boolean | undefined; quiet?: boolean | undefined }, lockPath: string, settings: Partial<Settings>, io: Streams): Promise<number> {
  const { servers, jobs, config } = await fleetServers(values, 'verify');
  // Read before any server is started: a damaged or missing lockfile is bad usage, not a verdict.
  const lockfile = await readLockfile(lockPath);
  const progress = progressTo(io.err, values.quiet ?? false);
  progress(`Verifying ${servers.length} server(s) of ${config} against ${lockPath}, ${Math.min(jobs, servers.length)} at a time…`);
  const results = await runFleet<VerifyReport>(servers, { jobs, progress, stopped: 'the verify stopped' }, async (target, say) => {
    const pinned = ownValue(lockfile.servers, target.label);
    if (!pinned) throw new ServerNotChecked(`${lockPath} pins no server "${target.label}"; pin it with skill-inspector lock --config ${config} --all.`);
    const verified = compareWithLock(lockPath, { label: target.label, server: pinned }, await readServerSkillSet(target, say, settings));
    return { report: verified, exitCode: verified.passed ? 0 : 1 };
  });
  const exitCode = fleetExitCode(results);
  io.out.write(values.json ? fleetJson(results, lockPath, exitCode) : fleetVerifyText(results, wantsColour(io.out)));
  return exitCode;
}

function fleetJson(results: readonly FleetResult<VerifyReport>[], lockfile: string, exitCode: number): string {
  const servers = results.map((r) => (r.report ? { name: r.name, exitCode: r.exitCode, ...verifyReportJson(r.report) } : { name: r.name, exitCode: r.exitCode, error: r.unchecked }));
  // A config's server name, a lockfile's URIs and names: a lone surrogate is written as U+FFFD (well-formed-json.ts).
  return `${wellFormedJson({ lockfile, servers, exitCode }, 2)}\n`;
}

function fleetVerifyText(results: readonly FleetResult<VerifyReport>[], colour: boolean): string {
  return fleetText(
    results,
    { passed: 'without drift', failed: 'with drift', unchecked: 'could not be verified' },
    (report) => verifyReportText(report, colour),
    (report) => {
      const problems = report.set.problems.length > 0 ? `, ${report.set.problems.length} inconsistent answer(s)` : '';
      const dynamic = dynamicSkills(report.pinned.server).length;
      const pinned = `${Object.keys(report.pinned.server.skills).length} skill(s)${dynamic ? `, ${dynamic} dynamic: content not compared` : ''}`;
      return report.identical ? `no drift (${pinned})${problems}` : `drift (${summary(report.comparison, VERIFY_WORDS)})${problems}`;
    },
  );
}
