// Turns the bench's samples into results.json rows and BENCHMARKS.md: every
// figure with its spread, the ratios first (the machine is noisy), time per
// skill across N, the machine, and each target met or missed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReviewDetail } from './review-runs.js';
import { SETTLE_MS, type UiResult } from './ui-run.js';
import type { GatewayBenchResult } from './gateway-run.js';
import type { FleetResult } from './fleet-run.js';
import type { ColdStartResult } from './cold-start-run.js';
import type { ConnectManyResult } from './connect-many.js';
import { coldStartSection, connectManySection, type ColdStartSummary, type ConnectManySummary } from './report-startup.js';
import { int, ms, ratio, when } from './report-format.js';
import { targets } from './report-targets.js';
import { median, round, spread, type Spread } from './stats.js';

export interface Sample {
  readonly listMs: number;
  readonly verifyMs: number;
  readonly connectMs: number;
  /** The engine process from spawn to exit: start, connect, list, verify all. Compared with the peer's CLI run. */
  readonly engineWallMs: number;
  readonly floorMs: number;
  /** CPU time of the engine process during Verify all, and of the floor process while reading. */
  readonly verifyCpuMs: number;
  readonly floorCpuMs: number;
  readonly peerMs: number | null;
  readonly peerFailure?: string;
  readonly peakRssMb: number;
  readonly peakHeapMb: number;
  readonly listed: number;
  readonly listComplete: boolean;
  readonly verified: number;
  readonly failed: number;
  readonly floorFiles: number;
  readonly floorMismatched: number;
}

export interface RunDetail {
  readonly transport: 'stdio' | 'http';
  readonly skills: number;
  readonly filesPerSkill: number;
  readonly readConcurrency: number;
  readonly samples: readonly Sample[];
}

export interface Machine {
  readonly os: string;
  readonly cpus: string;
  readonly memoryGb: number;
  readonly node: string;
  readonly peer: string;
}

export interface Detail {
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly mode: 'quick' | 'full';
  readonly machine: Machine;
  readonly runs: readonly RunDetail[];
  /** Review all beside Verify all (absent in sessions from before it was measured). */
  readonly review?: readonly ReviewDetail[];
  readonly ui: UiResult | null;
  readonly uiSkipped?: string;
  readonly gateway?: GatewayBenchResult | null;
  /** `check --all` against one check per server (absent in sessions from before it was measured). */
  readonly fleet?: FleetResult | null;
  /** Launch → first catalog row, and many servers connecting in the app (absent in sessions from before they were measured). */
  readonly coldStart?: ColdStartResult | null;
  readonly connectMany?: ConnectManyResult | null;
  /** When samples of several bench sessions of one build were pooled: when each ran. */
  readonly sessions?: readonly string[];
  /**
   * When the Verify all runs (the engine, floor and peer tables) come from a later session than
   * the rest (`--render <dir> --runs-from <dir>`, after a change that only they measure): that session.
   */
  readonly runsFrom?: { readonly startedAt: string; readonly finishedAt: string; readonly machine: Machine; readonly commit?: string };
  /**
   * When some steps (cold start, many servers connecting, …) come from a later session than the rest
   * (`--render <dir> --steps-from <dir>`, after a change that only they measure): that session, and which steps.
   */
  readonly stepsFrom?: { readonly startedAt: string; readonly finishedAt: string; readonly machine: Machine; readonly steps: readonly StepName[]; readonly commit?: string };
}

/** The steps besides the Verify all runs, as Detail names them. */
export const STEP_NAMES = ['review', 'ui', 'gateway', 'fleet', 'coldStart', 'connectMany'] as const;
export type StepName = (typeof STEP_NAMES)[number];

