// The connect-many step (issue 20): N synthetic catalog servers connecting in
// the app's Inspector, in its own process per run (connect-run), next to the
// bare-SDK floor (connect-floor-run) doing the same connects and listings.
// Two ways the app connects many: the palette's Connect all (a few at a time)
// and every server at once (a launch with saved servers connects them all).
// When a run's loop-delay p99 misses the target, one more run is profiled
// (`--cpu-prof`) and the stalls' self time is attributed (cpu-profile.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { ConnectFloorResult } from './connect-floor-run.js';
import type { ConnectRunResult } from './connect-run.js';
import { stallCauses, type CpuProfile, type Locate, type StallCauses } from './cpu-profile.js';
import { lastJson, runToEnd } from './processes.js';

/** The issue's target for the main thread's event-loop delay while 100 servers connect. */
export const CONNECT_LOOP_P99_MS = 50;
/** The palette's Connect all: as many at a time as renderer/src/state/connect-all.ts's CONNECT_ALL_AT_ONCE. */
export const CONNECT_ALL_AT_ONCE = 3;

export interface ConnectManyMode {
  /** Connects in flight at a time: Connect all's, or every server. */
  readonly atOnce: number;
  readonly samples: readonly ConnectRunResult[];
  readonly floor: readonly ConnectFloorResult[];
  /** With a p99 over the target: where the main thread's stalls went, from one profiled run. */
  readonly stalls?: StallCauses & { readonly profiledP99Ms: number; readonly profiledCpuMs?: number };
}

export interface ConnectManyResult {
  readonly servers: number;
  readonly skillsPerServer: number;
  readonly filesPerSkill: number;
  readonly modes: readonly ConnectManyMode[];
}

export interface ConnectManyOptions {
  /** The repository, for naming the profile's source files. */
  readonly root: string;
  readonly benchOut: string;
  readonly serverEntry: string;
  readonly servers: number;
  readonly skills: number;
  readonly files: number;
  readonly runs: number;
  /** Keep the profiles here (else they are read and removed). */
  readonly profileDir?: string;
  readonly say: (line: string) => void;
}

const TIMEOUT_MS = 10 * 60_000;

/** Maps the bench bundles' locations back to the repository's source files through their source maps. */
export function sourceMapped(root: string): Locate {
  const maps = new Map<string, SourceMap | null>();
  return (url, line, column) => {
    const file = url.replace(/^file:\/\//, '');
    if (!file.endsWith('.mjs') || file.includes('node_modules')) return undefined;
    let map = maps.get(file);
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
      } catch {
        map = null;
      }
      maps.set(file, map);
    }
    const entry = map?.findEntry(line, column) as { originalSource?: string; originalLine?: number } | undefined;
    if (!entry?.originalSource || entry.originalLine === undefined) return undefined;
    const source = entry.originalSource.startsWith('file://') ? entry.originalSource.slice('file://'.length) : path.resolve(path.dirname(file), entry.originalSource);
    return { url: path.relative(root, source), line: entry.originalLine };
  };
}

export async function measureConnectMany(options: ConnectManyOptions): Promise<ConnectManyResult> {
  const { benchOut, serverEntry, servers, skills, files, say } = options;
  const common = ['--servers', String(servers), '--server-entry', serverEntry, '--skills', String(skills), '--files', String(files)];
  const appRun = async (atOnce: number, profileDir?: string): Promise<ConnectRunResult> => {
    const prof = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
    const run = await runToEnd(process.execPath, ['--expose-gc', ...prof, path.join(benchOut, 'connect-run.mjs'), ...common, '--at-once', String(atOnce)], { timeoutMs: TIMEOUT_MS });
    if (run.code !== 0) throw new Error(`connect run failed (${run.code ?? run.signal}${run.timedOut ? ', timed out' : ''}): ${run.stderr.slice(-2000)}`);
    return lastJson<ConnectRunResult>(run.stdout);
  };
  const floorRun = async (atOnce: number): Promise<ConnectFloorResult> => {
    const run = await runToEnd(process.execPath, [path.join(benchOut, 'connect-floor-run.mjs'), ...common, '--at-once', String(atOnce)], { timeoutMs: TIMEOUT_MS });
    if (run.code !== 0) throw new Error(`connect floor run failed (${run.code ?? run.signal}${run.timedOut ? ', timed out' : ''}): ${run.stderr.slice(-2000)}`);
    return lastJson<ConnectFloorResult>(run.stdout);
  };

  const modes: ConnectManyMode[] = [];
  for (const atOnce of [...new Set([Math.min(CONNECT_ALL_AT_ONCE, servers), servers])]) {
    const samples: ConnectRunResult[] = [];
    const floor: ConnectFloorResult[] = [];
    for (let run = 1; run <= options.runs; run++) {
      const app = await appRun(atOnce);
      const bare = await floorRun(atOnce);
      samples.push(app);
      floor.push(bare);
      say(
        `bench: connect ${servers} servers, ${atOnce} at a time, run ${run}/${options.runs}: all listed in ${app.allListedMs.toFixed(0)} ms (${app.connected} connected, ${app.skillsListed} skills); ` +
          `loop p50 ${app.loop.p50Ms.toFixed(1)} / p99 ${app.loop.p99Ms.toFixed(1)} / max ${app.loop.maxMs.toFixed(0)} ms; idle p99 ${app.idleLoop.p99Ms.toFixed(1)} ms; ` +
          `bare SDK ${bare.allListedMs.toFixed(0)} ms, loop p99 ${bare.loop.p99Ms.toFixed(1)} ms`,
      );
    }
    let stalls: ConnectManyMode['stalls'];
    if (Math.max(...samples.map((s) => s.loop.p99Ms)) >= CONNECT_LOOP_P99_MS) {
      const dir = options.profileDir ? path.join(options.profileDir, `connect-${atOnce}-at-once`) : mkdtempSync(path.join(os.tmpdir(), 'si-bench-connect-prof-'));
      try {
        const profiled = await appRun(atOnce, dir);
        const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
        if (file) {
          const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
          stalls = { ...stallCauses(profile, CONNECT_LOOP_P99_MS, profiled.windowUs, sourceMapped(options.root)), profiledP99Ms: profiled.loop.p99Ms, profiledCpuMs: profiled.cpuMs };
          say(`bench: connect ${atOnce} at a time, profiled (p99 ${profiled.loop.p99Ms.toFixed(1)} ms): ${stalls.stalls} stalls ≥ ${CONNECT_LOOP_P99_MS} ms, ${stalls.stalledMs.toFixed(0)} ms in all; ${stalls.sources.slice(0, 4).map((s) => `${s.source} ${(s.share * 100).toFixed(0)}%`).join(', ')}`);
        }
      } finally {
        if (!options.profileDir) rmSync(dir, { recursive: true, force: true });
      }
    }
    modes.push({ atOnce, samples, floor, ...(stalls ? { stalls } : {}) });
  }
  return { servers, skillsPerServer: skills, filesPerSkill: files, modes };
}
