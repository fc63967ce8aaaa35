// The cold start and the many-servers connect in results.json and
// BENCHMARKS.md (issue 20): the figures with their floors from the same run,
// the targets met or missed, and for a missed loop-delay target the measured
// cause (the stalls' self time in a CPU profile of one more run).
import type { ColdStartResult } from './cold-start-run.js';
import { CONNECT_ALL_AT_ONCE, CONNECT_LOOP_P99_MS, type ConnectManyResult } from './connect-many.js';
import { median, percentile, round } from './stats.js';
import { int, ms, ratio, type Target } from './report-format.js';

export const COLD_START_MS = 1500;
/** "Initial script < 1 MB", in bytes (10^6). */
export const INITIAL_SCRIPT_BYTES = 1_000_000;

export function summariseColdStart(r: ColdStartResult) {
  const first = r.runs.map((x) => x.firstRowMs);
  const paired = r.runs.map((x, i) => (r.floorMs[i] === undefined ? null : x.firstRowMs / r.floorMs[i]!)).filter((v): v is number => v !== null);
  return {
    servers: r.servers,
    skillsPerServer: r.skillsPerServer,
    runs: r.runs.length,
    firstRowP50Ms: round(median(first)),
    firstRowP95Ms: round(percentile(first, 95)),
    floorP50Ms: round(median(r.floorMs)),
    floorP95Ms: round(percentile(r.floorMs, 95)),
    firstRowOverFloor: round(median(paired), 3),
    listeningP50Ms: round(median(r.runs.map((x) => x.listeningMs))),
    domReadyP50Ms: round(median(r.runs.map((x) => x.domReadyMs))),
    firstSkillsInPageP50Ms: round(median(r.runs.map((x) => x.firstListingMs).filter((v): v is number => v !== null && v !== undefined))),
    bareFirstListedP50Ms: round(median(r.bareFirstListedMs ?? [])),
    initialScriptBytes: r.initialScript.bytes,
    initialScriptFiles: r.initialScript.files,
    scriptBytesBeforeFirstRow: round(median(r.runs.map((x) => x.scriptBytes)), 0),
    scriptsBeforeFirstRow: round(median(r.runs.map((x) => x.scripts)), 0),
    stylesheetBytes: r.stylesheetBytes,
    ...(r.failure ? { failure: r.failure } : {}),
  };
}

export type ColdStartSummary = ReturnType<typeof summariseColdStart>;

export function summariseConnectMany(r: ConnectManyResult) {
  return {
    servers: r.servers,
    skillsPerServer: r.skillsPerServer,
    modes: r.modes.map((m) => {
      const worst = (f: (s: (typeof m.samples)[number]) => number) => round(Math.max(...m.samples.map(f)));
      return {
        atOnce: m.atOnce,
        runs: m.samples.length,
        allListedMs: round(median(m.samples.map((s) => s.allListedMs))),
        loopP50Ms: round(median(m.samples.map((s) => s.loop.p50Ms))),
        loopP99Ms: worst((s) => s.loop.p99Ms),
        loopMaxMs: worst((s) => s.loop.maxMs),
        idleLoopP99Ms: worst((s) => s.idleLoop.p99Ms),
        floorAllListedMs: round(median(m.floor.map((s) => s.allListedMs))),
        floorLoopP99Ms: round(Math.max(...m.floor.map((s) => s.loop.p99Ms))),
        floorLoopMaxMs: round(Math.max(...m.floor.map((s) => s.loop.maxMs))),
        cpuMs: round(median(m.samples.map((s) => s.cpuMs))),
        peakRssMb: worst((s) => s.peakRssMb),
        complete: m.samples.every((s) => s.connected === r.servers && s.skillsListed === r.servers * r.skillsPerServer),
        ...(m.stalls
          ? {
              stalls: {
                profiledP99Ms: round(m.stalls.profiledP99Ms),
                profiledCpuMs: round(m.stalls.profiledCpuMs ?? null),
                count: m.stalls.stalls,
                longestMs: round(m.stalls.longestMs),
                stalledMs: round(m.stalls.stalledMs),
                sources: m.stalls.sources.map((s) => ({ source: s.source, share: s.share })),
                functions: m.stalls.functions.map((f) => ({ name: f.name, where: f.where, share: f.share })),
                appCallers: (m.stalls.appCallers ?? []).map((f) => ({ name: f.name, where: f.where, share: f.share })),
              },
            }
          : {}),
      };
    }),
  };
}

export type ConnectManySummary = ReturnType<typeof summariseConnectMany>;


const kb = (bytes: number | null | undefined) => (bytes === null || bytes === undefined ? '—' : `${Math.round(bytes / 1000).toLocaleString('en-US')} kB`);
const pct = (share: number) => `${Math.round(share * 100)} %`;
const fn = (f: { name: string; where: string; share: number }) => `\`${f.name}\`${f.where ? ` (${f.where})` : ''} ${pct(f.share)}`;
const modeLabel = (atOnce: number, servers: number) => (atOnce >= servers ? 'every server at once (for comparison: the app never does this)' : `Connect all and a launch (${atOnce} at a time)`);