/** One row of results.json: medians over the runs; the ratios are medians of per-run (paired) ratios. */
export function summarise(d: RunDetail) {
  const pick = (f: (s: Sample) => number | null) => d.samples.map(f).filter((v): v is number => v !== null);
  const peerOk = d.samples.length > 0 && d.samples.every((s) => s.peerMs !== null);
  return {
    transport: d.transport,
    skills: d.skills,
    filesPerSkill: d.filesPerSkill,
    listMs: round(median(pick((s) => s.listMs))),
    verifyMs: round(median(pick((s) => s.verifyMs))),
    floorMs: round(median(pick((s) => s.floorMs))),
    peerMs: peerOk ? round(median(pick((s) => s.peerMs))) : null,
    peakRssMb: round(Math.max(...pick((s) => s.peakRssMb))),
    verifyOverFloor: round(median(pick((s) => s.verifyMs / s.floorMs)), 3),
    verifyOverPeer: peerOk ? round(median(pick((s) => (s.peerMs === null ? null : s.engineWallMs / s.peerMs))), 3) : null,
    /** The engine's process end to end (start, connect, list, verify all) over the peer's CLI run: the same paired ratio, under the issue's name. */
    engineOverPeer: peerOk ? round(median(pick((s) => (s.peerMs === null ? null : s.engineWallMs / s.peerMs))), 3) : null,
    /** Client CPU per file during Verify all over the floor's while reading and hashing, paired per run. */
    cpuPerFileOverFloor: round(median(pick((s) => (s.floorCpuMs > 0 && s.floorFiles > 0 ? s.verifyCpuMs / (d.skills * d.filesPerSkill) / (s.floorCpuMs / s.floorFiles) : null))), 3),
  };
}

export type Summary = ReturnType<typeof summarise>;

/** One Review all row of results.json: medians over the runs, the ratio a median of per-run (paired) ratios, loop delays the worst run's. */
export function summariseReview(d: ReviewDetail) {
  const pick = (f: (s: ReviewDetail['samples'][number]) => number) => d.samples.map(f);
  const last = d.samples[d.samples.length - 1];
  return {
    catalog: d.catalog,
    transport: d.transport,
    skills: d.skills,
    files: d.files,
    runs: d.samples.length,
    verifyMs: round(median(pick((s) => s.verify.wallMs))),
    reviewMs: round(median(pick((s) => s.review.wallMs))),
    reviewOverVerify: round(median(pick((s) => s.review.wallMs / s.verify.wallMs)), 3),
    reviewLoopP99Ms: round(Math.max(...pick((s) => s.review.loop.p99Ms))),
    reviewLoopMaxMs: round(Math.max(...pick((s) => s.review.loop.maxMs))),
    verifyLoopP99Ms: round(Math.max(...pick((s) => s.verify.loop.p99Ms))),
    reviewCpuUsPerFile: round(median(pick((s) => (s.review.cpuMs * 1000) / Math.max(1, s.review.files))), 0),
    verifyCpuUsPerFile: round(median(pick((s) => (s.verify.cpuMs * 1000) / Math.max(1, s.review.files))), 0),
    reviewThreads: last?.reviewThreads ?? null,
    verdicts: last ? { risky: last.review.risky, needsLook: last.review.needsLook, clean: last.review.clean, notReviewed: last.review.notReviewed } : null,
    complete: d.samples.every((s) => s.review.done === s.review.total && s.review.total === s.listed && s.review.notReviewed === 0 && s.verify.verified === s.listed),
    // Review all again, nothing changed (runs from before it was measured have none).
    reviewAgainMs: round(median(pick((s) => s.reviewAgain?.wallMs ?? Number.NaN).filter(Number.isFinite))),
    reviewAgainOverVerify: round(median(pick((s) => (s.reviewAgain ? s.reviewAgain.wallMs / s.verify.wallMs : Number.NaN)).filter(Number.isFinite)), 3),
    reviewAgainSameVerdicts: d.samples.every((s) => !s.reviewAgain || (s.reviewAgain.done === s.review.done && s.reviewAgain.risky === s.review.risky && s.reviewAgain.needsLook === s.review.needsLook && s.reviewAgain.clean === s.review.clean && s.reviewAgain.notReviewed === s.review.notReviewed)),
  };
}

export type ReviewSummary = ReturnType<typeof summariseReview>;

