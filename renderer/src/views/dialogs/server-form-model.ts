// The add/edit server form as plain data: what the fields hold, how they
// become the contract's ServerInput, and which field each problem belongs
// to. Validation uses the contract's own zod schema, so the form and the
// main process can never disagree about what is valid.
import { serverInputSchema, type ServerInput } from '../../../../shared/api.js';
import { looksLikeCommandLine, quoteWord, splitCommandLine, unclosedQuoteMessage } from '../../../../shared/command-line.js';
import type { ServerConfig } from '../../../../shared/model.js';
import { refusedEnvName, refusedHeaderName } from '../../../../shared/prototype-names.js';
import { OAUTH_CLIENT_SECRET_FIELD } from '../../../../shared/secret-fields.js';

/** What the form does with a secret the server already has: the value itself never comes to the renderer. */
export type SecretEdit = { readonly action: 'keep' } | { readonly action: 'remove' } | { readonly action: 'replace'; readonly value: string };

export type TransportKind = 'stdio' | 'http' | 'sse';

/** How an HTTP or SSE server is signed in to: not at all, a bearer token, or OAuth through the browser. */
export type AuthChoice = 'none' | 'bearer' | 'oauth';

export interface ServerFormValues {
  label: string;
  kind: TransportKind;
  command: string;
  /** One argument per line, so arguments may hold spaces. */
  args: string;
  /** NAME=value, one per line. */
  env: string;
  cwd: string;
  url: string;
  /** Name: value, one per line. */
  headers: string;
  /** A new bearer token (for a server that has none stored; a stored one is replaced through secretEdits). */
  bearerToken: string;
  auth: AuthChoice;
  /** OAuth: a pre-registered client id; empty = the app registers itself (dynamic client registration). */
  oauthClientId: string;
  /** OAuth: a new client secret (a stored one is replaced through secretEdits). */
  oauthClientSecret: string;
  /** OAuth: the scopes to ask for, separated by spaces; empty = what the server's metadata says. */
  oauthScopes: string;
  /** The secret fields the server has stored (ServerConfig.secrets): shown as set, to replace or remove. */
  storedSecrets: readonly string[];
  secretEdits: Readonly<Record<string, SecretEdit>>;
}

export type FormField = Exclude<keyof ServerFormValues, 'storedSecrets' | 'secretEdits'>;
export type FormErrors = Partial<Record<FormField, string>>;

export const EMPTY_FORM: ServerFormValues = { label: '', kind: 'stdio', command: '', args: '', env: '', cwd: '', url: '', headers: '', bearerToken: '', auth: 'none', oauthClientId: '', oauthClientSecret: '', oauthScopes: '', storedSecrets: [], secretEdits: {} };

