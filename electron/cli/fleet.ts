// A fleet in one run: `check`, `lock`, `verify` and `verify --receipts` with
// `--config FILE --all` do their one-server work for every server of a host
// config, a few at a time (--jobs). This is the one runner they share: the
// flags that choose the fleet, the bounded parallelism, each server's failure
// caught as that server's result (one that cannot be started, reached or
// checked never stops the others), and the exit code of the worst server.
import { forEachLimited } from '../skills/concurrency.js';
import { ConnectFailure } from './session.js';
import { forTerminal, linesForTerminal } from './terminal-text.js';
import { UsageError, configServers, type ConfigServer, type Target } from './target.js';

/** How one server of the fleet ended: the command's report for it, or why there is none. */
export type FleetResult<R> =
  | { readonly name: string; readonly report: R; readonly exitCode: 0 | 1 }
  | { readonly name: string; readonly report?: undefined; readonly unchecked: string; readonly exitCode: 2 };

/** What the command's work for one server gives: its report, and whether it passed (0) or failed (1). */
export interface ServerOutcome<R> {
  readonly report: R;
  readonly exitCode: 0 | 1;
}

/** A server the command could not do its work for, for a reason it states in full (no "cannot connect." before it). */
export class ServerNotChecked extends Error {
  override readonly name = 'ServerNotChecked';
}

export interface FleetRunOptions {
  readonly jobs: number;
  /** Progress lines; each is prefixed with the server's name, since several run at once. */
  readonly progress: (line: string) => void;
  /** What an unexpected error is called, before its message: "the check stopped", "the lock stopped"… */
  readonly stopped: string;
}

/** Runs `work` for every server, at most `jobs` at once; the results keep the config's order, whatever order they finish in. */
export async function runFleet<R>(servers: readonly ConfigServer[], options: FleetRunOptions, work: (target: Target, say: (line: string) => void) => Promise<ServerOutcome<R>>): Promise<FleetResult<R>[]> {
  const results: FleetResult<R>[] = [];
  await forEachLimited([...servers.entries()], options.jobs, async ([index, server]) => {
    results[index] = await runOne(server, options, work);
  });
  return results;
}

async function runOne<R>(server: ConfigServer, options: FleetRunOptions, work: (target: Target, say: (line: string) => void) => Promise<ServerOutcome<R>>): Promise<FleetResult<R>> {
  const { name } = server;
  if (!server.target) return { name, unchecked: server.error, exitCode: 2 };
  try {
    const outcome = await work(server.target, (line) => options.progress(`[${name}] ${line}`));
    return { name, report: outcome.report, exitCode: outcome.exitCode };
  } catch (error) {
    // One server's failure (it would not start, a reviewer that cannot run, a bug) is that server's result, not the fleet's end.
    const message = error instanceof Error ? error.message : String(error);
    const unchecked = error instanceof ConnectFailure ? `cannot connect. ${message}` : error instanceof ServerNotChecked ? message : `${options.stopped}: ${message}`;
    return { name, unchecked, exitCode: 2 };
  }
}

/** The fleet's exit code: the worst server's (0 passed, 1 failed, 2 could not be checked). */
export function fleetExitCode(results: readonly { readonly exitCode: 0 | 1 | 2 }[]): 0 | 1 | 2 {
  return results.reduce<0 | 1 | 2>((worst, r) => (r.exitCode > worst ? r.exitCode : worst), 0);
}

/** Servers worked on at once with --all unless --jobs says otherwise. */
export const DEFAULT_JOBS = 4;

/** The flags --all is checked against: those that name or shape one server have no place in a fleet run. */
export interface FleetFlags {
  all?: boolean | undefined;
  jobs?: string | undefined;
  config?: string | undefined;
  server?: string | undefined;
  stdio?: string | undefined;
  url?: string | undefined;
  label?: string | undefined;
  env?: string[] | undefined;
  cwd?: string | undefined;
  header?: string[] | undefined;
  'bearer-env'?: string | undefined;
  'header-env'?: string[] | undefined;
  source?: string | undefined;
}

const ONE_SERVER_FLAGS = ['server', 'stdio', 'url', 'label', 'env', 'cwd', 'header', 'bearer-env', 'header-env', 'source'] as const;

/** Is this a fleet run? `--jobs` alone is bad usage, so it counts: the caller then gets the error from fleetServers. */
export function wantsFleet(values: FleetFlags): boolean {
  return values.all === true || values.jobs !== undefined;
}

export type FleetVerb = 'check' | 'lock' | 'verify';
const DONE: Record<FleetVerb, string> = { check: 'checked', lock: 'locked', verify: 'verified' };
const DOES: Record<FleetVerb, string> = { check: 'checks', lock: 'locks', verify: 'verifies' };

/**
 * The servers of `--config FILE --all` and how many to work on at once, or a
 * usage error: no config, a flag that names one server, a bad --jobs, or a
 * config with no servers. `verb` says what is done to them ("check", "lock"…).
 */
export async function fleetServers(values: FleetFlags, verb: FleetVerb): Promise<{ servers: ConfigServer[]; jobs: number; config: string }> {
  if (!values.all) throw new UsageError(`--jobs goes with --all (servers ${DONE[verb]} at once).`);
  if (values.config === undefined) throw new UsageError(`--all ${DOES[verb]} every server of a host config: give --config <file>.`);
  const oneServer = ONE_SERVER_FLAGS.filter((flag) => values[flag] !== undefined);
  if (oneServer.length > 0) throw new UsageError(`--${oneServer[0]} names or shapes one server; --all ${DOES[verb]} each server of ${values.config} as its entry says.`);
  const jobs = values.jobs === undefined ? DEFAULT_JOBS : Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 64) throw new UsageError(`--jobs must be a whole number from 1 to 64, got "${values.jobs}".`);
  const servers = await configServers(values.config);
  if (servers.length === 0) throw new UsageError(`${values.config} has no servers to ${verb}.`);
  return { servers, jobs, config: values.config };
}

/** What a summary calls the three results, e.g. "passed", "failed", "could not be checked". */
export interface FleetWords {
  readonly passed: string;
  readonly failed: string;
  readonly unchecked: string;
}

/**
 * The text report of a fleet run: each server's block one after the other
 * (an unchecked one says why), a count of each result, and one line per
 * server (`line` says how a checked server did).
 */
export function fleetText<R>(results: readonly FleetResult<R>[], words: FleetWords, block: (report: R, name: string) => string, line: (report: R, exitCode: 0 | 1) => string): string {
  // A server's name is a key of the host config, and why it was not checked quotes what it wrote: shown, never run (terminal-text.ts).
  const blocks = results.map((r) => (r.exitCode === 2 ? `Server ${forTerminal(r.name)} — ${words.unchecked}: ${linesForTerminal(r.unchecked)}\n` : block(r.report, r.name)));
  const count = (code: number) => results.filter((r) => r.exitCode === code).length;
  const head = `${results.length} server(s): ${count(0)} ${words.passed}, ${count(1)} ${words.failed}, ${count(2)} ${words.unchecked}.`;
  const summary = results.map((r) => `  ${forTerminal(r.name)}: ${r.exitCode === 2 ? words.unchecked : line(r.report, r.exitCode)}`);
  return `${blocks.join('\n')}\n${head}\n${summary.join('\n')}\n`;
}
