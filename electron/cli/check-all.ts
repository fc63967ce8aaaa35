// `skill-inspector check --config FILE --all`: every server of a host config
// in one run, a few at a time (--jobs), for a platform team that checks a
// company's MCP servers in CI. Each server gets its own connection and check,
// exactly as `check --config FILE --server NAME` would run it; the content
// reviews of all of them share one review pool, so a hundred servers do not
// start a hundred sets of threads. The fleet runner (fleet.ts) reports a
// server that cannot be started, reached or checked as such and lets the
// others run.
import { createReviewer } from '../review/review-pool.js';
import type { Settings } from '../../shared/model.js';
import { isFailing, runCheck, type CheckReport, type FailOn } from './check.js';
import { runFleet, type FleetResult } from './fleet.js';
import { ConnectFailure, openSession, type SessionOptions } from './session.js';
import type { ConfigServer } from './target.js';

/** How one server of the fleet ended: its report, or why there is none. */
export type ServerResult = FleetResult<CheckReport>;

export interface FleetOptions {
  readonly jobs: number;
  readonly settings: Partial<Settings>;
  readonly failOn: FailOn;
  readonly sessionOptions: SessionOptions;
  readonly progress: (line: string) => void;
}

/** Checks every server, at most `jobs` at once; the results keep the config's order, whatever order they finish in. */
export async function checkAll(servers: readonly ConfigServer[], options: FleetOptions): Promise<ServerResult[]> {
  const reviewer = options.sessionOptions.reviewer ?? createReviewer(options.sessionOptions.reviewWorker);
  const sessionOptions = { ...options.sessionOptions, reviewer };
  try {
    return await runFleet(servers, { jobs: options.jobs, progress: options.progress, stopped: 'the check stopped' }, async (target, say) => {
      say('Connecting…');
      let session;
      try {
        session = await openSession(target, options.settings, sessionOptions);
      } catch (error) {
        // Whatever stops the connection, the server could not be reached: the runner says "cannot connect".
        throw error instanceof ConnectFailure ? error : new ConnectFailure(error instanceof Error ? error.message : String(error));
      }
      try {
        const report = await runCheck(session, say);
        return { report, exitCode: report.findings.some((f) => isFailing(f, options.failOn)) ? 1 : 0 };
      } finally {
        await session.close().catch(() => undefined);
      }
    });
  } finally {
    if (!options.sessionOptions.reviewer) await reviewer.close();
  }
}