export function valuesFromConfig(config: ServerConfig): ServerFormValues {
  const t = config.transport;
  if (t.kind === 'stdio') {
    return {
      ...EMPTY_FORM,
      label: config.label,
      kind: 'stdio',
      command: t.command,
      args: t.args.join('\n'),
      env: Object.entries(t.env)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n'),
      cwd: t.cwd ?? '',
      storedSecrets: config.secrets ?? [],
    };
  }
  const secrets = config.secrets ?? [];
  const oauth = t.auth?.type === 'oauth' ? t.auth : undefined;
  return {
    ...EMPTY_FORM,
    label: config.label,
    kind: t.kind,
    auth: oauth ? 'oauth' : t.bearerToken || secrets.includes('bearerToken') ? 'bearer' : 'none',
    oauthClientId: oauth?.clientId ?? '',
    oauthScopes: oauth?.scopes?.join(' ') ?? '',
    url: t.url,
    headers: Object.entries(t.headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
    bearerToken: t.bearerToken ?? '',
    storedSecrets: config.secrets ?? [],
  };
}

/** Whether a stored secret field belongs to the transport kind (and, for HTTP, the authentication) the form now shows. */
export function secretFits(field: string, kind: TransportKind, auth: AuthChoice): boolean {
  // An argument or URL part shows as its reference in its line (⟦secret:arg:3⟧): kept while the line keeps it.
  if (kind === 'stdio') return field.startsWith('env:') || field.startsWith('arg:');
  if (field.startsWith('url:')) return true;
  if (field === 'bearerToken') return auth === 'bearer';
  if (field === OAUTH_CLIENT_SECRET_FIELD) return auth === 'oauth';
  return field.startsWith('header:');
}

// RFC 6749 section 3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E ).
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/** The scopes typed, separated by spaces, or the first one that is not an RFC 6749 scope token. */
export function parseScopes(text: string): { scopes: string[] } | { error: string } {
  const scopes = text.split(/\s+/).filter(Boolean);
  for (const scope of scopes) {
    if (!SCOPE_TOKEN.test(scope)) {
      return { error: `${JSON.stringify(scope.length > 40 ? `${scope.slice(0, 40)}…` : scope)} is not a scope: each scope is one word of printable ASCII characters, without quotes or backslashes (RFC 6749). Separate scopes with spaces.` };
    }
  }
  return { scopes: [...new Set(scopes)] };
}

/** The stored secrets to keep, and the replacements to send (by field), from the form's choices. */
function secretChoices(values: ServerFormValues): { keep: string[]; replace: Record<string, string> } {
  const keep: string[] = [];
  const replace: Record<string, string> = {};
  for (const field of values.storedSecrets) {
    if (!secretFits(field, values.kind, values.auth)) continue;
    const edit = values.secretEdits[field] ?? { action: 'keep' };
    if (edit.action === 'replace' && edit.value.trim() !== '') replace[field] = edit.value.trim();
    else if (edit.action !== 'remove') keep.push(field);
  }
  return { keep, replace };
}

function lines(text: string): { line: string; number: number }[] {
  return text
    .split('\n')
    .map((line, i) => ({ line: line.replace(/\r$/, ''), number: i + 1 }))
    .filter(({ line }) => line.trim() !== '');
}

function parsePairs(text: string, separator: '=' | ':', what: string): { value: Record<string, string> } | { error: string } {
  const value: Record<string, string> = {};
  for (const { line, number } of lines(text)) {
    const at = line.indexOf(separator);
    const key = at > 0 ? line.slice(0, at).trim() : '';
    if (!key) return { error: `Line ${number}: expected ${what} (got "${line.slice(0, 40)}").` };
    if (separator === ':' && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(key)) return { error: `Line ${number}: "${key}" is not a valid header name.` };
    // Refused here, on its line: assigned below, "__proto__" would set the object's prototype and vanish (shared/prototype-names.ts).
    const refused = separator === ':' ? refusedHeaderName(key) : refusedEnvName(key);
    if (refused !== undefined) return { error: `Line ${number}: ${refused}.` };
    if (Object.hasOwn(value, key)) return { error: `Line ${number}: "${key}" is given twice.` };
    value[key] = separator === ':' ? line.slice(at + 1).trim() : line.slice(at + 1);
  }
  return { value };
}

/** transport.auth from the OAuth fields; a problem goes on its field. */
function oauthInput(values: ServerFormValues, secrets: { keep: string[]; replace: Record<string, string> }, errors: FormErrors): Record<string, unknown> {
  const clientId = values.oauthClientId.trim();
  const clientSecret = secrets.replace[OAUTH_CLIENT_SECRET_FIELD] ?? values.oauthClientSecret.trim();
  const scopes = parseScopes(values.oauthScopes);
  if ('error' in scopes) errors.oauthScopes = scopes.error;
  // A secret belongs to a pre-registered client: without its id the app registers a new client and the secret means nothing.
  const secretKept = secrets.keep.includes(OAUTH_CLIENT_SECRET_FIELD);
  if (!clientId && (clientSecret || secretKept)) errors.oauthClientId = 'A client secret goes with a pre-registered client: enter its client ID, or remove the secret to register dynamically.';
  return {
    type: 'oauth',
    ...(clientId ? { clientId } : {}),
    ...(clientSecret ? { clientSecret } : {}),
    ...('scopes' in scopes && scopes.scopes.length > 0 ? { scopes: scopes.scopes } : {}),
  };
}

const FIELD_OF_PATH: Record<string, FormField> = {
  label: 'label',
  'transport.command': 'command',
  'transport.args': 'args',
  'transport.env': 'env',
  'transport.cwd': 'cwd',
  'transport.url': 'url',
  'transport.headers': 'headers',
  'transport.bearerToken': 'bearerToken',
  'transport.auth.clientId': 'oauthClientId',
  'transport.auth.clientSecret': 'oauthClientSecret',
  'transport.auth.scopes': 'oauthScopes',
};

/**
 * What a whole command line pasted into Command will run: the main process
 * splits it the same way (shared/command-line.ts) when it stores the server,
 * words after the program going before the Arguments lines. Undefined when
 * Command holds one program.
 */
export function commandLinePreview(values: ServerFormValues): { program: string; args: string } | { error: string } | undefined {
  if (values.kind !== 'stdio' || !looksLikeCommandLine(values.command)) return undefined;
  const split = splitCommandLine(values.command.trim());
  if (!split.ok) return { error: unclosedQuoteMessage(split.unclosed) };
  const [program, ...words] = split.words;
  if (!program) return undefined;
  return { program, args: [...words, ...lines(values.args).map(({ line }) => line)].map(quoteWord).join(' ') };
}

/** The contract input for these values, or the problems, each on its field. */
export function toServerInput(values: ServerFormValues): { ok: true; input: ServerInput } | { ok: false; errors: FormErrors } {
  const errors: FormErrors = {};
  let raw: unknown;
  const secrets = secretChoices(values);
  const replacing = (prefix: string) => Object.fromEntries(Object.entries(secrets.replace).filter(([f]) => f.startsWith(prefix)).map(([f, v]) => [f.slice(prefix.length), v]));
  // Only header and env replacements need marking: the bearer token and the client secret are secrets by their place.
  const marked = Object.keys(secrets.replace).filter((f) => f !== 'bearerToken' && f !== OAUTH_CLIENT_SECRET_FIELD);
  const secretParts = values.storedSecrets.length > 0 ? { keepSecrets: secrets.keep, ...(marked.length > 0 ? { markSecret: marked } : {}) } : {};
  if (values.kind === 'stdio') {
    const env = parsePairs(values.env, '=', 'NAME=value');
    if ('error' in env) errors.env = env.error;
    const preview = commandLinePreview(values);
    if (preview && 'error' in preview) errors.command = preview.error;
    raw = {
      label: values.label,
      transport: {
        kind: 'stdio',
        command: values.command.trim(),
        args: lines(values.args).map(({ line }) => line),
        env: { ...('value' in env ? env.value : {}), ...replacing('env:') },
        ...(values.cwd.trim() ? { cwd: values.cwd.trim() } : {}),
      },
      ...secretParts,
    };
  } else {
    const headers = parsePairs(values.headers, ':', 'Name: value');
    if ('error' in headers) errors.headers = headers.error;
    const bearerToken = secrets.replace['bearerToken'] ?? values.bearerToken.trim();
    raw = {
      label: values.label,
      transport: {
        kind: values.kind,
        url: values.url.trim(),
        headers: { ...('value' in headers ? headers.value : {}), ...replacing('header:') },
        ...(values.auth === 'bearer' && bearerToken ? { bearerToken } : {}),
        ...(values.auth === 'oauth' ? { auth: oauthInput(values, secrets, errors) } : {}),
      },
      ...secretParts,
    };
  }
  const parsed = serverInputSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String);
      const field = FIELD_OF_PATH[path.slice(0, 3).join('.')] ?? FIELD_OF_PATH[path.slice(0, 2).join('.')] ?? FIELD_OF_PATH[path[0] ?? ''] ?? 'label';
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}