export function startupTargets(cold: ColdStartSummary | null | undefined, connect: ConnectManySummary | null | undefined): Target[] {
  const out: Target[] = [];
  if (cold) {
    out.push({
      what: `browser-mode launch → first catalog row under ${COLD_START_MS / 1000} s, ${cold.servers} servers`,
      met: cold.firstRowP50Ms === null ? null : cold.firstRowP50Ms < COLD_START_MS,
      measured: `p50 ${ms(cold.firstRowP50Ms)} ms, p95 ${ms(cold.firstRowP95Ms)} ms (floor p50 ${ms(cold.floorP50Ms)} ms; ${ratio(cold.firstRowOverFloor)} the floor)${cold.failure ? `; ${cold.failure}` : ''}`,
    });
    const loaded = cold.scriptBytesBeforeFirstRow ?? cold.initialScriptBytes;
    const judged = Math.max(loaded, cold.initialScriptBytes);
    out.push({
      what: 'initial script under 1 MB',
      met: judged < INITIAL_SCRIPT_BYTES,
      measured: `${kb(cold.scriptBytesBeforeFirstRow)} in ${cold.scriptsBeforeFirstRow ?? '—'} scripts loaded before the first row; index.html's entry and preloads ${kb(cold.initialScriptBytes)}`,
    });
  }
  // The target is for how the app connects; every server at once is measured beside it as the cost it avoids.
  for (const m of (connect?.modes ?? []).filter((x) => x.atOnce < connect!.servers)) {
    out.push({
      what: `${int(connect!.servers)} servers connecting in the app, ${modeLabel(m.atOnce, connect!.servers)}: main-process event-loop delay p99 < ${CONNECT_LOOP_P99_MS} ms`,
      met: m.loopP99Ms === null ? null : m.loopP99Ms < CONNECT_LOOP_P99_MS && m.complete,
      measured: `p99 ${ms(m.loopP99Ms)} ms (worst run; max ${ms(m.loopMaxMs)} ms; bare-SDK floor p99 ${ms(m.floorLoopP99Ms)} ms, idle ${ms(m.idleLoopP99Ms)} ms)${m.complete ? '' : '; not every server connected and listed'}`,
    });
  }
  return out;
}


export function coldStartSection(cold: ColdStartSummary): string[] {
  return [
    '## Cold start: launch → first catalog row',
    '',
    `Browser mode (the built \`web.js\`) spawned with a fresh data folder whose \`servers.json\` holds ${int(cold.servers)} synthetic catalog servers (${int(cold.skillsPerServer)} skills each, over stdio), connected at launch as saved servers are; Chromium (already running, a fresh context per run so nothing is cached) opens the page as soon as browser mode prints its address. The figure is the time from the spawn to the first \`[data-skill-uri]\` row painted (a \`MutationObserver\` installed before the app, then the first frame after the change), on one clock (the page's \`performance.timeOrigin\`). **The floor**, run by run in between: the same launch with the page's JavaScript off, to its load event: starting the process, listening and serving index.html and its stylesheet, with no app running.`,
    '',
    '| runs | first row p50 ms | first row p95 ms | floor p50 ms | floor p95 ms | first row / floor | listening p50 ms | DOM ready p50 ms | first skills in the page p50 ms | bare SDK, first server listed p50 ms |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${cold.runs} | ${ms(cold.firstRowP50Ms)} | ${ms(cold.firstRowP95Ms)} | ${ms(cold.floorP50Ms)} | ${ms(cold.floorP95Ms)} | ${ratio(cold.firstRowOverFloor)} | ${ms(cold.listeningP50Ms)} | ${ms(cold.domReadyP50Ms)} | ${ms(cold.firstSkillsInPageP50Ms)} | ${ms(cold.bareFirstListedP50Ms)} |`,
    '',
    `- **initial script**: ${kb(cold.scriptBytesBeforeFirstRow)} of JavaScript in ${cold.scriptsBeforeFirstRow ?? '—'} scripts finished loading before the first row (the page's Resource Timing entries, decoded sizes, median over the runs); the built index.html names ${kb(cold.initialScriptBytes)} itself (its entry script and module preloads: ${cold.initialScriptFiles.map((f) => `\`${f}\``).join(', ')}), plus ${kb(cold.stylesheetBytes)} of stylesheet. 1 MB is 10^6 bytes.`,
    `- the steps on the way, from the same spawn: browser mode listening (it printed its address), the page's DOMContentLoaded, and the first skills reaching the page over the bridge (the first \`skills.listed\` naming a skill). **The servers' own floor**, run by run: a bare SDK process spawned the same way, connecting all ${int(cold.servers)} servers at once over stdio with no app, to its first server's skills listed: no app can show a row before a server has listed one.`,
    ...coldStartBreakdown(cold),
    '- first row / floor is the median of per-run ratios; p95 is the nearest-rank percentile of the runs (with few runs, the slowest).',
    ...(cold.failure ? [`- note: ${cold.failure}.`] : []),
  ];
}

