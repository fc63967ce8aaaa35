// Which parts of a server's connection settings are secrets. A secret never
// sits in servers.json and never comes back to the renderer: the catalog keeps
// it in the secret store and hands the form only the field's name.
import { dataRecord, dataRecordFrom } from './data-record.js';
import type { TransportConfig } from './model.js';

/** A secret's place in a transport: the bearer token, one header, one environment variable, the OAuth client secret. */
export type SecretField = 'bearerToken' | 'oauth:clientSecret' | `header:${string}` | `env:${string}`;

/** The OAuth client secret of a pre-registered client (transport.auth.clientSecret). */
export const OAUTH_CLIENT_SECRET_FIELD = 'oauth:clientSecret';

// Headers that carry credentials by their nature, and names that say "credential" in words.
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);
const SECRET_WORDS = /(token|secret|passw(or)?d|api[-_]?key|apikey|private[-_]?key|access[-_]?key|credential|auth(?!or)|session|cookie)/i;

/** Whether a header's value is kept as a secret, by its name. */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADERS.has(name.toLowerCase()) || SECRET_WORDS.test(name);
}

/** Whether an environment variable's value is kept as a secret, by its name. */
export function isSecretEnv(name: string): boolean {
  return SECRET_WORDS.test(name) || /(^|_)KEY$/i.test(name) || /^PASS$/i.test(name);
}

export function secretFieldLabel(field: SecretField): string {
  if (field === 'bearerToken') return 'Bearer token';
  if (field === OAUTH_CLIENT_SECRET_FIELD) return 'OAuth client secret';
  if (field.startsWith('header:')) return `Header ${field.slice('header:'.length)}`;
  return `Environment ${field.slice('env:'.length)}`;
}

/**
 * Takes the secret values out of a transport: what is left is safe to store
 * in a plain file and to show; the values go to the secret store. `marked`
 * names further header or env fields the user marked secret.
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
      if (value !== '' && (isSecretEnv(name) || extra.has(`env:${name}`))) secrets[`env:${name}`] = value;
      else env[name] = value;
    }
    return { transport: { ...transport, env }, secrets };
  }
  const headers = dataRecord<string>();
  for (const [name, value] of Object.entries(transport.headers)) {
    if (value !== '' && (isSecretHeader(name) || extra.has(`header:${name}`))) secrets[`header:${name}`] = value;
    else headers[name] = value;
  }
  const { bearerToken, auth, ...rest } = transport;
  if (bearerToken) secrets.bearerToken = bearerToken;
  let kept = auth;
  if (auth?.clientSecret !== undefined) {
    const { clientSecret, ...publicAuth } = auth;
    if (clientSecret) secrets[OAUTH_CLIENT_SECRET_FIELD] = clientSecret;
    kept = publicAuth;
  }
  return { transport: { ...rest, headers, ...(kept ? { auth: kept } : {}) }, secrets };
}

/** Puts secret values back into a transport that `splitSecrets` emptied, for connecting. */
export function joinSecrets(transport: TransportConfig, secrets: Readonly<Record<string, string>>): TransportConfig {
  if (transport.kind === 'stdio') {
    const env = dataRecordFrom(Object.entries(transport.env));
    for (const [field, value] of Object.entries(secrets)) if (field.startsWith('env:')) env[field.slice(4)] = value;
    return { ...transport, env };
  }
  const headers = dataRecordFrom(Object.entries(transport.headers));
  for (const [field, value] of Object.entries(secrets)) if (field.startsWith('header:')) headers[field.slice(7)] = value;
  const bearerToken = secrets['bearerToken'];
  const clientSecret = secrets[OAUTH_CLIENT_SECRET_FIELD];
  const auth = transport.auth && clientSecret ? { ...transport.auth, clientSecret } : transport.auth;
  return { ...transport, headers, ...(bearerToken ? { bearerToken } : {}), ...(auth ? { auth } : {}) };
}
