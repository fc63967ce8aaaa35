// Review all beside Verify all: per transport and size, runs of review-run
// (both jobs through the real Inspector in one process, against a fresh
// server each run, the order alternating from run to run), and the same for
// the risk corpus (test/fixtures/risk-corpus, served by the review fixture
// server — the SDK's own loadSkills — over stdio and Streamable HTTP).
import path from 'node:path';
import { lastJson, runToEnd, startHttpServer, type HttpCatalog } from './processes.js';
import type { ReviewRunResult } from './review-run.js';

export interface ReviewDetail {
  /** The synthetic catalog, or the risk corpus. */
  readonly catalog: 'synthetic' | 'risk-corpus';
  readonly transport: 'stdio' | 'http';
  readonly skills: number;
  /** Files per skill in the synthetic catalog; the corpus's total in `files`. */
  readonly files: number;
  readonly samples: readonly ReviewRunResult[];
}

export interface ReviewRunsOptions {
  readonly root: string;
  readonly benchOut: string;
  readonly serverEntry: string;
  readonly files: number;
  readonly transports: ReadonlyArray<'stdio' | 'http'>;
  readonly sizes: readonly number[];
  readonly httpSizes: readonly number[];
  readonly runsFor: (skills: number) => number;
  readonly corpus: boolean;
  readonly say: (line: string) => void;
}

/** A Review all of 10,000 skills takes minutes; this bounds one run, both jobs included. */
const TIMEOUT_MS = 60 * 60_000;
const CORPUS_RUNS = 2;

export async function runReviews(options: ReviewRunsOptions): Promise<ReviewDetail[]> {
  const { root, benchOut, serverEntry, files, say } = options;
  const runEntry = path.join(benchOut, 'review-run.mjs');
  const corpusServer = path.join(root, 'test', 'fixtures', 'review-server', 'server.mjs');
  const corpusDir = path.join(root, 'test', 'fixtures', 'risk-corpus', 'skills');

  async function once(serverArgs: readonly string[], http: boolean, order: 'verify-first' | 'review-first'): Promise<ReviewRunResult> {
    const server: HttpCatalog | undefined = http ? await startHttpServer(serverArgs) : undefined;
    try {
      const target = server ? ['--transport', 'http', '--url', server.url] : ['--transport', 'stdio', '--command', process.execPath, '--args', JSON.stringify(serverArgs)];
      // --expose-gc: each job starts after a full collection, so neither pays for the other's garbage.
      const run = await runToEnd(process.execPath, ['--expose-gc', runEntry, ...target, '--order', order], { timeoutMs: TIMEOUT_MS });
      if (run.code !== 0) throw new Error(`review run failed (${run.code ?? run.signal}${run.timedOut ? ', timed out' : ''}): ${run.stderr.slice(-2000)}`);
      return lastJson<ReviewRunResult>(run.stdout);
    } finally {
      await server?.stop();
    }
  }

  const line = (label: string, r: ReviewRunResult) =>
    `bench: review ${label}: verify all ${r.verify.wallMs.toFixed(0)} ms (loop p99 ${r.verify.loop.p99Ms.toFixed(1)} ms), ` +
    `review all ${r.review.wallMs.toFixed(0)} ms (${(r.review.wallMs / r.verify.wallMs).toFixed(2)}×; loop p99 ${r.review.loop.p99Ms.toFixed(1)} ms, max ${r.review.loop.maxMs.toFixed(0)} ms); ` +
    `${r.review.done}/${r.review.total} reviewed: ${r.review.risky} risky, ${r.review.needsLook} needs a look, ${r.review.clean} clean as checked, ${r.review.notReviewed} not reviewed; ` +
    (r.reviewAgain ? `again, nothing changed: ${r.reviewAgain.wallMs.toFixed(0)} ms (${(r.reviewAgain.wallMs / r.verify.wallMs).toFixed(2)}×)` : '');

  const details: ReviewDetail[] = [];
  for (const skills of options.sizes) {
    for (const transport of options.transports) {
      if (transport === 'http' && !options.httpSizes.includes(skills)) continue;
      const samples: ReviewRunResult[] = [];
      const runs = options.runsFor(skills);
      const http = transport === 'http';
      const args = [serverEntry, ...(http ? ['--transport', 'http'] : []), '--skills', String(skills), '--files', String(files)];
      for (let run = 1; run <= runs; run++) {
        const result = await once(args, http, run % 2 === 1 ? 'verify-first' : 'review-first');
        samples.push(result);
        say(line(`${transport} N=${skills} run ${run}/${runs} (${result.order})`, result));
      }
      details.push({ catalog: 'synthetic', transport, skills, files: skills * files, samples });
    }
  }
  if (options.corpus) {
    for (const transport of options.transports) {
      const http = transport === 'http';
      const args = [corpusServer, '--dir', corpusDir, '--name', 'risk-corpus', ...(http ? ['--http'] : [])];
      const samples: ReviewRunResult[] = [];
      for (let run = 1; run <= CORPUS_RUNS; run++) {
        const result = await once(args, http, run % 2 === 1 ? 'verify-first' : 'review-first');
        samples.push(result);
        say(line(`risk corpus ${transport} run ${run}/${CORPUS_RUNS} (${result.order})`, result));
      }
      details.push({ catalog: 'risk-corpus', transport, skills: samples[0]?.listed ?? 0, files: samples[0]?.review.files ?? 0, samples });
    }
  }
  return details;
}
