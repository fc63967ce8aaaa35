// The URIs a SARIF log locates results at. SARIF 2.1.0 (§3.10.2) wants a
// valid URI reference (RFC 3986) in every artifactLocation.uri, and a skill's
// URI is what its server wrote: a space, `%zz`, a backslash, a quote, a
// non-ASCII letter or a control character in it made the log one that code
// scanning may refuse or read as another file (`#` and `?` start a fragment or
// a query). Such characters are percent-encoded (UTF-8); a URI that is valid
// already comes out the same.
import path from 'node:path';

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const SUB_DELIMS = /[!$&'()*+,;=]/;
const HEX2 = /^[0-9A-Fa-f]{2}$/;

/** `text` with every character not in `allowed` (besides unreserved, sub-delims and valid %XX) percent-encoded. */
function encodePart(text: string, allowed: string): string {
  let out = '';
  // A lone surrogate has no UTF-8 form: Buffer.from writes it as U+FFFD (%EF%BF%BD).
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (UNRESERVED.test(c) || SUB_DELIMS.test(c) || allowed.includes(c)) out += c;
    else if (c === '%' && HEX2.test(`${chars[i + 1] ?? ''}${chars[i + 2] ?? ''}`)) out += c;
    else out += [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

/** A path as a relative reference: `:` in its first segment is encoded too, or `a:b/c` would read as scheme `a`. */
function relativePath(text: string): string {
  const slash = text.indexOf('/');
  const first = slash < 0 ? text : text.slice(0, slash);
  const rest = slash < 0 ? '' : text.slice(slash);
  return encodePart(first, '@') + encodePart(rest, ':@/');
}

/** userinfo@host:port: a `:` in the host is encoded unless a port (digits only) follows it; an IP literal (`[::1]`) is kept, any other `[` encoded. */
function encodeAuthority(authority: string): string {
  const at = authority.lastIndexOf('@');
  const userinfo = at < 0 ? '' : `${encodePart(authority.slice(0, at), ':')}@`;
  const hostPort = authority.slice(at + 1);
  const literal = /^\[(?:[0-9A-Fa-f:.]+|v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+)\]/i.exec(hostPort)?.[0] ?? '';
  const [, host = '', port = ''] = /^(.*?)((?::\d*)?)$/s.exec(hostPort.slice(literal.length))!;
  return `${userinfo}${literal}${encodePart(host, '')}${port}`;
}

/** A skill or file URI as a valid URI reference: each part (authority, path, query, fragment) encoded by its own rules. */
export function uriReference(uri: string): string {
  const m = /^(?:([A-Za-z][A-Za-z0-9+.-]*):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s.exec(uri)!;
  const [, scheme, authority, pathPart = '', query, fragment] = m;
  let out = scheme !== undefined ? `${scheme}:` : '';
  if (authority !== undefined) out += `//${encodeAuthority(authority)}`;
  out += scheme === undefined && authority === undefined ? relativePath(pathPart) : encodePart(pathPart, ':@/');
  if (query !== undefined) out += `?${encodePart(query, ':@/?')}`;
  if (fragment !== undefined) out += `#${encodePart(fragment, ':@/?')}`;
  return out;
}

/**
 * `skill://acme/x/SKILL.md` under root `skills` is `skills/acme/x/SKILL.md`; a server-level finding points at the
 * root itself. Everything after the scheme is a path in the repository: `?` and `#` are part of a file's name
 * there, and dot segments are resolved inside it, so no location climbs out of the root.
 */
export function repositoryPath(root: string, uri: string | undefined): string {
  const base = path.posix.normalize(root.replaceAll('\\', '/')).replace(/^\.\/?$/, '').replace(/\/+$/, '');
  if (!uri) return base === '' ? '.' : relativePath(base);
  const rest = path.posix.normalize(`/${uri.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')}`).replace(/^\/+/, '');
  return relativePath(base === '' ? rest : `${base}/${rest}`);
}
