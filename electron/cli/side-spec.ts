// How `skill-inspector diff` names its two sides in one command line. Each
// side is one argument, so the two can never be confused:
//
//   stdio:<command and args>     a stdio server (quote the whole argument)
//   url:<http url>  or a bare http(s):// URL
//   config:<file>#<server>       a server from a config file the app imports
//   lock:<file>[#<label>]        a lockfile section (or a bare path to an existing file)
import { promises as fs } from 'node:fs';
import { UsageError, configTarget, stdioTarget, urlTarget, type Target } from './target.js';

export type Side =
  | { readonly kind: 'server'; readonly spec: string; readonly target: Target }
  | { readonly kind: 'lockfile'; readonly spec: string; readonly file: string; readonly label?: string };

export const SIDE_FORMS = 'stdio:"<command and args>", url:<http url>, config:<file>#<server>, or lock:<file>[#<label>]';

export async function parseSide(spec: string, headers: readonly string[]): Promise<Side> {
  const prefix = /^(stdio|url|config|lock):/i.exec(spec)?.[1]?.toLowerCase();
  const rest = prefix ? spec.slice(prefix.length + 1) : spec;
  switch (prefix) {
    case 'stdio':
      if (headers.length > 0) throw new UsageError(`--header applies to a url: side, not to ${spec}.`);
      return { kind: 'server', spec, target: stdioTarget(rest) };
    case 'url':
      return { kind: 'server', spec, target: urlTarget(rest, headers) };
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
  if (/^https?:\/\//i.test(spec)) return { kind: 'server', spec, target: urlTarget(spec, headers) };
  const stat = await fs.stat(spec).catch(() => undefined);
  if (stat?.isFile()) {
    if (headers.length > 0) throw new UsageError(`--header applies to a url: side, not to the lockfile ${spec}.`);
    return { kind: 'lockfile', spec, file: spec };
  }
  throw new UsageError(`Cannot tell what "${spec}" is. Name each side as ${SIDE_FORMS}.`);
}

/** `file#name`: the last `#` separates, since file names rarely hold one and server names never need to. */
function splitFragment(text: string): { file: string; fragment?: string } {
  const cut = text.lastIndexOf('#');
  if (cut < 0) return { file: text };
  return { file: text.slice(0, cut), fragment: text.slice(cut + 1) };
}
