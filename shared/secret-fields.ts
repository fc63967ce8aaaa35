// Which parts of a server's connection settings are secrets. A secret never
// sits in servers.json and never comes back to the renderer: the catalog keeps
// it in the secret store and hands the form only the field's name.
import { dataRecord, dataRecordFrom } from './data-record.js';
import type { TransportConfig } from './model.js';
import { looksLikeSecretValue, saysYesOrNo } from './secret-values.js';
import { fillReferences, splitArgs, splitUrl } from './secret-args.js';

/**
 * A secret's place in a transport: the bearer token, one header, one environment
 * variable, the OAuth client secret, one command-line argument (`arg:N`), the
 * URL's password (`url:password`), one of its path segments (`url:path:N`) or
 * one of its query parameters (`url:query:NAME`).
 */
export type SecretField = 'bearerToken' | 'oauth:clientSecret' | `header:${string}` | `env:${string}` | `arg:${string}` | `url:${string}`;

/** The OAuth client secret of a pre-registered client (transport.auth.clientSecret). */
export const OAUTH_CLIENT_SECRET_FIELD = 'oauth:clientSecret';

// Headers that carry credentials by their nature, and names that say "credential" in words.
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
const SECRET_WORDS = /(token|secret|passw(or)?d|passphrase|api[-_]?key|apikey|private[-_]?key|access[-_]?key|credential|auth(?!or)|session|cookie|bearer)/i;
/**
 * Words that name a credential only as a whole part of a name (MYSQL_PWD,
 * GITHUB_PAT, DB_PASS, SSH_PRIVATE, githubPat), never inside another word
 * (PATH, BYPASS, OLDPWD).
 */
const SECRET_PARTS = new Set(['pwd', 'pass', 'pat', 'private']);

/** A name's parts: split at anything but a letter or digit, and where a lower-case letter or digit meets a capital. */
function partsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether a name (of a variable, a header, a query parameter) says its value is a credential. */
export function isSecretName(name: string): boolean {
  if (SECRET_WORDS.test(name)) return true;
  // PWD alone is the shell's working folder, not a password.
  if (name.toUpperCase() === 'PWD') return false;
  const parts = partsOf(name);
  return parts.some((part) => SECRET_PARTS.has(part)) || parts.at(-1) === 'key';
}

/** Whether a header's value is kept as a secret, by its name. */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADERS.has(name.toLowerCase()) || isSecretName(name);
}

/** Whether an environment variable's value is kept as a secret, by its name. */
export function isSecretEnv(name: string): boolean {
  return isSecretName(name);
}

/**
 * Whether an env variable's or a header's value is kept as a secret: by its
 * name, or by its look (an address with a password, a known service's token,
 * a JWT, "Bearer …", a long random string: shared/secret-values.ts), so a
 * DATABASE_URL=postgres://ada:pw@… is not written to servers.json in clear.
 * A yes/no value (USE_TOKEN=true, X-Api-Key-Required: false) says whether, not
 * what: the name does not make it a secret, as with a command-line flag.
 */
export function isSecretSetting(place: 'env' | 'header', name: string, value: string): boolean {
  if (value === '') return false;
  const byName = (place === 'env' ? isSecretEnv(name) : isSecretHeader(name)) && !saysYesOrNo(value);
  return byName || looksLikeSecretValue(value, isSecretName);
}

export function secretFieldLabel(field: SecretField): string {
  if (field === 'bearerToken') return 'Bearer token';
  if (field === OAUTH_CLIENT_SECRET_FIELD) return 'OAuth client secret';
  if (field.startsWith('header:')) return `Header ${field.slice('header:'.length)}`;
  if (field.startsWith('arg:')) return `Argument ${Number(field.slice('arg:'.length)) + 1}`;
  if (field === 'url:password') return 'URL password';
  if (field.startsWith('url:query:')) return `URL parameter ${field.slice('url:query:'.length)}`;
  if (field.startsWith('url:path:')) return `URL path segment ${Number(field.slice('url:path:'.length)) + 1}`;
  return `Environment ${field.slice('env:'.length)}`;
}

/**
 * Takes the secret values out of a transport: what is left is safe to store
 * in a plain file and to show; the values go to the secret store. A header
 * or env value is a secret by its name or its look (isSecretSetting); `marked`
 * names further header or env fields the user marked secret. Secret arguments
 * and URL parts (shared/secret-args.ts) leave a reference in their place.
 *
 * env and headers are rebuilt without a prototype (shared/data-record.ts), here
 * and in joinSecrets: on a plain {} the assignment of a name "__proto__" set the
 * prototype and the variable was gone, whoever called. (The contract refuses that
 * name in a server's settings, shared/prototype-names.ts; these keep any key given.)
 */
export function splitSecrets(transport: TransportConfig, marked: readonly string[] = []): { transport: TransportConfig; secrets: Record<string, string> } {
  const secrets: Record<string, string> = {};
  const extra = new Set(marked);
  if (transport.kind === 'stdio') {
    const env = dataRecord<string>();
    for (const [name, value] of Object.entries(transport.env)) {
      if (value !== '' && (isSecretSetting('env', name, value) || extra.has(`env:${name}`))) secrets[`env:${name}`] = value;
      else env[name] = value;
    }
    const args = splitArgs(transport.args, isSecretName);
    return { transport: { ...transport, args: args.args, env }, secrets: { ...secrets, ...args.secrets } };
  }
  const headers = dataRecord<string>();
  for (const [name, value] of Object.entries(transport.headers)) {
    if (value !== '' && (isSecretSetting('header', name, value) || extra.has(`header:${name}`))) secrets[`header:${name}`] = value;
    else headers[name] = value;
  }
  const { bearerToken, auth, ...rest } = transport;
  if (bearerToken) secrets.bearerToken = bearerToken;
  const url = splitUrl(transport.url, isSecretName);
  Object.assign(secrets, url.secrets);
  let kept = auth;
  if (auth?.clientSecret !== undefined) {
    const { clientSecret, ...publicAuth } = auth;
    if (clientSecret) secrets[OAUTH_CLIENT_SECRET_FIELD] = clientSecret;
    kept = publicAuth;
  }
  return { transport: { ...rest, url: url.url, headers, ...(kept ? { auth: kept } : {}) }, secrets };
}

/** Puts secret values back into a transport that `splitSecrets` emptied, for connecting. */
export function joinSecrets(transport: TransportConfig, secrets: Readonly<Record<string, string>>): TransportConfig {
  if (transport.kind === 'stdio') {
    const env = dataRecordFrom(Object.entries(transport.env));
    for (const [field, value] of Object.entries(secrets)) if (field.startsWith('env:')) env[field.slice(4)] = value;
    return { ...transport, args: transport.args.map((arg) => fillReferences(arg, secrets)), env };
  }
  const headers = dataRecordFrom(Object.entries(transport.headers));
  for (const [field, value] of Object.entries(secrets)) if (field.startsWith('header:')) headers[field.slice(7)] = value;
  const bearerToken = secrets['bearerToken'];
  const clientSecret = secrets[OAUTH_CLIENT_SECRET_FIELD];
  const auth = transport.auth && clientSecret ? { ...transport.auth, clientSecret } : transport.auth;
  return { ...transport, url: fillReferences(transport.url, secrets), headers, ...(bearerToken ? { bearerToken } : {}), ...(auth ? { auth } : {}) };
}
