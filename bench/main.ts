// `npm run bench`: the synthetic catalog over stdio and Streamable HTTP at
// several sizes; per size and transport, several paired runs of the engine
// (list + Verify all), the floor and the peer; then the UI step. Writes
// bench/results.json (the issue's shape), bench/results-detail.json (every
// sample) and BENCHMARKS.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { EngineRunResult } from './engine-run.js';
import type { FloorRunResult } from './floor-run.js';
import { ensurePeer, runPeer, PEER_PACKAGE, type PeerInstall, type PeerResult } from './peer.js';
import { lastJson, runToEnd, startHttpCatalog } from './processes.js';
import { renderReport, STEP_NAMES, summarise, summariseReview, type Detail, type Machine, type RunDetail, type Sample, type StepName } from './report.js';
import { runReviews, type ReviewDetail } from './review-runs.js';
import { round } from './stats.js';
import { measureUi, type UiResult } from './ui-run.js';
import { measureGateway, type GatewayBenchResult } from './gateway-run.js';
import { measureFleet, type FleetResult } from './fleet-run.js';
import { measureColdStart, type ColdStartResult } from './cold-start-run.js';
import { measureConnectMany, type ConnectManyResult } from './connect-many.js';
import { summariseColdStart, summariseConnectMany } from './report-startup.js';

const root = process.env['BENCH_ROOT'] ?? path.resolve(import.meta.dirname, '..');
const benchOut = process.env['BENCH_OUT'] ?? import.meta.dirname;
const serverEntry = path.join(benchOut, 'catalog-server.mjs');
const engineEntry = path.join(benchOut, 'engine-run.mjs');
const floorEntry = path.join(benchOut, 'floor-run.mjs');
const webEntry = path.join(root, process.env['SI_OUT_DIR'] ?? 'out', 'main', 'web.js');
const cliEntry = path.join(root, process.env['SI_OUT_DIR'] ?? 'out', 'main', 'cli.js');

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    sizes: { type: 'string' },
    transports: { type: 'string', default: 'stdio,http' },
    runs: { type: 'string' },
    files: { type: 'string', default: '5' },
    'ui-skills': { type: 'string' },
    'no-peer': { type: 'boolean', default: false },
    'no-ui': { type: 'boolean', default: false },
    'ui-only': { type: 'boolean', default: false },
    'ui-profile': { type: 'string' },
    'http-sizes': { type: 'string' },
    'review-sizes': { type: 'string' },
    'review-http-sizes': { type: 'string' },
    'review-runs': { type: 'string' },
    'no-review': { type: 'boolean', default: false },
    'no-corpus': { type: 'boolean', default: false },
    'review-only': { type: 'boolean', default: false },
    'gateway-only': { type: 'boolean', default: false },
    'no-gateway': { type: 'boolean', default: false },
    'gateway-skills': { type: 'string', default: '1000' },
    'fleet-only': { type: 'boolean', default: false },
    'no-fleet': { type: 'boolean', default: false },
    'fleet-servers': { type: 'string' },
    'cold-start-only': { type: 'boolean', default: false },
    'no-cold-start': { type: 'boolean', default: false },
    'cold-start-servers': { type: 'string', default: '20' },
    'cold-start-runs': { type: 'string' },
    'connect-only': { type: 'boolean', default: false },
    'no-connect': { type: 'boolean', default: false },
    'connect-servers': { type: 'string' },
    'connect-runs': { type: 'string' },
    'connect-profile': { type: 'string' },
    out: { type: 'string' },
    render: { type: 'string' },
    // With --render: the Verify all runs come from this session instead (and the report says so).
    'runs-from': { type: 'string' },
    // With --runs-from: the commit that session measured, for the report.
    'runs-commit': { type: 'string' },
    // With --render: the steps this later session measured (cold start, 100 servers connecting, …) replace the earlier ones.
    'steps-from': { type: 'string' },
    // With --steps-from: the commit that session measured, for the report.
    'steps-commit': { type: 'string' },
  },
});