export interface Results {
  readonly runs: readonly Summary[];
  readonly review: readonly ReviewSummary[];
  readonly ui: {
    readonly skills: number;
    readonly firstRowsMs: number | null;
    readonly filterP50Ms: number | null;
    readonly filterP95Ms: number | null;
    readonly verdictsShown: UiResult['verdicts'] | null;
    readonly verdictFilterP50Ms: number | null;
    readonly verdictFilterP95Ms: number | null;
  };
  /** The gateway against straight to upstream (absent in sessions from before it was measured). */
  readonly gateway?: GatewayBenchResult | null;
  /** `check --all` against one check per server (absent in sessions from before it was measured). */
  readonly fleet?: FleetResult | null;
  readonly coldStart?: ColdStartSummary | null;
  readonly connectMany?: ConnectManySummary | null;
}


const range = (s: Spread, f: (v: number | null) => string = ms) => (s.median === null ? '—' : `${f(s.median)} (${f(s.min)}–${f(s.max)})`);

function peerCell(d: RunDetail): string {
  const failure = d.samples.find((s) => s.peerMs === null)?.peerFailure;
  if (failure) return `failed: “${failure}”`;
  const peer = spread(d.samples.map((s) => s.peerMs).filter((v): v is number => v !== null));
  return range(peer);
}

function gatewaySection(gw: GatewayBenchResult): string[] {
  const row = (what: string, r: GatewayBenchResult['list'], n: number) => `| ${what} | ${int(n)} | ${ms(r.direct.p50Ms)} | ${ms(r.direct.p95Ms)} | ${ms(r.gateway.p50Ms)} | ${ms(r.gateway.p95Ms)} | ${ratio(r.ratioP50)} |`;
  return [
    '## The gateway against straight to upstream',
    '',
    `One SDK client per side in the bench process, over stdio: straight to the synthetic catalog (${int(gw.skills)} skills, ${gw.filesPerSkill} files each), and to \`skill-inspector gateway --data-dir\` over a data folder in which every one of them is approved and enabled (the gateway reads its approvals again at every listing, rebuilding the served set only when they changed, and hashes the snapshot again on every read). The two sides alternate which goes first; a listing is the whole catalog, every page. Every byte read through the gateway ${gw.bytesEqual ? 'equalled' : '**did not equal**'} the upstream bytes; the gateway listed ${int(gw.listed.gateway)} of ${int(gw.listed.direct)} skills.`,
    '',
    '| call | samples | direct p50 ms | direct p95 ms | gateway p50 ms | gateway p95 ms | gateway / direct (p50) |',
    '|---|---:|---:|---:|---:|---:|---:|',
    row('skills/list (all pages)', gw.list, gw.listRounds),
    row('resources/read', gw.read, gw.reads),
  ];
}

