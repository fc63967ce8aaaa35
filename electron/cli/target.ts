// How every command names a server: --stdio "<command and args>", --url <url>
// (with repeatable --header 'Name: value'), or --config <file> --server <name>;
// a stdio server also takes --env KEY=VALUE (repeatable) and --cwd DIR.
import { splitCommandLine } from '../../shared/command-line.js';
import type { TransportConfig } from '../../shared/model.js';
import { parseConfigText } from '../servers/config-import.js';
import { MAX_CONFIG_BYTES } from '../servers/config-locations.js';
import { FileTooLarge, NotARegularFile, readRegularText } from '../storage/read-regular-file.js';
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
}

export interface Target {
  readonly label: string;
  readonly transport: TransportConfig;
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
} as const;

export async function resolveTarget(args: TargetArgs & { label?: string | undefined }): Promise<Target> {
  const given = [args.stdio !== undefined, args.url !== undefined, args.config !== undefined].filter(Boolean).length;
  if (given !== 1) throw new UsageError('Name exactly one server: --stdio "<command and args>", --url <http url>, or --config <file> --server <name>.');
  if (args.header?.length && args.url === undefined) throw new UsageError('--header goes with --url (a stdio server takes no HTTP headers).');
  if (args.server !== undefined && args.config === undefined) throw new UsageError('--server names a server of a --config file; give --config <file> too.');
  if (args.label !== undefined && args.label.trim() === '') throw new UsageError('--label must not be empty.');
  const named = args.stdio !== undefined ? stdioTarget(args.stdio) : args.url !== undefined ? urlTarget(args.url, args.header ?? []) : await configTarget(args.config!, args.server);
  const target = await withStdioFlags(named, args);
  return args.label !== undefined ? { ...target, label: args.label.trim() } : target;
}

export function stdioTarget(line: string): Target {
  const split = splitCommandLine(line);
  if (!split.ok) throw new UsageError(`Unclosed ${split.unclosed} quote in --stdio "${line}".`);
  const [command, ...rest] = split.words;
  if (!command) throw new UsageError('--stdio needs a command.');
  return { label: stdioLabel(command, rest), transport: { kind: 'stdio', command, args: rest, env: {} } };
}

export function urlTarget(url: string, headerLines: readonly string[]): Target {
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) throw new UsageError(`--url must be an http:// or https:// URL, got "${url}".`);
  return { label: new URL(url).host, transport: { kind: 'http', url, headers: parseHeaders(headerLines) } };
}

function parseHeaders(lines: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const h of lines) {
    const colon = h.indexOf(':');
    if (colon <= 0) throw new UsageError(`--header must look like 'Name: value', got "${h}".`);
    headers[h.slice(0, colon).trim()] = h.slice(colon + 1).trim();
  }
  return headers;
}

export async function configTarget(file: string, server: string | undefined): Promise<Target> {
  if (!server) throw new UsageError(`--config needs --server <name> to say which server of ${file} to use.`);
  let text: string;
  try {
    // Never blocks on a FIFO nor reads /dev/zero: the same safe reader as the app's config import.
    text = await readRegularText(file, { maxBytes: MAX_CONFIG_BYTES });
  } catch (error) {
    const why = error instanceof NotARegularFile || error instanceof FileTooLarge ? error.reason : `${(error as NodeJS.ErrnoException).code ?? String(error)}.`;
    throw new UsageError(`Cannot read --config ${file}: ${why}`);
  }
  let preview;
  try {
    preview = parseConfigText(text, file, []);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const candidate = preview.candidates.find((c) => c.name === server);
  if (!candidate) throw new UsageError(`${file} has no server "${server}"; it has: ${preview.candidates.map((c) => c.name).join(', ') || 'none'}.`);
  if (!candidate.transport) throw new UsageError(candidate.error ?? `Server "${server}" cannot be used.`);
  return { label: candidate.name, transport: candidate.transport };
}

/** "node server.js --flag": the command and its arguments, with folders dropped so the label is the same on every machine. */
function stdioLabel(command: string, args: readonly string[]): string {
  const base = (word: string) => (/[\\/]/.test(word) ? (word.split(/[\\/]/).filter(Boolean).pop() ?? word) : word);
  const label = [command, ...args].map(base).join(' ');
  return label.length > 80 ? `${label.slice(0, 79)}…` : label;
}
