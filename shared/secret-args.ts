// Secrets on a command line or in an address: `npx some-mcp --api-key sk-live-…`,
// `--password=…`, `https://user:pass@host/mcp`, `https://host/mcp?api_key=…`,
// `https://host/mcp/sk-live-…`.
// They were kept in clear in servers.json. splitSecrets (shared/secret-fields.ts)
// takes them out with these, by the same name and look rules as env and headers,
// and leaves a reference in their place: `⟦secret:arg:3⟧`. The brackets are
// mathematical ones (U+27E6, U+27E7) no command line or URL uses, and the
// reference is only ever filled from the server's own stored secrets, so it
// cannot be taken for a real argument, and a real one never becomes a secret's
// value by accident.
import { looksLikeSecretValue, saysYesOrNo } from './secret-values.js';
import { percentDecoded, queryParamName, urlParts } from './url-parts.js';

const OPEN = '\u27e6';
const CLOSE = '\u27e7';
const REFERENCE = /\u27e6secret:((?:arg|url):[^\u27e6\u27e7]*)\u27e7/g;

/** What servers.json keeps in place of a secret argument or URL part. */
export function secretReference(field: string): string {
  return `${OPEN}secret:${field}${CLOSE}`;
}

/** The secret fields a text refers to, in order. */
function referencesIn(text: string): string[] {
  return [...text.matchAll(REFERENCE)].map((m) => m[1]!);
}

/** Whether a word is, or holds, a reference: it is stored already and never taken for a secret again. */
function holdsReference(text: string): boolean {
  return text.includes(`${OPEN}secret:`);
}

/** A flag's name without its dashes, when the word is a flag (`--api-key`, `-token`); `-p` and other one-letter flags say too little. */
function flagName(word: string): string | undefined {
  const m = /^--?([A-Za-z][A-Za-z0-9_.-]+)$/.exec(word);
  return m?.[1];
}

/**
 * Whether a flag named like a secret is given something else than the secret:
 * a place (`--api-key-file ./key.txt`, `--password-path`, `--tokenFile`; the
 * file holds the secret, its path does not), or nothing at all (`--no-auth-token`
 * is a switch, so the word after it is the next argument, not its value).
 */
function takesNoSecret(flag: string): boolean {
  if (/^no[-_]/i.test(flag)) return true;
  // The last part of the name (not "profile", whose end only spells it): api-key-file, tokenFile, passfile.
  return /(?:^|[-_.])(?:file|path|dir)$/i.test(flag) || /[a-z0-9](?:File|Path|Dir)$/.test(flag) || /(?:token|key|secret|pass(?:word)?|credentials?)(?:file|path|dir)$/i.test(flag);
}

/** Whether the value given to `flag` is kept as a secret by the flag's name. */
function secretByFlag(flag: string | undefined, value: string, isSecretName: (name: string) => boolean): boolean {
  return flag !== undefined && isSecretName(flag) && !takesNoSecret(flag) && !saysYesOrNo(value);
}

/**
 * Takes the secret arguments out: the value after a flag named like a secret
 * (`--token X`, `--api-key X`), the value part of `--flag=VALUE` with such a
 * flag, and any argument a secret by its look (shared/secret-values.ts); not a
 * yes/no value, a path-valued flag's path or the word after a `--no-` flag. The
 * arguments with references in their place, and the values by field (`arg:N`,
 * N the argument's place, or the next free number when a kept reference has it).
 */
export function splitArgs(args: readonly string[], isSecretName: (name: string) => boolean): { args: string[]; secrets: Record<string, string> } {
  const used = new Set(args.flatMap(referencesIn));
  const secrets: Record<string, string> = {};
  const fieldFor = (place: number): string => {
    let n = place;
    while (used.has(`arg:${n}`)) n += 1;
    used.add(`arg:${n}`);
    return `arg:${n}`;
  };
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const previous = i > 0 ? flagName(args[i - 1]!) : undefined;
    if (word === '' || holdsReference(word)) {
      out.push(word);
      continue;
    }
    const eq = /^(--?[A-Za-z][A-Za-z0-9_.-]+)=(.+)$/s.exec(word);
    if (eq && secretByFlag(flagName(eq[1]!), eq[2]!, isSecretName)) {
      const field = fieldFor(i);
      secrets[field] = eq[2]!;
      out.push(`${eq[1]}=${secretReference(field)}`);
    } else if ((secretByFlag(previous, word, isSecretName) && !word.startsWith('--')) || looksLikeSecretValue(word, isSecretName)) {
      const field = fieldFor(i);
      secrets[field] = word;
      out.push(secretReference(field));
    } else {
      out.push(word);
    }
  }
  return { args: out, secrets };
}