const quick = values.quick;
const sizes = (values.sizes ?? (quick ? '100,1000' : '100,1000,10000')).split(',').map(Number);
const transports = values.transports.split(',') as Array<'stdio' | 'http'>;
// The SDK's stateless HTTP server builds a server per request, so HTTP runs are
// several times slower than stdio here; --quick measures HTTP at 100 skills only
// so that it stays under two minutes.
const httpSizes = (values['http-sizes'] ?? (quick ? '100' : sizes.join(','))).split(',').map(Number);
const files = Number(values.files);
// Three paired runs per size; two at 10,000 in full mode, where one HTTP run takes many minutes on this machine.
const runsFor = (skills: number) => Number(values.runs ?? (skills >= 10_000 ? 2 : 3));
const uiSkills = Number(values['ui-skills'] ?? (quick ? 1000 : 10_000));
// Review all beside Verify all: at 1,000 and 10,000 skills over stdio, and at 1,000 over HTTP too (one Review all
// of 10,000 skills over the SDK's stateless HTTP takes many minutes more than over stdio; --review-http-sizes adds it).
const reviewSizes = (values['review-sizes'] ?? (quick ? '1000' : '1000,10000')).split(',').filter(Boolean).map(Number);
const reviewHttpSizes = (values['review-http-sizes'] ?? '1000').split(',').filter(Boolean).map(Number);
const reviewRunsFor = (skills: number) => Number(values['review-runs'] ?? (skills >= 10_000 ? 1 : 2));
const outDir = values.out ?? root;
const TIMEOUT_MS = 20 * 60_000;

const say = (line: string) => process.stderr.write(`${line}\n`);

async function engineRun(transport: 'stdio' | 'http', skills: number): Promise<EngineRunResult & { wallMs: number }> {
  const serverArgs = [serverEntry, '--skills', String(skills), '--files', String(files)];
  const http = transport === 'http' ? await startHttpCatalog(serverEntry, skills, files) : undefined;
  try {
    const args = http ? ['--transport', 'http', '--url', http.url] : ['--transport', 'stdio', '--command', process.execPath, '--args', JSON.stringify(serverArgs)];
    const run = await runToEnd(process.execPath, [engineEntry, ...args], { timeoutMs: TIMEOUT_MS });
    if (run.code !== 0) throw new Error(`engine run failed (${run.code ?? run.signal}): ${run.stderr.slice(-2000)}`);
    return { ...lastJson<EngineRunResult>(run.stdout), wallMs: run.wallMs };
  } finally {
    await http?.stop();
  }
}

async function floorRun(transport: 'stdio' | 'http', skills: number, concurrency: number): Promise<FloorRunResult> {
  const serverArgs = [serverEntry, '--skills', String(skills), '--files', String(files)];
  const http = transport === 'http' ? await startHttpCatalog(serverEntry, skills, files) : undefined;
  try {
    const args = http ? ['--transport', 'http', '--url', http.url] : ['--transport', 'stdio', '--command', process.execPath, '--args', JSON.stringify(serverArgs)];
    const run = await runToEnd(process.execPath, [floorEntry, ...args, '--concurrency', String(concurrency)], { timeoutMs: TIMEOUT_MS });
    if (run.code !== 0) throw new Error(`floor run failed (${run.code ?? run.signal}): ${run.stderr.slice(-2000)}`);
    return lastJson<FloorRunResult>(run.stdout);
  } finally {
    await http?.stop();
  }
}

async function peerRun(peer: PeerInstall, transport: 'stdio' | 'http', skills: number): Promise<PeerResult> {
  const http = transport === 'http' ? await startHttpCatalog(serverEntry, skills, files) : undefined;
  try {
    const target = http ? [http.url] : [process.execPath, serverEntry, '--skills', String(skills), '--files', String(files)];
    return await runPeer(peer, target, skills, TIMEOUT_MS);
  } finally {
    await http?.stop();
  }
}

function machine(peer: PeerInstall | { unavailable: string } | undefined): Machine {
  const cpus = os.cpus();
  return {
    os: `${os.type()} ${os.release()} (${process.platform}-${process.arch})`,
    cpus: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown'}`,
    memoryGb: round(os.totalmem() / 1024 ** 3, 1) ?? 0,
    node: process.version,
    peer: peer === undefined ? 'not run' : 'unavailable' in peer ? `unavailable: ${peer.unavailable}` : `${PEER_PACKAGE} (reports ${peer.version}) on Node ${path.basename(path.dirname(path.dirname(peer.node)))}`,
  };
}

