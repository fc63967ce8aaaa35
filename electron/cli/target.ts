// How every command names a server: --stdio "<command and args>", --url <url>
// (with repeatable --header 'Name: value'), or --config <file> --server <name>;
// a stdio server also takes --env KEY=VALUE (repeatable) and --cwd DIR.
// Secrets come from the environment, never from argv (which every user of the
// machine can read in ps): --bearer-env NAME and --header-env 'Header: NAME'.
import { splitCommandLine } from '../../shared/command-line.js';
import type { TransportConfig } from '../../shared/model.js';
import { refusedHeaderName } from '../../shared/prototype-names.js';
import { shownUrl } from '../../shared/shown-url.js';
import { parseConfigText } from '../servers/config-import.js';
import { MAX_CONFIG_BYTES, notUtf8Text } from '../servers/config-locations.js';
import { FileTooLarge, NotARegularFile, readRegularFile } from '../storage/read-regular-file.js';
import { withStdioFlags } from './stdio-flags.js';
import { UsageError } from './usage-error.js';

export { UsageError };

export interface TargetArgs {
  stdio?: string | undefined;
  url?: string | undefined;
  header?: string[] | undefined;
  config?: string | undefined;
  server?: string | undefined;
  /** `KEY=VALUE` for a stdio server's environment (stdio-flags.ts). */
  env?: string[] | undefined;
  /** A stdio server's working directory. */
  cwd?: string | undefined;
  /** The environment variable holding the bearer token of a --url server. */
  'bearer-env'?: string | undefined;
  /** `Header: NAME`: the header's value is the environment variable NAME's (repeatable). */
  'header-env'?: string[] | undefined;
  /** Sign in with OAuth (cli-oauth.ts): the authorization page's address on stderr, the redirect to 127.0.0.1. */
  oauth?: boolean | undefined;
  'oauth-client-id'?: string | undefined;
  /** The environment variable holding the pre-registered client's secret. */
  'oauth-client-secret-env'?: string | undefined;
  /** Scopes to ask for (repeatable, or several in one, space-separated). */
  'oauth-scope'?: string[] | undefined;
  /** Keep the OAuth tokens for this run only (no keychain entry). */
  'oauth-memory'?: boolean | undefined;
}

export interface Target {
  readonly label: string;
  readonly transport: TransportConfig;
  /** With --oauth: keep the tokens for this run only (--oauth-memory). */
  readonly oauthMemory?: boolean;
}

/** The options that name a server, for `parseArgs`; every command that talks to one server takes them. */
export const TARGET_OPTIONS = {
  stdio: { type: 'string' },
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  config: { type: 'string' },
  server: { type: 'string' },
  label: { type: 'string' },
  env: { type: 'string', multiple: true },
  cwd: { type: 'string' },
  'bearer-env': { type: 'string' },
  'header-env': { type: 'string', multiple: true },
  oauth: { type: 'boolean' },
  'oauth-client-id': { type: 'string' },
  'oauth-client-secret-env': { type: 'string' },
  'oauth-scope': { type: 'string', multiple: true },
  'oauth-memory': { type: 'boolean' },
} as const;

export async function resolveTarget(args: TargetArgs & { label?: string | undefined }, env: NodeJS.ProcessEnv = process.env): Promise<Target> {
  const given = [args.stdio !== undefined, args.url !== undefined, args.config !== undefined].filter(Boolean).length;
  if (given !== 1) throw new UsageError('Name exactly one server: --stdio "<command and args>", --url <http url>, or --config <file> --server <name>.');
  if (args.header?.length && args.url === undefined) throw new UsageError('--header goes with --url (a stdio server takes no HTTP headers).');
  if (args.server !== undefined && args.config === undefined) throw new UsageError('--server names a server of a --config file; give --config <file> too.');
  if (args.label !== undefined && args.label.trim() === '') throw new UsageError('--label must not be empty.');
  if ((args['bearer-env'] !== undefined || args['header-env']?.length) && args.url === undefined) throw new UsageError('--bearer-env and --header-env go with --url (a stdio server takes --env).');
  const named = args.stdio !== undefined ? stdioTarget(args.stdio) : args.url !== undefined ? withSecretsFromEnv(urlTarget(args.url, args.header ?? []), args, env) : await configTarget(args.config!, args.server);
  const target = withOAuth(await withStdioFlags(named, args), args, env);
  return args.label !== undefined ? { ...target, label: args.label.trim() } : target;
}