/**
 * Whether a path segment of an address is a credential by its look, as an
 * argument is (secret-values.ts: a known service's token, a JWT, a long random
 * string), percent-decoded: `https://host/mcp/sk-live-…`, as a hosted server
 * hands its address out. A segment has no name to go by; versions, UUIDs,
 * digests and names are left in the address.
 */
export function isSecretPathSegment(segment: string, isSecretName: (name: string) => boolean): boolean {
  return segment !== '' && !holdsReference(segment) && looksLikeSecretValue(percentDecoded(segment), isSecretName);
}

/** The query with each secret-named parameter's value replaced by a reference (`url:query:NAME`, `#2` on for a repeated name). */
function splitQuery(query: string, used: Set<string>, isSecretName: (name: string) => boolean, secrets: Record<string, string>): string {
  const pairs = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    const name = queryParamName(pair.slice(0, Math.max(eq, 0)));
    if (eq < 0 || value === '' || holdsReference(value) || !isSecretName(name) || saysYesOrNo(value)) return pair;
    let field = `url:query:${name}`;
    for (let n = 2; used.has(field); n++) field = `url:query:${name}#${n}`;
    used.add(field);
    secrets[field] = value;
    return `${pair.slice(0, eq + 1)}${secretReference(field)}`;
  });
  return pairs.join('&');
}

/** The path (from its leading '/') with each credential-looking segment replaced by a reference (`url:path:N`, N the segment's place, or the next free number). */
function splitPath(path: string, used: Set<string>, isSecretName: (name: string) => boolean, secrets: Record<string, string>): string {
  return path
    .split('/')
    .map((segment, i) => {
      if (i === 0 || !isSecretPathSegment(segment, isSecretName)) return segment;
      // i - 1: the place among the segments after the leading '/', counted from 0 as arguments are.
      let n = i - 1;
      while (used.has(`url:path:${n}`)) n += 1;
      const field = `url:path:${n}`;
      used.add(field);
      secrets[field] = segment;
      return secretReference(field);
    })
    .join('/');
}

/**
 * Takes the password (`https://user:pass@host`), each path segment that looks
 * like a credential (`https://host/mcp/sk-live-…`) and each query parameter
 * named like a secret (`?api_key=…`) out of an address, as written (still
 * percent-encoded), at the places url-parts.ts finds. The parts are replaced
 * from the end back, so each place found in the address as given stays true.
 */
export function splitUrl(url: string, isSecretName: (name: string) => boolean): { url: string; secrets: Record<string, string> } {
  const parts = urlParts(url);
  if (!parts) return { url, secrets: {} };
  const used = new Set(referencesIn(parts.rest));
  let { rest } = parts;
  const replace = (at: { start: number; end: number }, text: string) => (rest = `${rest.slice(0, at.start)}${text}${rest.slice(at.end)}`);
  // Each part's secrets apart, so they are listed in the address's order (password, path, query).
  const inQuery: Record<string, string> = {};
  const inPath: Record<string, string> = {};
  const password: Record<string, string> = {};
  if (parts.query) replace(parts.query, splitQuery(rest.slice(parts.query.start, parts.query.end), used, isSecretName, inQuery));
  if (parts.path) replace(parts.path, splitPath(rest.slice(parts.path.start, parts.path.end), used, isSecretName, inPath));
  const given = parts.password && rest.slice(parts.password.start, parts.password.end);
  if (parts.password && given && !holdsReference(given)) {
    password['url:password'] = given;
    replace(parts.password, secretReference('url:password'));
  }
  return { url: `${parts.scheme}${rest}`, secrets: { ...password, ...inPath, ...inQuery } };
}

/** The text with each reference to one of `secrets` replaced by its value (for connecting); other references are left. */
export function fillReferences(text: string, secrets: Readonly<Record<string, string>>): string {
  if (!holdsReference(text)) return text;
  return text.replace(REFERENCE, (whole, field: string) => (Object.hasOwn(secrets, field) ? secrets[field]! : whole));
}

/** What stands for a secret wherever one is shown (the import preview, the server overview, the command's words). */
export const SECRET_MASK = '••••••••';

/** The text with each reference shown as `mask` (the import preview, the server list). */
export function maskReferences(text: string, mask: string): string {
  return holdsReference(text) ? text.replace(REFERENCE, mask) : text;
}

/** Whether the text still holds the reference to `field` (an edit that deleted it dropped the secret). */
export function refersTo(text: string, field: string): boolean {
  return text.includes(secretReference(field));
}