/** A label suggestion from the command or URL, for a form the user has not named yet. */
export function suggestLabel(values: ServerFormValues): string {
  if (values.kind === 'stdio') {
    const typed = looksLikeCommandLine(values.command) ? splitCommandLine(values.command.trim()) : undefined;
    const words = [...(typed?.ok ? typed.words : [values.command]), ...lines(values.args).map((l) => l.line)].map((w) => w.trim().split(/[\\/]/).pop() ?? '').filter(Boolean);
    const meaningful = words.filter((w) => !/^(npx|node|node\.exe|uvx|uv|python3?|bunx|bun|deno|run)$/i.test(w) && !w.startsWith('-'));
    const pick = meaningful[0] ?? words[0] ?? '';
    return pick.replace(/\.(m?js|cjs|ts|py)$/, '');
  }
  try {
    return new URL(values.url.trim()).host;
  } catch {
    return '';
  }
}

/**
 * Whether pasted text is a server config rather than a command: an
 * `mcpServers` (or VS Code `servers`) object, as hosts' docs print them. The
 * form offers it to the import preview, which reads every shape (config-import.ts).
 */
export function looksLikeServerConfig(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return false;
  try {
    const value: unknown = JSON.parse(trimmed);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    return ['mcpServers', 'servers', 'mcp'].some((key) => Object.hasOwn(value, key));
  } catch {
    return false;
  }
}
