// `npm run bench` (after `npm run build`): bundles the bench and runs it.
//   node bench/run.mjs [--quick] [--gateway-only | --no-gateway] [--gateway-skills 1000] [--fleet-only | --no-fleet] [--fleet-servers 100] [--cold-start-only | --no-cold-start] [--cold-start-servers 20] [--cold-start-runs 7] [--connect-only | --no-connect] [--connect-servers 100] [--connect-runs 2] [--connect-profile dir] [--sizes 100,1000] [--transports stdio,http] [--http-sizes 100] [--runs 3] [--no-peer] [--no-ui | --ui-only] [--ui-skills 10000] [--ui-profile file.cpuprofile] [--review-sizes 1000,10000] [--review-http-sizes 1000] [--review-runs 2] [--no-review | --review-only] [--no-corpus] [--out dir]
//   node bench/run.mjs --render <dir>   re-renders BENCHMARKS.md from <dir>/bench/results-detail.json
//   node bench/run.mjs --render <dir> --steps-from <later> [--steps-commit <hash>]   … with the steps <later> measured (e.g. --cold-start-only --connect-only --out <later>) in place of <dir>'s
//   node bench/run.mjs --render <dir> --runs-from <later> [--runs-commit C]   the same, with the Verify all runs taken from a later session
import { BENCH_OUT, ROOT, bundleBench } from './bundle.mjs';

const entries = await bundleBench();
process.env['BENCH_ROOT'] = ROOT;
process.env['BENCH_OUT'] = BENCH_OUT;
await import(entries.main);