export function renderReport(results: Results, detail: Detail): string {
  const lines: string[] = [];
  const push = (...l: string[]) => lines.push(...l);
  push(
    '# Benchmarks',
    '',
    `Generated by \`npm run bench${detail.mode === 'quick' ? ' -- --quick' : ''}\` on ${when(detail.startedAt)} UTC. Every figure below comes from ${detail.sessions ? 'those runs' : 'that run'}${detail.runsFrom ? ', but for the Verify all runs (next paragraph)' : ''};`,
    '`bench/results.json` holds the medians in machine-readable form and `bench/results-detail.json` every sample.',
    ...(detail.sessions ? ['', `The samples of ${detail.sessions.length} sessions of the same build are pooled (${detail.sessions.join('; ')}); the UI figures come from the last one.`] : []),
    ...(detail.runsFrom ? ['', runsFromNote(detail.runsFrom)] : []),
    ...(detail.stepsFrom ? ['', stepsFromNote(detail.stepsFrom)] : []),
    '',
    '## Machine',
    '',
    `- OS: ${detail.machine.os}`,
    `- CPUs: ${detail.machine.cpus}; memory ${detail.machine.memoryGb} GB`,
    `- Node: ${detail.machine.node} (engine, floor and catalog server)`,
    `- Peer: ${detail.machine.peer}`,
    ...(detail.runsFrom ? [`- The Verify all runs' machine: ${detail.runsFrom.machine.cpus}; memory ${detail.runsFrom.machine.memoryGb} GB; ${detail.runsFrom.machine.os}`] : []),
    '',
    '## Headline: ratios',
    '',
    'The machine is noisy, so the ratios are what to read: each is the median of per-run ratios, where the engine, the floor and the peer ran back to back against fresh servers.',
    '',
    '| transport | skills | verify / floor | engine / peer |',
    '|---|---:|---:|---:|',
  );
  for (const r of results.runs) {
    const d = detail.runs.find((x) => x.transport === r.transport && x.skills === r.skills)!;
    const ratios = spread(d.samples.map((s) => s.verifyMs / s.floorMs));
    const peerFailure = d.samples.find((s) => s.peerMs === null)?.peerFailure;
    const peerRatio = r.verifyOverPeer !== null ? range(spread(d.samples.map((s) => s.engineWallMs / (s.peerMs ?? NaN))), ratio) : peerFailure ? `peer failed: “${peerFailure}”` : '—';
    push(`| ${r.transport} | ${int(r.skills)} | ${range(ratios, ratio)} | ${peerRatio} |`);
  }
  push(
    '',
    'Medians with (min–max) over the runs.',
    '',
    '## Every figure',
    '',
    '| transport | skills × files | runs | list ms | verify all ms | floor ms | peer ms | engine end-to-end ms | peak RSS MB | peak heap MB |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const d of detail.runs) {
    const s = (f: (x: Sample) => number) => spread(d.samples.map(f));
    push(
      `| ${d.transport} | ${int(d.skills)} × ${d.filesPerSkill} | ${d.samples.length} | ${range(s((x) => x.listMs))} | ${range(s((x) => x.verifyMs))} | ${range(s((x) => x.floorMs))} | ${peerCell(d)} | ${range(s((x) => x.engineWallMs))} | ${ms(Math.max(...d.samples.map((x) => x.peakRssMb)))} | ${ms(Math.max(...d.samples.map((x) => x.peakHeapMb)))} |`,
    );
  }
  push(
    '',
    'What each figure is:',
    '',
    '- **list**: `SkillsEngine.refresh` through a `Connection`, as the app does on connect: every `skills/list` page (100 skills a page), checked and held.',
    `- **verify all**: the engine's \`startVerifyAll\` at its default concurrency (${detail.runs[0]?.readConcurrency ?? 8} reads in flight), from start to the job's \`done\`: every file read with \`resources/read\`, sized, hashed, compared with the listing, SKILL.md frontmatter compared.`,
    '- **floor**: a bare SDK `Client` making the same `resources/read` calls at the same concurrency and hashing each file with `node:crypto`, nothing else (no result validation, no protocol log); its listing is not timed.',
    '- **peer**: the MCP Inspector\'s verifier, `mcp-inspector --cli <server> --method skills/list --verify --skill-catalog-max-skills 100000 --skill-catalog-max-bytes 10000000000`, wall time of the whole CLI run (start, connect, list, verify, exit). Its reports are counted: a run counts only when it printed one report per skill and exited 0.',
    '- **engine end-to-end**: the engine\'s process from spawn to exit (start, connect, list, verify all), which is the like-for-like figure for the peer\'s CLI run: **engine / peer** divides the two.',
    '- **peak RSS** is the engine process\'s own high-water mark (`VmHWM` in `/proc/self/status`; `resourceUsage().maxRSS` starts at the bench process\'s own figure in a spawned process on Linux, so runs under it read as the bench\'s size); peak heap is the largest V8 `used_heap_size` sampled every 20 ms.',
    '- Every run starts a fresh catalog server, so no run profits from another\'s warm caches.',
    '- In `bench/results.json`, each row\'s `engineOverPeer` is **engine / peer** (the same paired ratio as `verifyOverPeer`, under the name the targets use) and `cpuPerFileOverFloor` the engine\'s client CPU per file during Verify all over the floor\'s (the last column of *Client CPU per file* below), beside `verifyOverFloor` and `peakRssMb`.',
    '',
    '## Time per skill (how cost grows with N)',
    '',
    '| transport | skills | verify ms / skill | floor ms / skill | list ms / skill |',
    '|---|---:|---:|---:|---:|',
  );
  for (const r of results.runs) {
    const per = (v: number | null) => (v === null ? '—' : (v / r.skills).toFixed(3));
    push(`| ${r.transport} | ${int(r.skills)} | ${per(r.verifyMs)} | ${per(r.floorMs)} | ${per(r.listMs)} |`);
  }
  push(
    '',
    '## Client CPU per file',
    '',
    'Wall time depends on the server and on whatever else the machine runs; CPU time of the client process does not. This is the work the engine does per file (read, size, hash, compare, frontmatter, bookkeeping) next to the floor\'s (read and hash only).',
    '',
    '| transport | skills | engine CPU µs / file | floor CPU µs / file | engine / floor |',
    '|---|---:|---:|---:|---:|',
  );
  for (const d of detail.runs) {
    const files = d.skills * d.filesPerSkill;
    const engineCpu = median(d.samples.map((x) => (x.verifyCpuMs * 1000) / files));
    const floorCpu = median(d.samples.map((x) => (x.floorCpuMs * 1000) / files));
    const cpuRatio = median(d.samples.map((x) => x.verifyCpuMs / x.floorCpuMs));
    push(`| ${d.transport} | ${int(d.skills)} | ${engineCpu === null ? '—' : Math.round(engineCpu)} | ${floorCpu === null ? '—' : Math.round(floorCpu)} | ${ratio(cpuRatio)} |`);
  }
  const review = results.review;
  if (review.length > 0) {
    push(
      '',
      '## Review all beside Verify all',
      '',
      'Both jobs in one process through the real Inspector (`createInspector`, as browser mode builds it): the server added and connected through the contract, then `skills.verifyAll` and `review.startAll` back to back against the same fresh server, each awaited through its progress events; the order alternates from run to run. The content rules run in the review pool (tinypool, on the review worker); the event-loop delay is that of the Inspector\'s own thread (`monitorEventLoopDelay`, 5 ms resolution), sampled only while the job runs. CPU is the whole process\'s (main thread and review threads) per listed file.',
      '',
      'The last two columns are a third job after both: Review all once more with nothing changed on the server. Every file is read and checked again; each review is answered from memory, since a review is a function of the bytes it reads (`electron/review/remembered-reviews.ts`), as a second Review all in the app or a Watch round is. The target is the first Review all, whose rules run on every file.',
      '',
      '| catalog | transport | skills (files) | runs | verify all ms | review all ms | review / verify | loop p99 during review (max) | loop p99 during verify | review CPU µs / file | verify CPU µs / file | review threads | verdicts (risky / needs a look / clean / not reviewed) | review all again ms | again / verify |',
      '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|',
    );
    for (const r of review) {
      const d = detail.review?.find((x) => x.catalog === r.catalog && x.transport === r.transport && x.skills === r.skills);
      const ratios = d ? spread(d.samples.map((s) => s.review.wallMs / s.verify.wallMs)) : undefined;
      const again = d && d.samples.every((s) => s.reviewAgain) ? spread(d.samples.map((s) => (s.reviewAgain?.wallMs ?? Number.NaN) / s.verify.wallMs)) : undefined;
      const wall = (f: (s: NonNullable<typeof d>['samples'][number]) => number) => (d ? range(spread(d.samples.map(f))) : '—');
      const v = r.verdicts;
      push(
        `| ${r.catalog === 'risk-corpus' ? 'risk corpus' : 'synthetic'} | ${r.transport} | ${int(r.skills)} (${int(r.files)}) | ${r.runs} | ${wall((s) => s.verify.wallMs)} | ${wall((s) => s.review.wallMs)} | ${ratios ? range(ratios, ratio) : '—'} | ${ms(r.reviewLoopP99Ms)} (${ms(r.reviewLoopMaxMs)}) | ${ms(r.verifyLoopP99Ms)} | ${r.reviewCpuUsPerFile ?? '—'} | ${r.verifyCpuUsPerFile ?? '—'} | ${r.reviewThreads ?? '—'} | ${v ? `${int(v.risky)} / ${int(v.needsLook)} / ${int(v.clean)} / ${int(v.notReviewed)}` : '—'} | ${again ? wall((s) => s.reviewAgain?.wallMs ?? Number.NaN) : '—'} | ${again ? range(again, ratio) : '—'}${r.reviewAgainSameVerdicts ? '' : ' (verdicts differ!)'} |`,
      );
    }
  }
  push('', '## UI at scale', '');
  if (detail.ui) {
    const ui = detail.ui;
    push(
      `Browser mode (the built \`web.js\`) in Chromium, with the synthetic catalog at ${int(ui.skills)} skills as its only server, connected through the contract (\`servers.connect\`) once the page was up. Measured in the page with \`performance.now()\`, a \`MutationObserver\` on the rows (\`[data-skill-uri]\`) and the first frame after the change (\`requestAnimationFrame\` + a posted message).`,
      '',
      `- first rows painted **${ms(ui.firstRowsMs)} ms** after the first skills reached the page (the whole listing took ${ms(ui.listingMs)} ms from connect to its last page);`,
      `- filter keystroke → updated list painted: **p50 ${ms(ui.filterP50Ms)} ms, p95 ${ms(ui.filterP95Ms)} ms** over ${ui.samples.length} keystrokes in "Search skills" (a letter, then Backspace back to the whole catalog, 25 times, 120 ms apart), typed ${SETTLE_MS / 1000} s after the last listing page arrived.`,
      ...(ui.verdicts
        ? [
            `- the keystrokes above were typed after a Review all of the whole catalog in the page's app (\`review.startAll\`, ${ms(ui.reviewAllMs)} ms), with every row showing its verdict (${int(ui.verdicts.risky)} Risky, ${int(ui.verdicts.needsLook)} Needs a look, ${int(ui.verdicts.clean)} Clean as checked, ${int(ui.verdicts.notReviewed)} Not reviewed yet, counted from the verdict filter's own counts);`,
            `- verdict filter (the "Show only skills with the verdict" select) changed → updated list painted: **p50 ${ms(ui.verdictFilterP50Ms)} ms, p95 ${ms(ui.verdictFilterP95Ms)} ms** over ${ui.verdictSamples.length} changes (each verdict, then back to any verdict).`,
          ]
        : []),
      ...(ui.failure ? [`- note: ${ui.failure}.`] : []),
    );
  } else push(`Not measured: ${detail.uiSkipped ?? 'no result'}.`);
  if (results.coldStart) push('', ...coldStartSection(results.coldStart));
  if (results.connectMany) push('', ...connectManySection(results.connectMany));
  if (results.gateway) push('', ...gatewaySection(results.gateway));
  push('', '## Targets', '', '| target | measured | met |', '|---|---|---|');
  for (const t of targets(results, detail)) push(`| ${t.what} | ${t.measured} | ${t.met === null ? 'not measured' : t.met ? 'yes' : '**no**'} |`);
  const notes = path.join(import.meta.dirname, 'notes.md');
  const notesPath = existsSync(notes) ? notes : path.join(process.env['BENCH_ROOT'] ?? '.', 'bench', 'notes.md');
  if (existsSync(notesPath)) push('', readFileSync(notesPath, 'utf8').trim());
  push('');
  return lines.join('\n');
}

