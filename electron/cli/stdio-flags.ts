// `--env KEY=VALUE` (repeatable) and `--cwd DIR`: the environment and working
// directory a stdio server is started with. A stdio server gets the SDK's
// default set of variables (PATH, HOME, USER… on POSIX; see
// getDefaultEnvironment), then a --config entry's `env`, then every --env, the
// later winning — never the rest of this process's environment.
//
// Values are often secrets (tokens, passwords): no message ever quotes one.
// Errors and progress name variables only.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { TransportConfig } from '../../shared/model.js';
import type { Target } from './target.js';
import { UsageError } from './usage-error.js';

/** A portable variable name: what every shell and platform accepts. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `KEY=VALUE` lines as a map, in order (a repeated KEY: the last wins). `flag` is how errors name the option. */
export function parseEnv(lines: readonly string[], flag = '--env'): Map<string, string> {
  const env = new Map<string, string>();
  for (const line of lines) {
    const eq = line.indexOf('=');
    // Without "=" the whole argument may be the value (`--env "$TOKEN"`): never quote it.
    if (eq < 0) throw new UsageError(`${flag} must look like KEY=VALUE; one of them (${line.length} character(s)) has no "=". The value is not shown, as it may be a secret.`);
    const key = line.slice(0, eq);
    if (!NAME.test(key)) throw new UsageError(`${flag} ${JSON.stringify(key)}=…: a variable name is letters, digits and "_", not starting with a digit.`);
    env.set(key, line.slice(eq + 1));
  }
  return env;
}

/** The folder for --cwd, made absolute; a usage error when it is not an existing directory. */
export async function resolveCwd(dir: string, flag = '--cwd'): Promise<string> {
  const absolute = path.resolve(dir);
  const stat = await fs.stat(absolute).catch((error: NodeJS.ErrnoException) => error);
  if (stat instanceof Error) throw new UsageError(`${flag} ${dir}: no such directory (${stat.code ?? stat.message}).`);
  if (!stat.isDirectory()) throw new UsageError(`${flag} ${dir} is not a directory.`);
  return absolute;
}

export interface StdioFlags {
  readonly env?: readonly string[] | undefined;
  readonly cwd?: string | undefined;
}

/**
 * The target with --env and --cwd applied. Only a server the command starts
 * takes them: `what` says which flags named it, for the error on an HTTP one.
 */
export async function withStdioFlags(target: Target, flags: StdioFlags, names = { env: '--env', cwd: '--cwd' }): Promise<Target> {
  const given = (flags.env?.length ?? 0) > 0 || flags.cwd !== undefined;
  if (!given) return target;
  const { transport } = target;
  if (transport.kind !== 'stdio') {
    throw new UsageError(`${flags.cwd !== undefined && !flags.env?.length ? names.cwd : names.env} goes with a stdio server (--stdio, or a --config server with a "command"); ${target.label} is reached over ${transport.kind.toUpperCase()}.`);
  }
  const env = parseEnv(flags.env ?? [], names.env);
  const cwd = flags.cwd !== undefined ? await resolveCwd(flags.cwd, names.cwd) : transport.cwd;
  const merged: TransportConfig = { ...transport, env: { ...transport.env, ...Object.fromEntries(env) }, ...(cwd !== undefined ? { cwd } : {}) };
  return { ...target, transport: merged };
}

/** "with API_TOKEN, REGION set; in /srv/skills": what a stdio server is started with, by name only. */
export function describeStart(transport: TransportConfig): string {
  if (transport.kind !== 'stdio') return '';
  const names = Object.keys(transport.env);
  const parts = [names.length > 0 ? `with ${names.join(', ')} set` : '', transport.cwd ? `in ${transport.cwd}` : ''].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}
