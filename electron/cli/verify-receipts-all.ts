// `skill-inspector verify --receipts DIR --config FILE --all`: every server of
// a host config against one team folder (the receipts and allowed-signers a
// platform team keeps in one repository). Each server is judged by its name
// in the config, the label its receipts were signed for; a receipt for one
// server is "unmatched" for the others and never approves them. One combined
// report: text per server and a summary line each, JSON with an entry per
// server, SARIF with a run per server; the worst server's exit code.
import type { Settings } from '../../shared/model.js';
import { receiptsNotRead } from '../team/receipt-check.js';
import { fleetExitCode, fleetServers, fleetText, runFleet, type FleetFlags, type FleetResult } from './fleet.js';
import { receiptsSarifRun, uncheckedReceiptsSarifRun } from './format-receipts-sarif.js';
import { sarifLog } from './format-sarif.js';
import { readServerSkillSet } from './skill-set.js';
import { progressTo, type Streams } from './streams.js';
import { readTeamFolderFlags } from './team-folder-flag.js';
import { fileSetDigests, receiptsJson, receiptsReport, receiptsText, type ReceiptsFlags, type ReceiptsReport } from './receipts-report.js';
import { wellFormedJson } from './well-formed-json.js';

interface OutputFlags {
  json?: boolean | undefined;
  sarif?: boolean | undefined;
  'sarif-root'?: string | undefined;
  quiet?: boolean | undefined;
}

export async function verifyReceiptsFleet(values: FleetFlags & OutputFlags, flags: ReceiptsFlags, settings: Partial<Settings>, io: Streams): Promise<number> {
  const { servers, jobs, config } = await fleetServers(values, 'verify');
  // Read before any server is started: a broken team folder is bad usage, not a verdict.
  const team = await readTeamFolderFlags(flags.receiptsDir, flags.trust);
  const progress = progressTo(io.err, values.quiet ?? false);
  progress(`Verifying the approvals of ${servers.length} server(s) of ${config}, ${Math.min(jobs, servers.length)} at a time…`);
  const results = await runFleet<ReceiptsReport>(servers, { jobs, progress, stopped: 'the verify stopped' }, async (target, say) => {
    const report = receiptsReport(await readServerSkillSet(target, say, settings), team, flags.asOf, flags.leewayMs);
    return { report, exitCode: report.ok ? 0 : 1 };
  });
  const exitCode = fleetExitCode(results);
  if (values.json) io.out.write(fleetReceiptsJson(results, flags, exitCode));
  else if (values.sarif) io.out.write(fleetSarif(results, values['sarif-root']));
  else io.out.write(fleetReceiptsText(results, flags));
  return exitCode;
}

export function fleetReceiptsJson(results: readonly FleetResult<ReceiptsReport>[], flags: ReceiptsFlags, exitCode: number): string {
  const servers = results.map((r) => {
    if (!r.report) return { name: r.name, exitCode: r.exitCode, error: r.unchecked };
    const { receipts: _receipts, trust: _trust, asOf: _asOf, ...own } = receiptsJson(r.report, flags);
    return { name: r.name, exitCode: r.exitCode, ...own };
  });
  // A config's server name, a receipt's subject, the server's URIs: a lone surrogate is written as U+FFFD (well-formed-json.ts).
  return `${wellFormedJson({ receipts: flags.receiptsDir, trust: flags.trust, asOf: flags.asOf.toISOString(), servers, exitCode }, 2)}\n`;
}

function fleetSarif(results: readonly FleetResult<ReceiptsReport>[], root: string | undefined): string {
  return sarifLog(results.map((r) => (r.report ? receiptsSarifRun(r.report.check, { root, fileSetDigests: fileSetDigests(r.report.served), problems: r.report.set.problems }) : uncheckedReceiptsSarifRun(r.name, r.unchecked, root))));
}

export function fleetReceiptsText(results: readonly FleetResult<ReceiptsReport>[], flags: ReceiptsFlags): string {
  return fleetText(
    results,
    { passed: 'approved', failed: 'not approved', unchecked: 'could not be verified' },
    (report) => receiptsText(report, flags),
    (report) => {
      const approved = report.check.skills.filter((s) => s.status === 'approved').length;
      const problems = report.set.problems.length > 0 ? `, ${report.set.problems.length} inconsistent answer(s)` : '';
      const notRead = receiptsNotRead(report.check);
      const partial = notRead > 0 ? `, ${notRead} receipt file(s) of ${flags.receiptsDir} not read` : '';
      return `${report.ok ? 'approved' : 'not approved'} (${approved} of ${report.check.skills.length} skill(s) approved${problems}${partial})`;
    },
  );
}