const STEP_TITLES: Record<StepName, string> = {
  review: 'Review all beside Verify all',
  ui: 'UI at scale',
  gateway: 'The gateway against straight to upstream',
  fleet: '`check --all` over a fleet',
  coldStart: 'Cold start: launch → first catalog row',
  connectMany: '100 servers connecting in the app',
};

/** Says which sections come from a later session (and their targets), and that its wall times are not comparable with the rest's. */
function stepsFromNote(from: NonNullable<Detail['stepsFrom']>): string {
  const titles = from.steps.map((s) => `*${STEP_TITLES[s]}*`).join(', ');
  return (
    `These sections, and their rows in *Targets*, come from a later session, ${when(from.startedAt)} – ${when(from.finishedAt)} UTC` +
    `${from.commit ? ` on ${from.commit}` : ''} (${from.machine.cpus}; ${from.machine.os}): ${titles}. ` +
    'Each ratio compares runs made back to back in one session; wall times of different sessions are not comparable.'
  );
}

/** Says which figures come from the later session, and that its wall times are not comparable with the rest's. */
function runsFromNote(from: NonNullable<Detail['runsFrom']>): string {
  return (
    `The Verify all runs (the headline ratios, Verify all, client CPU per file, peak RSS, and their targets) come from a later session, ${when(from.startedAt)} – ${when(from.finishedAt)} UTC` +
    `${from.commit ? ` on ${from.commit}` : ''}, on the machine named below; every other section comes from the session above. ` +
    'Each ratio compares runs made back to back in one session; wall times of different sessions are not comparable.'
  );
}
