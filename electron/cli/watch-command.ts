// `skill-inspector watch --source DIR --stdio "<command>" | --url <url>`: the
// server developer's loop. Watches DIR (chokidar); after each burst of edits
// (debounced) it runs the check again — in a fresh session, so a stdio server
// is restarted (the last run's server runs until then) and an HTTP server is
// listed anew — compares with the folder as `check --source` does, and prints
// one block of what changed since the last run (watch-diff.ts). Ends on SIGINT or SIGTERM with the server's
// process stopped: no child outlives the command.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { watch } from 'chokidar';
import { runCheck } from './check.js';
import { CHECK_CONCURRENCY, READING_LIMITS, limitOptions, limitSettings } from './limit-flags.js';
import { openSession, type CliSession, type SessionOptions } from './session.js';
import { loadSourceFlag, withSourceComparison } from './source-flag.js';
import { resolveCwd } from './stdio-flags.js';
import { progressTo, type Streams } from './streams.js';
import { TARGET_OPTIONS, UsageError, resolveTarget } from './target.js';
import { diffRuns, formatFailedRun, formatRunBlock, runState, type RunState } from './watch-diff.js';

const DEFAULT_DEBOUNCE_MS = 300;
/** Folders no skill lives in, whose churn (a VCS, an install) should not restart anything. */
const IGNORED = /(^|[\\/])(\.git|node_modules)([\\/]|$)/;

export interface WatchControl {
  /** Resolves when the command should end; by default the first SIGINT or SIGTERM. */
  readonly stopped?: Promise<void>;
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
  if (values.source === undefined) throw new UsageError('watch needs --source <folder>: the folder of skill folders to watch and compare with.');
  const debounceMs = Number(values['debounce-ms']);
  if (!Number.isInteger(debounceMs) || debounceMs < 0) throw new UsageError(`--debounce-ms must be a whole number of milliseconds, got "${values['debounce-ms']}".`);
  const settings = { readConcurrency: CHECK_CONCURRENCY, ...limitSettings(values) };
  const target = await resolveTarget(values);
  const sourceDir = values.source;
  const watched = await resolveCwd(sourceDir, '--source');
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
      const source = await loadSourceFlag(sourceDir, target.label);
      const session = await openSession(target, settings, sessionOptions);
      live = session;
      const report = withSourceComparison(await runCheck(session, progress), source, progress);
      if (stopping) return;
      const state = runState(report.skills, report.findings);
      const diff = diffRuns(baseline, state);
      baseline = state;
      if (values.json) io.out.write(`${JSON.stringify({ run, changed, skills: report.skills.length, findings: report.findings.length, ...diff })}\n`);
      else io.out.write(formatRunBlock({ run, changed, skillCount: report.skills.length, findings: report.findings, diff }));
    } catch (error) {
      if (stopping) return;
      const message = error instanceof Error ? error.message : String(error);
      if (values.json) io.out.write(`${JSON.stringify({ run, changed, error: message })}\n`);
      else io.out.write(formatFailedRun(run, changed, message));
    }
  };

  // Edits during a run wait for it and make one more run: never two sessions at once.
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const kick = (): void => {
    timer = undefined;
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    const changed = [...pending].sort();
    pending.clear();
    running = runOnce(changed).finally(() => {
      running = undefined;
      if (again) {
        again = false;
        kick();
      }
    });
  };

  const watcher = watch(watched, { ignoreInitial: true, ignored: (p: string) => IGNORED.test(path.relative(watched, p)) });
  watcher.on('all', (_event, file) => {
    pending.add(path.relative(watched, file).split(path.sep).join('/') || '.');
    if (timer) clearTimeout(timer);
    timer = setTimeout(kick, debounceMs);
  });
  watcher.on('error', (error) => progress(`Watching ${sourceDir}: ${error instanceof Error ? error.message : String(error)}`));
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  progress(`Watching ${sourceDir}; each change runs the check again. Ctrl+C ends.`);
  kick();

  await stopped;
  stopping = true;
  if (timer) clearTimeout(timer);
  await watcher.close();
  // A run under way stops with its server: the connection ends and the process is stopped.
  await live?.connection.disconnect();
  await running;
  await live?.close();
  progress('Stopped watching.');
  return 0;
}
