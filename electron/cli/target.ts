// How every command names a server: --stdio "<command and args>", --url <url>
// (with repeatable --header 'Name: value'), or --config <file> --server <name>.
import { promises as fs } from 'node:fs';
import type { TransportConfig } from '../../shared/model.js';
import { parseConfigText } from '../servers/config-import.js';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface TargetArgs {
  stdio?: string | undefined;
  url?: string | undefined;
  header?: string[] | undefined;
  config?: string | undefined;
  server?: string | undefined;
}

/** Splits a command line the way a POSIX shell would for simple quoting (no expansion). */
export function splitCommandLine(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let quote: '"' | "'" | undefined;
  let started = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) current += line[++i];
      else current += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      started = true;
    } else if (c === '\\' && i + 1 < line.length) {
      current += line[++i];
      started = true;
    } else if (/\s/.test(c)) {
      if (started) out.push(current);
      current = '';
      started = false;
    } else {
      current += c;
      started = true;
    }
  }
  if (quote) throw new UsageError(`Unclosed ${quote} quote in --stdio "${line}".`);
  if (started) out.push(current);
  return out;
}

export interface Target {
  readonly label: string;
  readonly transport: TransportConfig;
}

export async function resolveTarget(args: TargetArgs): Promise<Target> {
  const given = [args.stdio !== undefined, args.url !== undefined, args.config !== undefined].filter(Boolean).length;
  if (given !== 1) throw new UsageError('Name exactly one server: --stdio "<command and args>", --url <http url>, or --config <file> --server <name>.');
  if (args.stdio !== undefined) {
    const [command, ...rest] = splitCommandLine(args.stdio);
    if (!command) throw new UsageError('--stdio needs a command.');
    return { label: command.split('/').pop() ?? command, transport: { kind: 'stdio', command, args: rest, env: {} } };
  }
  if (args.url !== undefined) {
    if (!/^https?:\/\//i.test(args.url) || !URL.canParse(args.url)) throw new UsageError(`--url must be an http:// or https:// URL, got "${args.url}".`);
    const headers: Record<string, string> = {};
    for (const h of args.header ?? []) {
      const colon = h.indexOf(':');
      if (colon <= 0) throw new UsageError(`--header must look like 'Name: value', got "${h}".`);
      headers[h.slice(0, colon).trim()] = h.slice(colon + 1).trim();
    }
    return { label: new URL(args.url).host, transport: { kind: 'http', url: args.url, headers } };
  }
  if (!args.server) throw new UsageError('--config needs --server <name> to say which server of the file to use.');
  let text: string;
  try {
    text = await fs.readFile(args.config!, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read --config ${args.config}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
  let preview;
  try {
    preview = parseConfigText(text, args.config!, []);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const candidate = preview.candidates.find((c) => c.name === args.server);
  if (!candidate) throw new UsageError(`${args.config} has no server "${args.server}"; it has: ${preview.candidates.map((c) => c.name).join(', ') || 'none'}.`);
  if (!candidate.transport) throw new UsageError(candidate.error ?? `Server "${args.server}" cannot be used.`);
  return { label: candidate.name, transport: candidate.transport };
}
