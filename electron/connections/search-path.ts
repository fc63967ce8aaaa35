// The PATH a stdio server's command is looked up on. A desktop app started
// from the dock or a launcher inherits a minimal PATH (launchd's
// /usr/bin:/bin:/usr/sbin:/sbin), not the one the user's shell rc builds, so a
// server configured as `npx …`, `uvx …` or `docker …` would be "not found"
// although it runs from a terminal. The login shell is asked once for its PATH,
// which is searched first; the app's own folders stay behind it.
import os from 'node:os';
import path from 'node:path';

export interface SearchPath {
  readonly value: string;
  /** Where the PATH came from, in the user's words, for the not-found diagnostic. */
  readonly from: string;
}

export const OWN_ENVIRONMENT = "this program's own environment";

/** How long the login shell may take: a broken shell rc must not hold servers back. */
export const LOGIN_SHELL_TIMEOUT_MS = 3_000;

/** The shell's folders first, then the app's own it lacks; each once, empty entries dropped. */
export function mergePaths(shellPath: string, ownPath: string, delimiter: string = path.delimiter): string {
  const seen = new Set<string>();
  const merged: string[] = [];
  for (const folder of [...shellPath.split(delimiter), ...ownPath.split(delimiter)]) {
    if (!folder || seen.has(folder)) continue;
    seen.add(folder);
    merged.push(folder);
  }
  return merged.join(delimiter);
}

export function ownSearchPath(env: NodeJS.ProcessEnv = process.env): SearchPath {
  return { value: env['PATH'] ?? '', from: OWN_ENVIRONMENT };
}

export interface LoginShellOptions {
  /** The shell to ask; the user's login shell (shell-env's default) unless given. */
  readonly shell?: string;
  readonly timeoutMs?: number;
  readonly platform?: NodeJS.Platform;
  /** The app's own environment. */
  readonly env?: NodeJS.ProcessEnv;
  /** Runs `$shell -ilc env` and parses it (shell-env); injectable for tests. */
  readonly readShellEnv?: (shell?: string) => Promise<Record<string, string | undefined>>;
  /** Why the login shell's PATH is not used, said once. */
  readonly warn?: (message: string) => void;
}

function userShell(env: NodeJS.ProcessEnv): string {
  try {
    const { shell } = os.userInfo();
    if (shell) return shell;
  } catch {
    // No passwd entry (a container's random uid): fall back to $SHELL.
  }
  return env['SHELL'] ?? 'the login shell';
}

/** Asks the login shell for its PATH and merges it over the app's own; never rejects. */
export async function resolveLoginShellPath(options: LoginShellOptions = {}): Promise<SearchPath> {
  const env = options.env ?? process.env;
  const own = ownSearchPath(env);
  // Windows apps get the user's PATH from the registry, launcher or not.
  if ((options.platform ?? process.platform) === 'win32') return own;
  const shell = options.shell ?? userShell(env);
  const timeoutMs = options.timeoutMs ?? LOGIN_SHELL_TIMEOUT_MS;
  // Loaded here, not at the top: every start of the command and of a bench or test process that makes a
  // Connection would otherwise load shell-env (about 25 ms) for a PATH only the desktop app asks for.
  const read = options.readShellEnv ?? (async (s?: string) => (await import('shell-env')).shellEnv(s));
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`it did not answer within ${Math.round(timeoutMs / 100) / 10} s`)), timeoutMs);
    timer.unref();
  });
  try {
    const shellVars = await Promise.race([read(options.shell), timedOut]);
    const shellPath = shellVars['PATH'];
    if (!shellPath) throw new Error('it printed no PATH');
    return { value: mergePaths(shellPath, own.value), from: `the login shell (${shell}), then ${OWN_ENVIRONMENT}` };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    (options.warn ?? ((m: string) => console.warn(m)))(`The login shell ${shell} gave no PATH (${why}): stdio servers are looked up on the PATH of ${OWN_ENVIRONMENT}.`);
    return own;
  } finally {
    clearTimeout(timer);
  }
}

/** Resolved on the first call and kept: one shell start per app run. */
export function loginShellSearchPath(options: LoginShellOptions = {}): () => Promise<SearchPath> {
  let resolved: Promise<SearchPath> | undefined;
  return () => (resolved ??= resolveLoginShellPath(options));
}

/** The searched PATH said briefly: the first folders and how many more. */
export function describeSearchPath(searchPath: SearchPath, delimiter: string = path.delimiter, shown = 6): string {
  const folders = searchPath.value.split(delimiter).filter(Boolean);
  if (folders.length === 0) return `an empty PATH (from ${searchPath.from})`;
  const listed = folders.slice(0, shown).join(delimiter);
  const more = folders.length > shown ? ` and ${folders.length - shown} more` : '';
  return `the PATH ${listed}${more} (from ${searchPath.from})`;
}
