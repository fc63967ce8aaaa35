// Where an address's password and query stand, read by hand: the code shared
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
  return {
    scheme: scheme[0],
    rest,
    ...(colon >= 0 && colon + 1 < at ? { password: { start: colon + 1, end: at } } : {}),
    ...(queryStart >= 0 ? { query: { start: queryStart + 1, end: hash < 0 ? rest.length : hash } } : {}),
  };
}

/** The address with its userinfo's password, when it has one, shown as `[secret]` (what a message may repeat of an address a person gave). */
export function passwordHidden(url: string): string {
  const parts = urlParts(url);
  if (!parts?.password) return url;
  return `${parts.scheme}${parts.rest.slice(0, parts.password.start)}[secret]${parts.rest.slice(parts.password.end)}`;
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
