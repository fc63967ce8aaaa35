// `skill-inspector watch [--source DIR] --stdio "<command>" | --url <url>`: the
// server developer's loop. Watches DIR — or, without --source, the working
// folder a stdio server is started in (--cwd, else this command's) — and after
// each burst of edits (skills/burst-watch.ts) runs the check again in a fresh
// session, so a stdio server is restarted (the last run's server runs until
// then) and an HTTP server is listed anew; with --source it compares with the
// folder as `check --source` does. Each run prints one block of what changed
// since the last one (shared/catalog-diff.ts, the diff the app's Watch shows).
// Ends on SIGINT or SIGTERM with the server's process stopped: no child
// outlives the command.
import { parseArgs } from 'node:util';
import { diffRuns, runState, type RunState } from '../../shared/catalog-diff.js';
import { watchBursts } from '../skills/burst-watch.js';
import { WatchTooLargeError } from '../skills/watch-bounds.js';
import { runCheck } from './check.js';
import { CHECK_CONCURRENCY, READING_LIMITS, limitOptions, limitSettings } from './limit-flags.js';
import { openSession, type CliSession, type SessionOptions } from './session.js';
import { loadSourceFlag, withSourceComparison } from './source-flag.js';
import { resolveCwd } from './stdio-flags.js';
import { progressTo, type Streams } from './streams.js';
import { TARGET_OPTIONS, UsageError, resolveTarget } from './target.js';
import { formatFailedRun, formatRunBlock } from './watch-diff.js';
import { wellFormedJson } from './well-formed-json.js';

const DEFAULT_DEBOUNCE_MS = 300;

export interface WatchControl {
  /** Resolves when the command should end; by default the first SIGINT or SIGTERM. */
  readonly stopped?: Promise<void>;
  /** Files and folders the watch may take on (skills/watch-bounds.ts MAX_WATCHED_ENTRIES by default). */
  readonly maxEntries?: number;
}

function signalled(): Promise<void> {
  return new Promise((resolve) => {
    const end = () => {
      process.off('SIGINT', end);
      process.off('SIGTERM', end);
      resolve();
    };
    process.on('SIGINT', end);
    process.on('SIGTERM', end);
  });
}

export async function watchCommand(args: string[], io: Streams, sessionOptions: SessionOptions = {}, control: WatchControl = {}): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      ...TARGET_OPTIONS,
      source: { type: 'string' },
      json: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      'debounce-ms': { type: 'string', default: String(DEFAULT_DEBOUNCE_MS) },
      ...limitOptions([...READING_LIMITS, 'concurrency']),
    },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`watch takes no positional arguments (got "${positionals[0]}"); name the server with --stdio, --url or --config.`);
  const debounceMs = Number(values['debounce-ms']);
  if (!Number.isInteger(debounceMs) || debounceMs < 0) throw new UsageError(`--debounce-ms must be a whole number of milliseconds, got "${values['debounce-ms']}".`);
  const settings = { readConcurrency: CHECK_CONCURRENCY, ...limitSettings(values) };
  const target = await resolveTarget(values);
  const sourceDir = values.source;
  const { transport } = target;
  if (sourceDir === undefined && transport.kind !== 'stdio') {
    throw new UsageError(`watch needs --source <folder> for ${target.label}: it is reached over ${transport.kind.toUpperCase()}, not started by this command, so there is no working folder to watch. Name the folder of skill folders it serves.`);
  }
  // Without --source: the folder the server is started in, where a server under development keeps its skills.
  const watchedAs = sourceDir ?? (transport.kind === 'stdio' ? transport.cwd : undefined) ?? process.cwd();
  const watched = sourceDir !== undefined ? await resolveCwd(sourceDir, '--source') : await resolveCwd(watchedAs, '--cwd');
  const progress = progressTo(io.err, values.quiet);
  const stopped = control.stopped ?? signalled();

  let stopping = false;
  let live: CliSession | undefined;
  let baseline: RunState | undefined;
  let runs = 0;

  const runOnce = async (changed: readonly string[]): Promise<void> => {
    const run = ++runs;
    try {
      // The server of the last run keeps running until a change: then it is stopped and started again.
      await live?.close();
      live = undefined;
      // Read again every run: the folder is what changed.
      const source = sourceDir !== undefined ? await loadSourceFlag(sourceDir, target.label, settings) : undefined;
      const session = await openSession(target, settings, sessionOptions);
      live = session;
      const checked = await runCheck(session, progress);
      const report = source ? withSourceComparison(checked, source, progress) : checked;
      if (stopping) return;
      const state = runState(report.skills, report.findings);
      const diff = diffRuns(baseline, state);
      baseline = state;
      if (values.json) io.out.write(`${wellFormedJson({ run, changed, skills: report.skills.length, findings: report.findings.length, ...diff })}\n`);
      else io.out.write(formatRunBlock({ run, changed, skillCount: report.skills.length, findings: report.findings, diff }));
    } catch (error) {
      if (stopping) return;
      const message = error instanceof Error ? error.message : String(error);
      if (values.json) io.out.write(`${wellFormedJson({ run, changed, error: message })}\n`);
      else io.out.write(formatFailedRun(run, changed, message));
    }
  };

  // Edits during a run wait for it and make one more run: never two sessions at once.
  const bursts = watchBursts(watched, {
    debounceMs,
    run: runOnce,
    onError: (error) => progress(`Watching ${watchedAs}: ${error instanceof Error ? error.message : String(error)}`),
    ...(control.maxEntries !== undefined ? { maxEntries: control.maxEntries } : {}),
  });
  try {
    await bursts.ready;
  } catch (error) {
    await bursts.close();
    if (!(error instanceof WatchTooLargeError)) throw error;
    const where = sourceDir !== undefined
      ? 'Name the folder of skill folders with --source.'
      : `It is the folder the server is started in (${transport.kind === 'stdio' && transport.cwd !== undefined ? '--cwd' : "this command's working folder, as no --cwd was given"}); name the folder of skill folders with --source, or start the server there with --cwd.`;
    throw new UsageError(`${error.message} ${where}`);
  }
  progress(sourceDir !== undefined ? `Watching ${sourceDir}; each change runs the check again. Ctrl+C ends.` : `Watching ${watchedAs}, the server's working folder; each change starts the server again and runs the check. Ctrl+C ends.`);
  bursts.runNow();

  await stopped;
  stopping = true;
  await bursts.close();
  // A run under way stops with its server: the connection ends and the process is stopped.
  await live?.connection.disconnect();
  await bursts.settled();
  await live?.close();
  progress('Stopped watching.');
  return 0;
}
