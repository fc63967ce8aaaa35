// How `skill-inspector diff` names its two sides in one command line. Each
// side is one argument, so the two can never be confused:
//
//   stdio:<command and args>     a stdio server (quote the whole argument)
//   url:<http url>  or a bare http(s):// URL
//   config:<file>#<server>       a server from a config file the app imports
//   lock:<file>[#<label>]        a lockfile section (or a bare path to an existing file)
//
// or with the flags every other command names a server by, in the order
// given: --stdio "<command>", --url <url> [--header H]..., --config <file>
// --server <name>, and --lock <file>[#<label>]. `diff --stdio "node a.js"
// --url https://b/mcp` is A = the stdio server, B = the URL. A stdio side
// takes --env KEY=VALUE and --cwd DIR right after its --stdio (or --config …
// --server), or --a-env / --a-cwd and --b-env / --b-cwd for a positional side.
import { promises as fs } from 'node:fs';
import { withStdioFlags, type StdioFlags } from './stdio-flags.js';
import { shownUrl } from '../../shared/shown-url.js';
import { UsageError, configTarget, stdioTarget, urlTarget, type Target } from './target.js';

export type Side =
  | { readonly kind: 'server'; readonly spec: string; readonly target: Target }
  | { readonly kind: 'lockfile'; readonly spec: string; readonly file: string; readonly label?: string };

export const SIDE_FORMS = 'stdio:"<command and args>", url:<http url>, config:<file>#<server>, or lock:<file>[#<label>] (or --stdio, --url, --config with --server, --lock)';

