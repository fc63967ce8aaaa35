// Everything a stdio server starts ends with it. A launcher (`npx some-server`,
// `sh -c "node server.js"`, `uv run …`) is a process that starts the real server,
// which may start helpers of its own; stopping only the process the app
// started left the rest running after every disconnect, reconnect and quit.
//
// On Linux and macOS the server is started in a process group of its own
// (spawn's `detached`, which is setsid): every process it starts is in that
// group unless it leaves on purpose (a daemon that calls setsid itself), even
// after the server has exited and they were handed to init. Ending the server
// is then SIGTERM to the group, a short grace, and SIGKILL to the group.
//
// On Windows there are no process groups to signal (a Job Object would be the
// equivalent, and Node has no way to make one): a server still running when
// the app is done with it is ended with `taskkill /T /F`, which walks its
// children from its pid. Processes left by a server that already exited cannot
// be found that way and are not ended there.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import type { PassThrough } from 'node:stream';
import { getDefaultEnvironment, type StdioServerParameters } from '@modelcontextprotocol/client/stdio';

/** Whether stdio servers get a process group of their own (every platform but Windows). */
export const OWN_PROCESS_GROUP = process.platform !== 'win32';
/** How long a server has to exit after its input is closed, as the SDK's own close waits. */
export const INPUT_CLOSED_GRACE_MS = 2_000;
/** How long the processes have after SIGTERM before SIGKILL. */
export const SIGTERM_GRACE_MS = 2_000;
const POLL_MS = 50;

/** The SDK transport's own fields that its start() fills in (stdio.mjs, StdioClientTransport.start). */
export interface SdkStdioInternals {
  _process?: ChildProcess;
  _serverParams: StdioServerParameters;
  _stderrStream: PassThrough | null;
  _readBuffer: { append(chunk: Buffer): void };
  processReadBuffer(): void;
  close(): Promise<void>;
  onclose?: () => void;
  onerror?: (error: Error) => void;
}

/** Process groups started and not yet ended: signalled when this process ends without ending them. */
const liveGroups = new Set<number>();
let hooksInstalled = false;
/**
 * What ends a command-line run: Ctrl-C at the terminal, a kill, the terminal
 * closing. The terminal sends Ctrl-C to its foreground group, which a server
 * in a group of its own is no longer part of, so it is passed on here.
 */
const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * The SDK's StdioClientTransport.start(), with the process in a group of its
 * own: the SDK spawns with fixed options (no `detached`), so its start cannot
 * be asked for one. The rest is the SDK's as it is: same environment, pipes,
 * events and read buffer. POSIX only (cross-spawn, which the SDK spawns with,
 * changes nothing there; on Windows the SDK's own start is used).
 */
export function startInOwnGroup(transport: SdkStdioInternals): Promise<void> {
  const params = transport._serverParams;
  return new Promise((resolve, reject) => {
    const child = spawn(params.command, params.args ?? [], {
      env: { ...getDefaultEnvironment(), ...params.env },
      stdio: ['pipe', 'pipe', params.stderr ?? 'inherit'],
      shell: false,
      detached: true,
      cwd: params.cwd,
    });
    transport._process = child;
    child.on('error', (error) => {
      reject(error);
      transport.onerror?.(error);
    });
    child.on('spawn', () => {
      if (child.pid !== undefined) watchGroup(child.pid);
      resolve();
    });
    child.on('close', () => {
      transport._process = undefined;
      transport.onclose?.();
    });
    child.stdin?.on('error', (error) => transport.onerror?.(error));
    child.stdout?.on('data', (chunk: Buffer) => {
      try {
        transport._readBuffer.append(chunk);
        transport.processReadBuffer();
      } catch (error) {
        transport.onerror?.(error as Error);
        transport.close().catch(() => undefined);
      }
    });
    child.stdout?.on('error', (error) => transport.onerror?.(error));
    if (transport._stderrStream && child.stderr) child.stderr.pipe(transport._stderrStream);
  });
}

function watchGroup(pgid: number): void {
  liveGroups.add(pgid);
  if (hooksInstalled) return;
  hooksInstalled = true;
  // A quit that did not wait for the servers to be closed (process.exit after a fatal error) still stops them.
  process.once('exit', endLiveGroups);
  // Electron's main process quits on these signals itself, closing every server on the way (Inspector.close).
  if ((process as { type?: string }).type === 'browser') return;
  // First in line, so it counts a command's own listener before that one removes itself (watch's does).
  for (const signal of ENDING_SIGNALS) process.prependListener(signal, onEndingSignal);
}

function endLiveGroups(): void {
  for (const group of liveGroups) signalGroup(group, 'SIGTERM');
}

function onEndingSignal(signal: NodeJS.Signals): void {
  endLiveGroups();
  // A command that handles the signal (watch, the browser mode) closes its servers itself and ends as it chooses.
  if (process.listenerCount(signal) > 1) return;
  // Otherwise the process ends by the signal, as it did before this listener was there.
  for (const ending of ENDING_SIGNALS) process.off(ending, onEndingSignal);
  process.kill(process.pid, signal);
}

/** Signals every process in the group; false when none is left (or none may be signalled). */
function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    // ESRCH: the group is empty. EPERM: what is left is not ours to signal.
    return false;
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether the process has exited (its exit event came, or exitCode/signalCode are set). */
export const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Resolves when the process exits or after `ms`, whichever comes first. */
export function exitWithin(child: ChildProcess, ms: number): Promise<void> {
  if (hasExited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    child.once('exit', done);
    function done() {
      clearTimeout(timer);
      child.off('exit', done);
      resolve();
    }
  });
}

/**
 * Ends the server's process and every process it started: SIGTERM to the
 * group, then SIGKILL to what is left after the grace. Resolves once they are
 * gone (or, if some cannot be killed, after the SIGKILL is sent).
 */
export async function endProcessTree(child: ChildProcess, graceMs = SIGTERM_GRACE_MS): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  if (!OWN_PROCESS_GROUP) {
    if (!hasExited(child)) await taskkillTree(pid);
    return;
  }
  if (!liveGroups.has(pid)) return;
  if (signalGroup(pid, 'SIGTERM')) {
    for (let waited = 0; waited < graceMs && signalGroup(pid, 0); waited += POLL_MS) await pause(POLL_MS);
    // A zombie (an exited process whose parent has not yet collected it) still counts as in the group; SIGKILL is harmless to it.
    if (signalGroup(pid, 0)) signalGroup(pid, 'SIGKILL');
  }
  liveGroups.delete(pid);
  await exitWithin(child, graceMs);
}

/** Windows: the process and its children, by pid, forcefully (Node's kill() is TerminateProcess there anyway). */
function taskkillTree(pid: number): Promise<void> {
  return new Promise((resolve) => {
    execFile('taskkill', ['/PID', String(pid), '/T', '/F'], { windowsHide: true, timeout: SIGTERM_GRACE_MS }, () => resolve());
  });
}