/** --oauth and its companions: the transport signs in with OAuth; a client secret only from the environment. */
function withOAuth(target: Target, args: TargetArgs, env: NodeJS.ProcessEnv): Target {
  const companions = args['oauth-client-id'] !== undefined || args['oauth-client-secret-env'] !== undefined || Boolean(args['oauth-scope']?.length) || args['oauth-memory'] !== undefined;
  if (!args.oauth) {
    if (companions) throw new UsageError('--oauth-client-id, --oauth-client-secret-env, --oauth-scope and --oauth-memory go with --oauth.');
    return target;
  }
  if (target.transport.kind === 'stdio') throw new UsageError('--oauth goes with an HTTP server (--url, or a --config server with a url); a stdio server does not sign in.');
  if (args['oauth-client-secret-env'] !== undefined && args['oauth-client-id'] === undefined) throw new UsageError('--oauth-client-secret-env is the secret of a pre-registered client: give --oauth-client-id too.');
  const scopes = (args['oauth-scope'] ?? []).flatMap((s) => s.split(/\s+/)).filter(Boolean);
  for (const scope of scopes) if (!/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope)) throw new UsageError(`--oauth-scope: "${scope}" is not a scope (printable characters, no quotes or backslashes).`);
  const clientId = args['oauth-client-id']?.trim();
  if (clientId === '') throw new UsageError('--oauth-client-id must not be empty.');
  const clientSecret = args['oauth-client-secret-env'] !== undefined ? fromEnv(args['oauth-client-secret-env'].trim(), '--oauth-client-secret-env', env) : undefined;
  const auth = { type: 'oauth' as const, ...(clientId ? { clientId } : {}), ...(clientSecret ? { clientSecret } : {}), ...(scopes.length > 0 ? { scopes } : {}) };
  return { ...target, transport: { ...target.transport, auth }, ...(args['oauth-memory'] ? { oauthMemory: true } : {}) };
}

export function stdioTarget(line: string): Target {
  const split = splitCommandLine(line);
  if (!split.ok) throw new UsageError(`Unclosed ${split.unclosed} quote in --stdio "${line}".`);
  const [command, ...rest] = split.words;
  if (!command) throw new UsageError('--stdio needs a command.');
  return { label: stdioLabel(command, rest), transport: { kind: 'stdio', command, args: rest, env: {} } };
}

export function urlTarget(url: string, headerLines: readonly string[]): Target {
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) throw new UsageError(`--url must be an http:// or https:// URL, got "${shownUrl(url, '[secret]')}".`);
  return { label: new URL(url).host, transport: { kind: 'http', url, headers: parseHeaders(headerLines) } };
}

function fromEnv(name: string, flag: string, env: NodeJS.ProcessEnv): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new UsageError(`${flag} takes the name of an environment variable, got "${name}".`);
  const value = env[name];
  if (value === undefined || value === '') throw new UsageError(`${flag} ${name}: the environment variable ${name} is not set (or is empty).`);
  return value;
}

/** The bearer token and header values named by --bearer-env / --header-env, read from the environment. */
function withSecretsFromEnv(target: Target, args: TargetArgs, env: NodeJS.ProcessEnv): Target {
  if (target.transport.kind === 'stdio') return target;
  const headers = { ...target.transport.headers };
  for (const line of args['header-env'] ?? []) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new UsageError(`--header-env must look like 'Header: NAME', got "${line}".`);
    const name = line.slice(0, colon).trim();
    refuseHeaderName(name, `--header-env ${JSON.stringify(line)}`);
    headers[name] = fromEnv(line.slice(colon + 1).trim(), '--header-env', env);
  }
  const bearer = args['bearer-env'] !== undefined ? fromEnv(args['bearer-env'].trim(), '--bearer-env', env) : undefined;
  refuseTwoAuthorizations(target.transport.url, headers, args);
  return { ...target, transport: { ...target.transport, headers, ...(bearer !== undefined ? { bearerToken: bearer } : {}) } };
}

