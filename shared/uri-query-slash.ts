// What canonicalUri (skill-uri.ts) sets aside but still names another
// resource than the file: a query and a "/" ending the path (RFC 3986
// §6.2.3). Kept apart from canonicalUri, which keys files and approvals, and
// compared beside it wherever two spellings must name one resource (the
// listing's rules, the reader, the lockfile).

/**
 * What canonicalUri sets aside that still names another resource: a query (kept when empty: "…?" is not
 * "…", RFC 3986 §6.2.3) and a "/" ending the path (a directory-like name, not the file). A fragment is
 * neither: it names part of the same resource. canonicalUri keys files, so it stays as it is; this is
 * compared beside it wherever two spellings must name one resource.
 */
export interface QueryAndSlash {
  /** The query after "?", or undefined when there is no "?" before any "#". */
  readonly query: string | undefined;
  readonly trailingSlash: boolean;
}

const NO_QUERY_OR_SLASH: QueryAndSlash = { query: undefined, trailingSlash: false };

export function queryAndSlashOf(uri: string): QueryAndSlash {
  // Almost every listed URI (asked about once per file of every listing): no split, no allocation.
  if (!uri.includes('?') && !uri.includes('#') && !uri.endsWith('/')) return NO_QUERY_OR_SLASH;
  const noFragment = uri.split('#', 1)[0]!;
  const at = noFragment.indexOf('?');
  const path = at < 0 ? noFragment : noFragment.slice(0, at);
  return { query: at < 0 ? undefined : noFragment.slice(at + 1), trailingSlash: path.endsWith('/') };
}

/** The part of a URI canonicalUri drops that names another resource, as one string ("", "/", "?v=2", "/?v=2"). */
export function queryAndSlashKey(uri: string): string {
  const { query, trailingSlash } = queryAndSlashOf(uri);
  return `${trailingSlash ? '/' : ''}${query === undefined ? '' : `?${query}`}`;
}

/** In words, for a finding: `a query ("?v=2")`, `a trailing "/"`, or both; undefined when the URI has neither. */
export function describeQueryAndSlash(uri: string): string | undefined {
  const { query, trailingSlash } = queryAndSlashOf(uri);
  const parts = [...(trailingSlash ? ['a trailing "/"'] : []), ...(query === undefined ? [] : [`a query ("?${query}")`])];
  return parts.length === 0 ? undefined : parts.join(' and ');
}

/** The URI without its query, fragment and any "/" ending its path: the file it was presumably meant to name. */
export function withoutQueryOrSlash(uri: string): string {
  const cut = uri.search(/[?#]/);
  return (cut < 0 ? uri : uri.slice(0, cut)).replace(/\/+$/, '');
}
