// `skill-inspector check --config FILE --all`: every server of a host config
// in one run, a few at a time (--jobs), for a platform team that checks a
// company's MCP servers in CI. Each server gets its own connection and check,
// exactly as `check --config FILE --server NAME` would run it; the content
// reviews of all of them share one review pool, so a hundred servers do not
// start a hundred sets of threads. A server that cannot be started, reached or
// checked is reported as such and never stops the others.
import { forEachLimited } from '../skills/concurrency.js';
import { createReviewer } from '../review/review-pool.js';
import type { Settings } from '../../shared/model.js';
import { isFailing, runCheck, type CheckReport, type FailOn } from './check.js';
import { openSession, type SessionOptions } from './session.js';
import type { ConfigServer } from './target.js';

/** How one server of the fleet ended: its report, or why there is none. */
export type ServerResult =
  | { readonly name: string; readonly report: CheckReport; readonly exitCode: 0 | 1 }
  | { readonly name: string; readonly report?: undefined; readonly unchecked: string; readonly exitCode: 2 };

export interface FleetOptions {
  readonly jobs: number;
  readonly settings: Partial<Settings>;
  readonly failOn: FailOn;
  readonly sessionOptions: SessionOptions;
  readonly progress: (line: string) => void;
}

/** Checks every server, at most `jobs` at once; the results keep the config's order, whatever order they finish in. */
export async function checkAll(servers: readonly ConfigServer[], options: FleetOptions): Promise<ServerResult[]> {
  const results: ServerResult[] = [];
  const order = new Map(servers.map((s, i) => [s, i]));
  const reviewer = options.sessionOptions.reviewer ?? createReviewer(options.sessionOptions.reviewWorker);
  try {
    await forEachLimited(servers, options.jobs, async (server) => {
      results[order.get(server)!] = await checkOne(server, { ...options, sessionOptions: { ...options.sessionOptions, reviewer } });
    });
  } finally {
    if (!options.sessionOptions.reviewer) await reviewer.close();
  }
  return results;
}

async function checkOne(server: ConfigServer, options: FleetOptions): Promise<ServerResult> {
  const { name } = server;
  if (!server.target) return { name, unchecked: server.error, exitCode: 2 };
  const say = (line: string) => options.progress(`[${name}] ${line}`);
  say('Connecting…');
  let session;
  try {
    session = await openSession(server.target, options.settings, options.sessionOptions);
  } catch (error) {
    return { name, unchecked: `cannot connect. ${messageOf(error)}`, exitCode: 2 };
  }
  try {
    const report = await runCheck(session, say);
    return { name, report, exitCode: report.findings.some((f) => isFailing(f, options.failOn)) ? 1 : 0 };
  } catch (error) {
    // One server's check stopping (a reviewer that cannot run, a bug) is that server's result, not the fleet's end.
    return { name, unchecked: `the check stopped: ${messageOf(error)}`, exitCode: 2 };
  } finally {
    await session.close().catch(() => undefined);
  }
}

/** The fleet's exit code: the worst server's (0 clean, 1 findings at or above --fail-on, 2 could not be checked). */
export function fleetExitCode(results: readonly ServerResult[]): 0 | 1 | 2 {
  return results.reduce<0 | 1 | 2>((worst, r) => (r.exitCode > worst ? r.exitCode : worst), 0);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