/** Writes results.json, results-detail.json and BENCHMARKS.md from the samples. */
function writeOutputs(detail: Detail, dir: string): void {
  const ui = detail.ui;
  const results = {
    runs: detail.runs.map((d) => summarise(d)),
    review: (detail.review ?? []).map((d) => summariseReview(d)),
    ui: {
      skills: ui?.skills ?? uiSkills,
      firstRowsMs: round(ui?.firstRowsMs ?? null),
      filterP50Ms: round(ui?.filterP50Ms ?? null),
      filterP95Ms: round(ui?.filterP95Ms ?? null),
      verdictsShown: ui?.verdicts ?? null,
      verdictFilterP50Ms: round(ui?.verdictFilterP50Ms ?? null),
      verdictFilterP95Ms: round(ui?.verdictFilterP95Ms ?? null),
    },
    gateway: detail.gateway ?? null,
    fleet: detail.fleet ?? null,
    coldStart: detail.coldStart ? summariseColdStart(detail.coldStart) : null,
    connectMany: detail.connectMany ? summariseConnectMany(detail.connectMany) : null,
  };
  mkdirSync(path.join(dir, 'bench'), { recursive: true });
  writeFileSync(path.join(dir, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(dir, 'bench', 'results-detail.json'), `${JSON.stringify(detail, null, 2)}\n`);
  writeFileSync(path.join(dir, 'BENCHMARKS.md'), renderReport(results, detail));
}

/** The steps a later session measured (those it has results for), to stand in for the earlier session's, and what says so. */
function laterSteps(later: Detail, commit: string | undefined): { results: Partial<Detail>; from: NonNullable<Detail['stepsFrom']> } {
  const results: Partial<Record<StepName, unknown>> = {};
  for (const step of STEP_NAMES) {
    const result = step === 'review' ? (later.review?.length ? later.review : undefined) : later[step];
    if (result !== undefined && result !== null) results[step] = result;
  }
  const steps = Object.keys(results) as StepName[];
  if (steps.length === 0) throw new Error('--steps-from: that session measured none of the steps (review, ui, gateway, fleet, coldStart, connectMany)');
  return { results: results as Partial<Detail>, from: { startedAt: later.startedAt, finishedAt: later.finishedAt, machine: later.machine, steps, ...(commit ? { commit } : {}) } };
}

async function main(): Promise<void> {
  if (values.render) {
    // Re-render from finished sessions' samples (after editing bench/notes.md, say). Several
    // sessions (comma-separated) of the same build are pooled: their samples are joined per
    // transport and size; the UI result and the machine come from the last session.
    const sessions = values.render.split(',').map((dir) => JSON.parse(readFileSync(path.join(dir, 'bench', 'results-detail.json'), 'utf8')) as Detail);
    const last = sessions[sessions.length - 1]!;
    const runs: RunDetail[] = [];
    for (const session of sessions) {
      for (const run of session.runs) {
        const index = runs.findIndex((r) => r.transport === run.transport && r.skills === run.skills && r.filesPerSkill === run.filesPerSkill);
        if (index < 0) runs.push(run);
        else runs[index] = { ...runs[index]!, samples: [...runs[index]!.samples, ...run.samples] };
      }
    }
    const review = sessions.flatMap((x) => x.review ?? []);
    const later = values['runs-from'] ? (JSON.parse(readFileSync(path.join(values['runs-from'], 'bench', 'results-detail.json'), 'utf8')) as Detail) : undefined;
    const runsFrom = later ? { startedAt: later.startedAt, finishedAt: later.finishedAt, machine: later.machine, ...(values['runs-commit'] ? { commit: values['runs-commit'] } : {}) } : undefined;
    const steps = values['steps-from'] ? laterSteps(JSON.parse(readFileSync(path.join(values['steps-from'], 'bench', 'results-detail.json'), 'utf8')) as Detail, values['steps-commit']) : undefined;
    writeOutputs(
      {
        ...last,
        startedAt: sessions[0]!.startedAt,
        runs: later ? later.runs : runs,
        review,
        ...(sessions.length > 1 ? { sessions: sessions.map((x) => `${x.startedAt} – ${x.finishedAt}`) } : {}),
        ...(runsFrom ? { runsFrom } : {}),
        ...(steps ? { ...steps.results, stepsFrom: steps.from } : {}),
      },
      outDir,
    );
    say(`bench: re-rendered BENCHMARKS.md and bench/results.json from ${values.render}`);
    return;
  }
  for (const entry of [serverEntry, engineEntry, floorEntry, path.join(benchOut, 'review-run.mjs'), path.join(benchOut, 'review-worker.mjs'), path.join(benchOut, 'connect-run.mjs'), path.join(benchOut, 'connect-floor-run.mjs')]) if (!existsSync(entry)) throw new Error(`${entry} is missing: run the bench through bench/run.mjs (npm run bench).`);
  const started = new Date();
  // With one or more --…-only flags, only those steps run (and no engine runs).
  const onlyFlags = { ui: values['ui-only'], review: values['review-only'], gateway: values['gateway-only'], fleet: values['fleet-only'], coldStart: values['cold-start-only'], connect: values['connect-only'] };
  const only = Object.values(onlyFlags).some(Boolean);
  const wanted = (step: keyof typeof onlyFlags) => !only || onlyFlags[step];
  const peer = values['no-peer'] || only ? undefined : await ensurePeer(root);
  const peerNode = peer && !('unavailable' in peer) ? peer : undefined;
  if (peerNode) {
    const v = await runToEnd(peerNode.node, ['--version'], { timeoutMs: 30_000 });
    say(`bench: peer ${PEER_PACKAGE} on Node ${v.stdout.trim()}`);
  } else if (peer && 'unavailable' in peer) say(`bench: the peer cannot run here: ${peer.unavailable}`);

  const details: RunDetail[] = [];
  for (const skills of only ? [] : sizes) {
    for (const transport of transports) {
      if (transport === 'http' && !httpSizes.includes(skills)) continue;
      const samples: Sample[] = [];
      const runs = runsFor(skills);
      let concurrency = 0;
      for (let run = 1; run <= runs; run++) {
        const engine = await engineRun(transport, skills);
        concurrency = engine.readConcurrency;
        const floor = await floorRun(transport, skills, concurrency);
        const peerResult = peerNode ? await peerRun(peerNode, transport, skills) : undefined;
        const sample: Sample = {
          listMs: engine.listMs,
          verifyMs: engine.verifyMs,
          connectMs: engine.connectMs,
          engineWallMs: engine.wallMs,
          floorMs: floor.readMs,
          verifyCpuMs: engine.verifyCpuMs,
          floorCpuMs: floor.readCpuMs,
          peerMs: peerResult?.peerMs ?? null,
          ...(peerResult?.failure ? { peerFailure: peerResult.failure } : {}),
          peakRssMb: engine.peakRssMb,
          peakHeapMb: engine.peakHeapMb,
          listed: engine.listed,
          listComplete: engine.complete,
          verified: engine.job.verified,
          failed: engine.job.failed,
          floorFiles: floor.files,
          floorMismatched: floor.mismatched,
        };
        samples.push(sample);
        say(
          `bench: ${transport} N=${skills} run ${run}/${runs}: list ${sample.listMs.toFixed(0)} ms, verify ${sample.verifyMs.toFixed(0)} ms, floor ${sample.floorMs.toFixed(0)} ms, ` +
            `peer ${sample.peerMs === null ? (sample.peerFailure ?? 'not run') : `${sample.peerMs.toFixed(0)} ms`}, engine end-to-end ${sample.engineWallMs.toFixed(0)} ms, RSS ${sample.peakRssMb.toFixed(0)} MB ` +
            `(${sample.verified}/${skills} verified)`,
        );
      }
      details.push({ transport, skills, filesPerSkill: files, readConcurrency: concurrency, samples });
    }
  }

  let review: ReviewDetail[] = [];
  if (!values['no-review'] && wanted('review')) {
    review = await runReviews({
      root,
      benchOut,
      serverEntry,
      files,
      transports,
      sizes: reviewSizes,
      httpSizes: reviewHttpSizes,
      runsFor: reviewRunsFor,
      corpus: !values['no-corpus'],
      say,
    });
  }

  let ui: UiResult | undefined;
  let uiSkipped: string | undefined;
  if (values['no-ui'] || !wanted('ui')) uiSkipped = 'skipped (--no-ui)';
  else if (!existsSync(webEntry)) uiSkipped = `skipped: ${webEntry} is missing (run npm run build)`;
  else {
    say(`bench: UI step at ${uiSkills} skills (browser mode + Chromium)…`);
    try {
      ui = await measureUi({ webEntry, serverEntry, skills: uiSkills, files, reviewAll: !values['no-review'], ...(values['ui-profile'] ? { cpuProfile: path.resolve(values['ui-profile']) } : {}) });
      say(
        `bench: UI first rows ${ui.firstRowsMs?.toFixed(0) ?? '—'} ms after data; filter p50 ${ui.filterP50Ms?.toFixed(1) ?? '—'} ms, p95 ${ui.filterP95Ms?.toFixed(1) ?? '—'} ms; ` +
          `verdict filter p50 ${ui.verdictFilterP50Ms?.toFixed(1) ?? '—'} ms, p95 ${ui.verdictFilterP95Ms?.toFixed(1) ?? '—'} ms${ui.failure ? ` (${ui.failure})` : ''}`,
      );
    } catch (error) {
      uiSkipped = `failed: ${error instanceof Error ? error.message : String(error)}`;
      say(`bench: UI step ${uiSkipped}`);
    }
  }

  let gateway: GatewayBenchResult | null = null;
  if (!values['no-gateway'] && wanted('gateway')) {
    if (!existsSync(cliEntry)) say(`bench: gateway step skipped: ${cliEntry} is missing (run npm run build)`);
    else {
      const skills = Number(values['gateway-skills']);
      say(`bench: gateway step at ${skills} skills (stdio)…`);
      gateway = await measureGateway({ cli: cliEntry, serverEntry, skills, files, listRounds: quick ? 10 : 20, reads: quick ? 200 : 500, say });
      say(`bench: gateway skills/list p50 ${gateway.list.gateway.p50Ms} ms vs direct ${gateway.list.direct.p50Ms} ms (${gateway.list.ratioP50}×); resources/read p50 ${gateway.read.gateway.p50Ms} ms vs ${gateway.read.direct.p50Ms} ms (${gateway.read.ratioP50}×)`);
    }
  }

  // A fleet in one run: `check --all` over many demo servers against one check per server, back to back.
  let fleet: FleetResult | null = null;
  if (!values['no-fleet'] && wanted('fleet')) {
    if (!existsSync(cliEntry)) say(`bench: fleet step skipped: ${cliEntry} is missing (run npm run build)`);
    else {
      const servers = Number(values['fleet-servers'] ?? (quick ? 20 : 100));
      say(`bench: fleet step, ${servers} demo servers…`);
      fleet = await measureFleet({ cli: cliEntry, servers, jobs: 8, say });
      say(`bench: fleet check --all ${fleet.allOverOneByOne}× the single runs back to back`);
    }
  }

  // Cold start: browser mode with 20 configured servers, launch → first catalog row, beside the page without its JavaScript.
  let coldStart: ColdStartResult | null = null;
  if (!values['no-cold-start'] && wanted('coldStart')) {
    if (!existsSync(webEntry)) say(`bench: cold-start step skipped: ${webEntry} is missing (run npm run build)`);
    else {
      const servers = Number(values['cold-start-servers']);
      const runs = Number(values['cold-start-runs'] ?? (quick ? 3 : 7));
      say(`bench: cold-start step, ${servers} servers, ${runs} runs…`);
      coldStart = await measureColdStart({ webEntry, serverEntry, connectFloorEntry: path.join(benchOut, 'connect-floor-run.mjs'), servers, skills: 50, files, runs, say });
      if (coldStart.failure) say(`bench: cold-start step: ${coldStart.failure}`);
    }
  }

  // Many servers connecting in the app's Inspector, with the main thread's event-loop delay, beside a bare-SDK client doing the same.
  let connectMany: ConnectManyResult | null = null;
  if (!values['no-connect'] && wanted('connect')) {
    const servers = Number(values['connect-servers'] ?? (quick ? 30 : 100));
    const runs = Number(values['connect-runs'] ?? (quick ? 1 : 2));
    say(`bench: connect step, ${servers} servers, ${runs} runs per way of connecting…`);
    connectMany = await measureConnectMany({ root, benchOut, serverEntry, servers, skills: 50, files, runs, say, ...(values['connect-profile'] ? { profileDir: path.resolve(values['connect-profile']) } : {}) });
  }

  const detail: Detail = {
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    mode: quick ? 'quick' : 'full',
    machine: machine(peer),
    runs: details,
    review,
    ui: ui ?? null,
    ...(uiSkipped ? { uiSkipped } : {}),
    gateway,
    fleet,
    coldStart,
    connectMany,
  };
  writeOutputs(detail, outDir);
  say(`bench: wrote bench/results.json, bench/results-detail.json and BENCHMARKS.md (${((Date.now() - started.getTime()) / 1000).toFixed(0)} s)`);
}

await main();