/** Where the launch's time went, from the medians of the steps (the measured cause of a miss). */
function coldStartBreakdown(cold: ColdStartSummary): string[] {
  const { firstRowP50Ms: row, firstSkillsInPageP50Ms: skills, domReadyP50Ms: dom, bareFirstListedP50Ms: bare } = cold;
  if (row === null || skills === null || dom === null) return [];
  const waited = skills > dom ? `the page was up ${ms(dom)} ms after the spawn and then waited ${ms(skills - dom)} ms for the first skills` : `the first skills reached the page ${ms(skills)} ms after the spawn, before the page was up (${ms(dom)} ms)`;
  const verdict = bare !== null && skills <= bare * 1.25 ? `, so the wait is the ${int(cold.servers)} servers' own start, which no app can skip` : ', so the app adds to the servers\' own start';
  const servers = bare === null ? '' : `; a bare SDK process's first server listed ${ms(bare)} ms after its spawn (the page's first skills came at ${ratio(skills / bare)} of that)${verdict}`;
  return [`- **where the time went** (medians): ${waited}${servers}; from the first skills to the first row painted: ${ms(row - skills)} ms.`];
}

/** A profile's samples are wall time: next to the process's CPU time it tells running code from a thread that was not running. */
function cpuNote(cpuMs: number | null, stalledMs: number | null): string {
  if (cpuMs === null || stalledMs === null) return '';
  const how = cpuMs < stalledMs ? ' Less CPU than stalled time: most of the stalls are the thread not running (other load on the machine, or a blocking system call inside the native calls named), not JavaScript work.' : '';
  return ` The profiled run used ${ms(cpuMs)} ms of CPU (main thread and all) while connecting, against ${ms(stalledMs)} ms of stalls.${how}`;
}

export function connectManySection(connect: ConnectManySummary): string[] {
  const lines = [
    `## ${int(connect.servers)} servers connecting in the app`,
    '',
    `The real Inspector (\`createInspector\`, as browser mode and the app build it) in a process of its own, with ${int(connect.servers)} synthetic catalog servers (${int(connect.skillsPerServer)} skills each, over stdio) added through the contract (\`servers.add\`), then connected with \`servers.connect\`: as the palette's Connect all does (${CONNECT_ALL_AT_ONCE} at a time, renderer/src/state/connect-all.ts), and every server at once, for comparison (a launch with saved servers goes ${CONNECT_ALL_AT_ONCE} at a time as well, electron/inspector.ts). Each connect lists its server's skills; the run ends when every listing is done. The event-loop delay of the Inspector's thread (\`monitorEventLoopDelay\`, 5 ms resolution) is sampled throughout: that thread serves the window's bridge, so its stalls are the window's. **The floors**: the same process idle (every server connected, nothing asked) for as long again; and bare SDK \`Client\`s in a process of their own making the same connects and listings the same number at a time, with no app (its loop delay is what spawning the servers and moving their bytes costs a main thread).`,
    '',
    '| connects at a time | runs | all listed ms | loop p50 ms | loop p99 ms (worst run) | loop max ms | idle loop p99 ms | bare-SDK all listed ms | bare-SDK loop p99 ms (max) | CPU ms | peak RSS MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const m of connect.modes) {
    lines.push(
      `| ${m.atOnce >= connect.servers ? `all ${int(m.atOnce)}` : m.atOnce} | ${m.runs} | ${ms(m.allListedMs)} | ${ms(m.loopP50Ms)} | ${ms(m.loopP99Ms)} | ${ms(m.loopMaxMs)} | ${ms(m.idleLoopP99Ms)} | ${ms(m.floorAllListedMs)} | ${ms(m.floorLoopP99Ms)} (${ms(m.floorLoopMaxMs)}) | ${ms(m.cpuMs)} | ${ms(m.peakRssMb)} |`,
    );
  }
  for (const m of connect.modes) {
    if (!m.stalls) continue;
    const s = m.stalls;
    lines.push(
      '',
      `**Why the p99 is over ${CONNECT_LOOP_P99_MS} ms, ${modeLabel(m.atOnce, connect.servers)}** (measured: one more run under \`node --cpu-prof\`, p99 ${ms(s.profiledP99Ms)} ms; its busy stretches of ${CONNECT_LOOP_P99_MS} ms or more with no idle sample, ${s.count} of them, ${ms(s.stalledMs)} ms in all, the longest ${ms(s.longestMs)} ms): their self time went to ${s.sources.slice(0, 5).map((x) => `${x.source} ${pct(x.share)}`).join(', ')}; the functions: ${s.functions.slice(0, 6).map(fn).join(', ')}${s.appCallers.length > 0 ? `; by the nearest of the app's own functions on the stack: ${s.appCallers.slice(0, 6).map(fn).join(', ')}` : ''}.${cpuNote(s.profiledCpuMs, s.stalledMs)}`,
    );
  }
  return lines;
}
