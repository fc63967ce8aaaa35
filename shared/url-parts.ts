// Where an address's password, path and query stand, read by hand: the code shared
// with the window has no URL class, and a setting's value is kept as written
// (still percent-encoded), so both the rule that says whether an address
// holds a secret (secret-values.ts) and the split that takes it out
// (secret-args.ts) read the same places the same way.

/** `scheme://` and what follows it; the password and the query as [start, end) offsets into `rest`. */
export interface UrlParts {
  readonly scheme: string;
  readonly rest: string;
  /** The userinfo's password (after its first ':', before the last '@' of the authority); absent when there is none. */
  readonly password?: { readonly start: number; readonly end: number };
  /** The path: from the '/' that ends the authority up to '?', '#' or the end; absent when the address has none. */
  readonly path?: { readonly start: number; readonly end: number };
  /** What follows '?' up to '#' or the end; absent when there is no '?'. */
  readonly query?: { readonly start: number; readonly end: number };
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** The parts of an address with a `scheme://`; undefined for any other text. */
export function urlParts(url: string): UrlParts | undefined {
  const scheme = SCHEME.exec(url);
  if (!scheme) return undefined;
  const rest = url.slice(scheme[0].length);
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd < 0 ? rest : rest.slice(0, authorityEnd);
  const at = authority.lastIndexOf('@');
  const colon = at >= 0 ? authority.slice(0, at).indexOf(':') : -1;
  const queryStart = rest.indexOf('?');
  const hash = queryStart < 0 ? -1 : rest.indexOf('#', queryStart);
  const pathLength = authorityEnd >= 0 && rest[authorityEnd] === '/' ? rest.slice(authorityEnd).search(/[?#]/) : -1;
  const pathEnd = pathLength < 0 ? rest.length : authorityEnd + pathLength;
  return {
    scheme: scheme[0],
    rest,
    ...(colon >= 0 && colon + 1 < at ? { password: { start: colon + 1, end: at } } : {}),
    ...(authorityEnd >= 0 && rest[authorityEnd] === '/' ? { path: { start: authorityEnd, end: pathEnd } } : {}),
    ...(queryStart >= 0 ? { query: { start: queryStart + 1, end: hash < 0 ? rest.length : hash } } : {}),
  };
}

/** Text percent-decoded; as written where it does not decode (a lone '%'), as a browser sends it. */
export function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A query parameter's name, percent-decoded where it decodes ('+' read as a space). */
export function queryParamName(name: string): string {
  return percentDecoded(name.replace(/\+/g, ' '));
}