export async function parseSide(spec: string, headers: readonly string[]): Promise<Side> {
  const prefix = /^(stdio|url|config|lock):/i.exec(spec)?.[1]?.toLowerCase();
  const rest = prefix ? spec.slice(prefix.length + 1) : spec;
  switch (prefix) {
    case 'stdio':
      if (headers.length > 0) throw new UsageError(`--header applies to a url: side, not to ${spec}.`);
      return { kind: 'server', spec, target: stdioTarget(rest) };
    case 'url':
      return { kind: 'server', spec: `url:${shownUrl(rest, '[secret]')}`, target: urlTarget(rest, headers) };
    case 'config': {
      const { file, fragment } = splitFragment(rest);
      if (!file || !fragment) throw new UsageError(`"${spec}" must look like config:<file>#<server name>.`);
      if (headers.length > 0) throw new UsageError(`--header applies to a url: side; a config: server takes its headers from ${file}.`);
      return { kind: 'server', spec, target: await configTarget(file, fragment) };
    }
    case 'lock': {
      const { file, fragment } = splitFragment(rest);
      if (!file) throw new UsageError(`"${spec}" must look like lock:<file> or lock:<file>#<label>.`);
      if (headers.length > 0) throw new UsageError(`--header applies to a url: side, not to the lockfile ${file}.`);
      return { kind: 'lockfile', spec, file, ...(fragment ? { label: fragment } : {}) };
    }
    default:
      break;
  }
  if (/^https?:\/\//i.test(spec)) return { kind: 'server', spec: shownUrl(spec, '[secret]'), target: urlTarget(spec, headers) };
  const stat = await fs.stat(spec).catch(() => undefined);
  if (stat?.isFile()) {
    if (headers.length > 0) throw new UsageError(`--header applies to a url: side, not to the lockfile ${spec}.`);
    return { kind: 'lockfile', spec, file: spec };
  }
  throw new UsageError(`Cannot tell what "${shownUrl(spec, '[secret]')}" is. Name each side as ${SIDE_FORMS}.`);
}

/** One token of `parseArgs({ tokens: true })`, the parts this file reads. */
export type ArgToken =
  | { readonly kind: 'option'; readonly name: string; readonly value?: string | undefined }
  | { readonly kind: 'positional'; readonly value: string }
  | { readonly kind: 'option-terminator' };

/** --env and --cwd given for one side, as they were given. */
interface ProcessFlags {
  env: string[];
  cwd?: string;
}

type Pending =
  | { kind: 'spec'; value: string; headers: readonly string[] }
  | ({ kind: 'stdio'; value: string } & ProcessFlags)
  | { kind: 'url'; value: string; headers: string[] }
  | ({ kind: 'config'; file: string; server?: string } & ProcessFlags)
  | { kind: 'lock'; value: string };

/** --a-env / --a-cwd, --b-env / --b-cwd: the process flags of positional side A and B. */
export interface PositionalProcessFlags {
  readonly a: StdioFlags;
  readonly b: StdioFlags;
}

/**
 * The sides of a diff, in command-line order, from positional sides (with
 * --a-header / --b-header for the first and second) and from server flags
 * (--header after its --url, --server after its --config).
 */
export async function parseSides(
  tokens: readonly ArgToken[],
  aHeaders: readonly string[],
  bHeaders: readonly string[],
  positional: PositionalProcessFlags = { a: {}, b: {} },
): Promise<readonly [Side, Side]> {
  const pending: Pending[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') {
      pending.push({ kind: 'spec', value: token.value, headers: pending.length === 0 ? aHeaders : bHeaders });
      continue;
    }
    if (token.kind !== 'option' || token.value === undefined) continue;
    const last = pending.at(-1);
    switch (token.name) {
      case 'stdio':
        pending.push({ kind: 'stdio', value: token.value, env: [] });
        break;
      case 'url':
        pending.push({ kind: 'url', value: token.value, headers: [] });
        break;
      case 'header':
        if (last?.kind !== 'url') throw new UsageError('--header goes right after the --url it is for (a stdio server or a lockfile takes no HTTP headers).');
        last.headers.push(token.value);
        break;
      case 'config':
        pending.push({ kind: 'config', file: token.value, env: [] });
        break;
      case 'env':
      case 'cwd':
        if (last?.kind !== 'stdio' && last?.kind !== 'config') {
          throw new UsageError(`--${token.name} goes right after the --stdio (or --config … --server) it is for; for a positional side use --a-${token.name} or --b-${token.name}.`);
        }
        if (token.name === 'env') last.env.push(token.value);
        else if (last.cwd !== undefined) throw new UsageError('--cwd is given twice for one side.');
        else last.cwd = token.value;
        break;
      case 'server':
        if (last?.kind !== 'config' || last.server !== undefined) throw new UsageError('--server goes right after the --config <file> whose server it names.');
        last.server = token.value;
        break;
      case 'lock':
        pending.push({ kind: 'lock', value: token.value });
        break;
      default:
        break;
    }
  }
  // Counted before any is resolved: a wrong count is the clearer error.
  if (pending.length !== 2) throw new UsageError(`diff compares two sides; got ${pending.length}. Name each as ${SIDE_FORMS}.`);
  for (const [i, headers] of [aHeaders, bHeaders].entries()) {
    if (headers.length > 0 && pending[i]?.kind !== 'spec') throw new UsageError(`--${i === 0 ? 'a' : 'b'}-header goes with a positional url: side ${i === 0 ? 'A' : 'B'}; after --url, use --header.`);
  }
  for (const [i, flags] of [positional.a, positional.b].entries()) {
    const letter = i === 0 ? 'a' : 'b';
    const flag = flags.env?.length ? `--${letter}-env` : flags.cwd !== undefined ? `--${letter}-cwd` : undefined;
    if (flag && pending[i]?.kind !== 'spec') throw new UsageError(`${flag} goes with a positional stdio: or config: side ${letter.toUpperCase()}; after --stdio, use --env and --cwd.`);
  }
  const sides: Side[] = [];
  for (const [i, side] of pending.entries()) {
    switch (side.kind) {
      case 'spec': {
        const letter = i === 0 ? 'a' : 'b';
        const parsed = await parseSide(side.value, side.headers);
        const flags = i === 0 ? positional.a : positional.b;
        if (parsed.kind === 'lockfile') {
          if (flags.env?.length || flags.cwd !== undefined) throw new UsageError(`--${letter}-env and --${letter}-cwd go with a stdio: or config: side, not with the lockfile ${parsed.file}.`);
          sides.push(parsed);
        } else sides.push({ ...parsed, target: await withStdioFlags(parsed.target, flags, { env: `--${letter}-env`, cwd: `--${letter}-cwd` }) });
        break;
      }
      case 'stdio':
        sides.push({ kind: 'server', spec: `--stdio ${side.value}`, target: await withStdioFlags(stdioTarget(side.value), side) });
        break;
      case 'url':
        sides.push({ kind: 'server', spec: `--url ${shownUrl(side.value, '[secret]')}`, target: urlTarget(side.value, side.headers) });
        break;
      case 'config':
        sides.push({ kind: 'server', spec: `--config ${side.file} --server ${side.server ?? ''}`.trim(), target: await withStdioFlags(await configTarget(side.file, side.server), side) });
        break;
      case 'lock': {
        const { file, fragment } = splitFragment(side.value);
        if (!file) throw new UsageError(`--lock needs a file, got "${side.value}".`);
        sides.push({ kind: 'lockfile', spec: `--lock ${side.value}`, file, ...(fragment ? { label: fragment } : {}) });
        break;
      }
    }
  }
  return sides as [Side, Side];
}

/** `file#name`: the last `#` separates, since file names rarely hold one and server names never need to. */
function splitFragment(text: string): { file: string; fragment?: string } {
  const cut = text.lastIndexOf('#');
  if (cut < 0) return { file: text };
  return { file: text.slice(0, cut), fragment: text.slice(cut + 1) };
}