/**
 * A user name and password in --url go as Basic credentials (connections/url-credentials.ts), where an
 * Authorization set for a saved server wins; given on one command line beside another Authorization, one
 * of the two would be dropped, so the command asks which is meant. The URL is not repeated: it holds the password.
 */
function refuseTwoAuthorizations(url: string, headers: Readonly<Record<string, string>>, args: TargetArgs): void {
  const address = new URL(url);
  if (address.username === '' && address.password === '') return;
  const header = Object.keys(headers).find((name) => name.toLowerCase() === 'authorization');
  const fromEnv = args['header-env']?.some((line) => line.slice(0, line.indexOf(':')).trim() === header);
  const given = header !== undefined ? `${fromEnv ? '--header-env' : '--header'} ${header}` : args['bearer-env'] !== undefined ? '--bearer-env' : undefined;
  if (given === undefined) return;
  throw new UsageError(
    `--url has a user name and password, which the command sends as an Authorization: Basic header, and ${given} gives another Authorization; a request carries one: give the one you mean.`,
  );
}

function parseHeaders(lines: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const h of lines) {
    const colon = h.indexOf(':');
    if (colon <= 0) throw new UsageError(`--header must look like 'Name: value', got "${h}".`);
    const name = h.slice(0, colon).trim();
    // Named without its value: a header's value may be a credential.
    refuseHeaderName(name, `--header ${JSON.stringify(name)}`);
    headers[name] = h.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * "__proto__" is refused where it is given (shared/prototype-names.ts): assigned
 * to the headers it would set their prototype and vanish, and Node's fetch drops
 * it anyway, so the command would run without it and say nothing.
 */
function refuseHeaderName(name: string, given: string): void {
  const refused = refusedHeaderName(name);
  if (refused !== undefined) throw new UsageError(`${given}: ${refused}.`);
}

export async function configTarget(file: string, server: string | undefined): Promise<Target> {
  if (!server) throw new UsageError(`--config needs --server <name> to say which server of ${file} to use.`);
  const servers = await configServers(file);
  const entry = servers.find((c) => c.name === server);
  if (!entry) throw new UsageError(`${file} has no server "${server}"; it has: ${servers.map((c) => c.name).join(', ') || 'none'}.`);
  if (!entry.target) throw new UsageError(entry.error);
  return entry.target;
}

/** One server of a host config: its target, or why it cannot be used (a URL that is none, no command…). */
export type ConfigServer = { readonly name: string; readonly target: Target } | { readonly name: string; readonly target?: undefined; readonly error: string };

/** Every server of a host config, in the file's order (`--config FILE --all`); a usage error when the file cannot be read or parsed. */
export async function configServers(file: string): Promise<ConfigServer[]> {
  let bytes: Buffer;
  try {
    // Never blocks on a FIFO nor reads /dev/zero: the same safe reader as the app's config import.
    bytes = await readRegularFile(file, { maxBytes: MAX_CONFIG_BYTES });
  } catch (error) {
    const why = error instanceof NotARegularFile || error instanceof FileTooLarge ? error.reason : `${(error as NodeJS.ErrnoException).code ?? String(error)}.`;
    throw new UsageError(`Cannot read --config ${file}: ${why}`);
  }
  const notUtf8 = notUtf8Text(bytes);
  if (notUtf8 !== undefined) throw new UsageError(`Cannot read --config ${file}: ${notUtf8}`);
  const text = bytes.toString('utf8');
  let preview;
  try {
    preview = parseConfigText(text, file, []);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  return preview.candidates.map((c) =>
    c.transport ? { name: c.name, target: { label: c.name, transport: c.transport } } : { name: c.name, error: c.error ?? `Server "${c.name}" cannot be used.` },
  );
}

/** "node server.js --flag": the command and its arguments, with folders dropped so the label is the same on every machine. */
function stdioLabel(command: string, args: readonly string[]): string {
  const base = (word: string) => (/[\\/]/.test(word) ? (word.split(/[\\/]/).filter(Boolean).pop() ?? word) : word);
  const label = [command, ...args].map(base).join(' ');
  return label.length > 80 ? `${label.slice(0, 79)}…` : label;
}
