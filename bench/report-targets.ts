// The Targets table of BENCHMARKS.md: each bar the issues set, judged on the
// run's medians (the startup bars are in report-startup.ts).
import type { Detail, Results, ReviewSummary } from './report.js';
import { int, ms, ratio, type Target } from './report-format.js';
import { startupTargets } from './report-startup.js';

const REVIEW_OVER_VERIFY = 1.5;
const GATEWAY_OVER_DIRECT = 1.2;
const FLEET_OVER_ONE_BY_ONE = 0.2;
const LOOP_P99_MS = 50;
// Issue 20's bars: Verify all close to the bare-SDK floor, the whole run half the peer's, client CPU close to the floor's.
const VERIFY_OVER_FLOOR = 1.1;
const ENGINE_OVER_PEER = 0.5;
const CPU_PER_FILE_OVER_FLOOR = 1.2;
const PEAK_RSS_MB = 300;

const reviewLabel = (r: ReviewSummary) => (r.catalog === 'risk-corpus' ? `the risk corpus (${int(r.skills)} skills, ${int(r.files)} files) over ${r.transport}` : `N = ${int(r.skills)} over ${r.transport}`);

export function targets(results: Results, detail: Detail): Target[] {
  const out: Target[] = [];
  const row = (t: string, n: number) => results.runs.find((r) => r.transport === t && r.skills === n);
  const largest = Math.max(...results.runs.map((r) => r.skills));
  for (const t of ['stdio', 'http']) {
    const r = row(t, largest);
    if (!r) continue;
    out.push({
      what: `Verify all ≤ ${VERIFY_OVER_FLOOR}× the floor's wall time at N = ${int(largest)} over ${t}`,
      met: r.verifyOverFloor === null ? null : r.verifyOverFloor <= VERIFY_OVER_FLOOR,
      measured: `${ratio(r.verifyOverFloor)} (verify ${ms(r.verifyMs)} ms, floor ${ms(r.floorMs)} ms)`,
    });
  }
  const stdioLargest = row('stdio', largest);
  if (stdioLargest) {
    out.push({
      what: `engine client CPU per file ≤ ${CPU_PER_FILE_OVER_FLOOR}× the floor's, N = ${int(largest)} over stdio`,
      met: stdioLargest.cpuPerFileOverFloor === null ? null : stdioLargest.cpuPerFileOverFloor <= CPU_PER_FILE_OVER_FLOOR,
      measured: ratio(stdioLargest.cpuPerFileOverFloor),
    });
  }
  for (const r of results.runs.filter((x) => x.skills === 100 || x.skills === 1000)) {
    out.push({
      what: `engine end-to-end ≤ ${ENGINE_OVER_PEER}× the peer's, N = ${int(r.skills)} over ${r.transport}`,
      met: r.engineOverPeer === null ? null : r.engineOverPeer <= ENGINE_OVER_PEER,
      measured: r.engineOverPeer === null ? 'the peer did not complete' : ratio(r.engineOverPeer),
    });
  }
  for (const r of results.runs) {
    const d = detail.runs.find((x) => x.transport === r.transport && x.skills === r.skills)!;
    const complete = d.samples.every((s) => s.listComplete && s.listed === r.skills && s.verified === r.skills);
    if (r.verifyOverPeer !== null) {
      out.push({ what: `faster than the peer at N = ${int(r.skills)} over ${r.transport}`, met: r.verifyOverPeer < 1 && complete, measured: `${ratio(r.verifyOverPeer)} of the peer's time` });
    } else if (d.samples.some((s) => s.peerFailure)) {
      out.push({
        what: `complete where the peer does not (N = ${int(r.skills)}, ${r.transport})`,
        met: complete,
        measured: `engine verified ${int(Math.min(...d.samples.map((s) => s.verified)))} of ${int(r.skills)}; peer: “${d.samples.find((s) => s.peerFailure)?.peerFailure}”`,
      });
    }
  }
  for (const t of ['stdio', 'http']) {
    const a = row(t, 1000);
    const b = row(t, 10_000);
    if (!a || !b || a.verifyMs === null || b.verifyMs === null) continue;
    const growth = b.verifyMs / b.skills / (a.verifyMs / a.skills);
    out.push({ what: `time per skill flat (≤ 1.5×) from 1,000 to 10,000 over ${t}`, met: growth <= 1.5, measured: `${growth.toFixed(2)}× (${(a.verifyMs / a.skills).toFixed(2)} → ${(b.verifyMs / b.skills).toFixed(2)} ms/skill)` });
  }
  for (const r of results.runs.filter((x) => x.skills === 10_000)) {
    out.push({ what: `engine peak RSS under ${PEAK_RSS_MB} MB at N = 10,000 over ${r.transport}`, met: r.peakRssMb === null ? null : r.peakRssMb < PEAK_RSS_MB, measured: `${ms(r.peakRssMb)} MB` });
  }
  for (const r of results.review) {
    out.push({
      what: `Review all ≤ ${REVIEW_OVER_VERIFY}× Verify all, ${reviewLabel(r)}`,
      met: r.reviewOverVerify === null ? null : r.reviewOverVerify <= REVIEW_OVER_VERIFY && r.complete,
      measured: `${ratio(r.reviewOverVerify)} (review all ${ms(r.reviewMs)} ms, verify all ${ms(r.verifyMs)} ms)${r.complete ? '' : '; not every skill was reviewed'}`,
    });
    out.push({
      what: `main-process event-loop delay p99 during Review all < ${LOOP_P99_MS} ms, ${reviewLabel(r)}`,
      met: r.reviewLoopP99Ms === null ? null : r.reviewLoopP99Ms < LOOP_P99_MS,
      measured: `p99 ${ms(r.reviewLoopP99Ms)} ms (worst run; max ${ms(r.reviewLoopMaxMs)} ms)`,
    });
  }
  const gw = results.gateway;
  if (gw) {
    for (const [what, r] of [['skills/list', gw.list], ['resources/read', gw.read]] as const) {
      out.push({ what: `${what} through the gateway ≤ ${GATEWAY_OVER_DIRECT}× straight to upstream (${int(gw.skills)} skills, stdio)`, met: r.ratioP50 === null ? null : r.ratioP50 <= GATEWAY_OVER_DIRECT && gw.bytesEqual, measured: `${ratio(r.ratioP50)} (p50 ${ms(r.gateway.p50Ms)} ms against ${ms(r.direct.p50Ms)} ms)${gw.bytesEqual ? '' : '; a byte read through the gateway differed'}` });
    }
  }
  const fleet = results.fleet;
  if (fleet) {
    out.push({
      what: `\`check --all\` over ${int(fleet.servers)} demo-server instances (--jobs ${fleet.jobs}) ≤ ${FLEET_OVER_ONE_BY_ONE}× ${int(fleet.servers)} single runs back to back`,
      met: fleet.complete ? fleet.allOverOneByOne <= FLEET_OVER_ONE_BY_ONE : false,
      measured: `${ratio(fleet.allOverOneByOne)} (${ms(fleet.allMs)} ms against ${ms(fleet.oneByOneMs)} ms)${fleet.complete ? '' : '; a server did not pass in one of the runs'}`,
    });
  }
  out.push(...startupTargets(results.coldStart, results.connectMany));
  const ui = results.ui;
  out.push({ what: `UI first rows under 500 ms after data (${int(ui.skills)} skills)`, met: ui.firstRowsMs === null ? null : ui.firstRowsMs < 500, measured: `${ms(ui.firstRowsMs)} ms` });
  const withVerdicts = ui.verdictsShown ? ', with verdicts shown' : '';
  out.push({ what: `UI filter p95 under 50 ms (${int(ui.skills)} skills${withVerdicts})`, met: ui.filterP95Ms === null ? null : ui.filterP95Ms < 50, measured: `p95 ${ms(ui.filterP95Ms)} ms, p50 ${ms(ui.filterP50Ms)} ms` });
  if (ui.verdictsShown) {
    out.push({
      what: `UI verdict filter p95 under 50 ms (${int(ui.skills)} skills)`,
      met: ui.verdictFilterP95Ms === null ? null : ui.verdictFilterP95Ms < 50,
      measured: `p95 ${ms(ui.verdictFilterP95Ms)} ms, p50 ${ms(ui.verdictFilterP50Ms)} ms`,
    });
  }
  return out;
}
