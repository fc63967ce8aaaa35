// What the code layer learns from one snippet, in the same shape for every
// language: values with where they came from (a download, a decoder, the
// environment, a secret, a socket), and the places where a value is run,
// written to a file, sent out, or wired to a remote shell. The rules read
// only these facts, never the syntax trees (which are freed after use).
import type { CodeLanguage } from './grammars.js';

export type StepKind = 'download' | 'decoded' | 'environment' | 'secret' | 'socket';

/** One origin a value carries, at an offset of its snippet. */
export interface Step {
  readonly kind: StepKind;
  readonly offset: number;
  /** In words: "downloads https://x.example/i.sh", "reads the whole environment (os.environ)". */
  readonly what: string;
}

/** What the code layer knows of a value: where it came from and, as far as known, its text. */
export interface Value {
  readonly steps: readonly Step[];
  /** The text, with `*` for the parts only known at run time. */
  readonly text: string;
  /** Whether `text` is the whole, exact value (a literal). */
  readonly exact: boolean;
  /** A module or object the value stands for (`os`, `child_process.exec`, `requests`). */
  readonly ref?: string;
  /** A process running a shell (reverse shells wire it to a socket). */
  readonly shell?: boolean;
  /** Object literal properties, for options objects (`{ body: … }`). */
  readonly props?: ReadonlyMap<string, Value>;
  /** The elements of a list literal (`["bash", "-c", cmd]`). */
  readonly items?: readonly Value[];
  /** A function: what calling it returns. */
  readonly returns?: Value;
  /**
   * For a literal written in one piece: where its characters are in the snippet (for code inside it) —
   * a number when they are written as they are from that offset, else the offset of each character plus the end.
   */
  readonly span?: number | readonly number[];
}

export interface Place {
  readonly offset: number;
  readonly length: number;
}

/** Somewhere a value is run as code or as a program. */
export interface Exec extends Place {
  /** "bash", "exec()", "child_process.execSync", "Invoke-Expression". */
  readonly runner: string;
  readonly input: Value;
  /** A file it runs, when it runs one by name. */
  readonly file?: string;
}

/** A file the code writes whose content has a known origin (a download, a decoder). */
export interface WrittenFile extends Place {
  readonly path: string;
  readonly value: Value;
}

/** Any file the code writes to, whatever it writes (writes to the agent's own files are judged by their path). */
export interface FileWrite extends Place {
  readonly path: string;
  /** In words: "appends to", "writes", "copies a file to". */
  readonly how: string;
  /** What is written, as far as known. */
  readonly content: Value;
}

/** Somewhere a value leaves the computer. */
export interface Send extends Place {
  /** "POSTs", "sends", "uploads". */
  readonly verb: string;
  /** The host when it is written down, else undefined. */
  readonly host?: string;
  readonly payload: Value;
}

/** A remote shell construct, in words. */
export interface RemoteShell extends Place {
  readonly what: string;
}

/** Code inside the code: a heredoc, `bash -c '…'`, `python -c`, a string passed to exec. */
export interface NestedCode {
  readonly language: CodeLanguage;
  readonly text: string;
  /** Snippet offset of each character of `text` (one more entry for its end). */
  readonly offsets: readonly number[];
  readonly label: string;
}

export interface CodeFacts {
  readonly execs: Exec[];
  readonly files: WrittenFile[];
  readonly writes: FileWrite[];
  readonly sends: Send[];
  readonly shells: RemoteShell[];
  readonly nested: NestedCode[];
  /** Command substitutions and other code run while a value is computed (config values). */
  readonly expansions: Place[];
}

export function emptyFacts(): CodeFacts {
  return { execs: [], files: [], writes: [], sends: [], shells: [], nested: [], expansions: [] };
}

const MAX_STEPS = 6;

export const NOTHING: Value = { steps: [], text: '*', exact: false };

export function literal(text: string): Value {
  return { steps: [], text, exact: true };
}

export function withStep(value: Value, step: Step): Value {
  if (value.steps.some((s) => s.kind === step.kind && s.offset === step.offset)) return value;
  return { ...value, steps: [...value.steps, step].slice(-MAX_STEPS) };
}

function mergeSteps(values: readonly Value[]): Step[] {
  const out: Step[] = [];
  for (const v of values) {
    for (const s of v.steps) {
      if (!out.some((o) => o.kind === s.kind && o.offset === s.offset)) out.push(s);
    }
  }
  // Keep one of each kind first, so a long chain of one kind cannot push out another.
  const firsts = out.filter((s, i) => out.findIndex((o) => o.kind === s.kind) === i);
  const rest = out.filter((s) => !firsts.includes(s));
  return [...firsts, ...rest].slice(0, MAX_STEPS);
}

/** The origins of several values, with no known text (a call's result, a union). */
export function union(...values: readonly Value[]): Value {
  const steps = mergeSteps(values);
  const shell = values.some((v) => v.shell);
  return { steps, text: '*', exact: false, ...(shell ? { shell } : {}) };
}

/** Several values written one after the other (string concatenation, f-strings, "$a/$b"). */
export function concat(values: readonly Value[], separator = ''): Value {
  const joined = values.map((v) => v.text).join(separator);
  const text = joined.replace(/\*{2,}/g, '*');
  const span = text === joined && text.length <= 4096 ? joinedSpan(values, separator) : undefined;
  return { steps: mergeSteps(values), text: text.length > 4096 ? `${text.slice(0, 4096)}*` : text, exact: values.every((v) => v.exact), ...(span ? { span } : {}) };
}

/**
 * Where the characters of a concatenation are in the snippet, so that a
 * command built from pieces (`'curl ' + BASE + '/i.sh | sh'`, an f-string, a
 * template literal) is read as code too: each piece's own offsets, and for a
 * piece written elsewhere or only known at run time (`*`), the offset next
 * to it. Undefined when no piece was written in the snippet.
 */
function joinedSpan(values: readonly Value[], separator: string): number[] | undefined {
  const own = values.map((v) => offsetsOf(v));
  if (own.every((o) => o === undefined)) return undefined;
  const out: number[] = [];
  let last = own.find((o) => o !== undefined)![0]!;
  values.forEach((v, i) => {
    if (i > 0) for (let k = 0; k < separator.length; k++) out.push(last);
    const o = own[i];
    if (o) {
      out.push(...o.slice(0, -1));
      last = o[o.length - 1]!;
    } else for (let k = 0; k < v.text.length; k++) out.push(last);
  });
  out.push(last);
  return out;
}

/**
 * A template with its placeholders filled (`'curl -s %s | sh' % url`,
 * `'{} | sh'.format(url)`): the template's pieces keep their places, each
 * placeholder becomes the value `fill` gives, and every origin of `args`
 * stays with the result (also those of an argument no placeholder used).
 */
export function filled(template: Value, placeholder: RegExp, fill: (m: RegExpExecArray) => Value, args: readonly Value[]): Value {
  const parts: Value[] = [];
  let last = 0;
  for (const m of template.text.matchAll(placeholder)) {
    parts.push(sliceOf(template, last, m.index), fill(m));
    last = m.index + m[0].length;
  }
  parts.push(sliceOf(template, last, template.text.length), { steps: mergeSteps([template, ...args]), text: '', exact: true });
  return concat(parts);
}

/** Characters `from` to `to` of an exact value, with where they are written. */
export function sliceOf(v: Value, from: number, to: number): Value {
  const offsets = offsetsOf(v);
  return { ...literal(v.text.slice(from, to)), ...(offsets ? { span: offsets.slice(from, to + 1) } : {}) };
}

/** The offset of each character of a value written in the snippet, plus its end; undefined for one that was not. */
function offsetsOf(v: Value): readonly number[] | undefined {
  if (v.span === undefined) return undefined;
  if (typeof v.span === 'number') return Array.from({ length: v.text.length + 1 }, (_, i) => (v.span as number) + i);
  return v.span.length === v.text.length + 1 ? v.span : undefined;
}

export function has(value: Value, kind: StepKind): boolean {
  return value.steps.some((s) => s.kind === kind);
}

export function stepOf(value: Value, kind: StepKind): Step | undefined {
  return value.steps.find((s) => s.kind === kind);
}

// Names of variables that hold secrets, as opposed to settings (HOME, PORT, API_URL).
const SECRET_NAME = /(?:^|_|\b)(?:TOKEN|SECRET|PASSWORD|PASSWD|PASS|PWD_|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|SECRET_?KEY|CREDENTIALS?|AUTH|SESSION|COOKIE|PAT|WEBHOOK|SIGNING_?KEY|CLIENT_?SECRET)(?:$|_|\b)|(?:TOKEN|SECRET|PASSWORD|APIKEY|API_KEY)$/i;
// A setting about a secret is not the secret: MCP_AUTH_PORT, SESSION_TIMEOUT, TOKEN_URL.
const NOT_SECRET = /^(?:PWD|OLDPWD|TOKENIZERS?_[A-Z_]*)$|_(?:PORT|URL|URI|HOST|HOSTNAME|PATH|DIR|FILE|MODE|ENABLED|DISABLED|TYPE|NAME|ID|ENDPOINT|DOMAIN|REGION|TIMEOUT|TTL|LEVEL|VERSION|PROVIDER|METHOD|SCOPES?|ISSUER|AUDIENCE|REALM|LENGTH|EXPIRY|EXPIRES|COUNT|LIMIT)$/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) && !NOT_SECRET.test(name);
}

/** A secret-named variable sent to its own service (GITHUB_TOKEN to api.github.com) is the variable's purpose. */
export function isOwnService(secretWhat: string, host: string | undefined): boolean {
  if (!host) return false;
  const name = /\b([A-Z][A-Z0-9]*)_[A-Z0-9_]+\b/.exec(secretWhat)?.[1]?.toLowerCase();
  if (!name || name.length < 2) return false;
  const aliases: Record<string, string[]> = { gh: ['github'], hf: ['huggingface', 'hf.co'], npm: ['npmjs'], aws: ['amazonaws'], gcp: ['googleapis'], google: ['googleapis'], azure: ['azure', 'windows.net'] };
  return [name, ...(aliases[name] ?? [])].some((n) => host.toLowerCase().includes(n));
}

// Where secrets are kept on disk (the places rules/reach.ts names), as paths a program reads.
const CREDENTIAL_FILES: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: /(?:^|[\s/'"~*])\.ssh(?:\/|\b)|\bid_(?:rsa|dsa|ecdsa|ed25519)\b/, what: 'SSH keys' },
  { pattern: /\.aws\/(?:credentials|config)\b|\.aws\b/, what: 'AWS credentials' },
  { pattern: /\.config\/gcloud\b|application_default_credentials\.json/, what: 'Google Cloud credentials' },
  { pattern: /\.azure\//, what: 'Azure credentials' },
  { pattern: /\.kube\/config\b/, what: 'Kubernetes credentials' },
  { pattern: /\.docker\/config\.json\b/, what: 'Docker registry credentials' },
  { pattern: /(?:^|[\s/'"~*])\.(?:npmrc|pypirc|netrc|git-credentials|pgpass)\b/, what: 'a credentials file' },
  { pattern: /(?:^|[\s/'"~*])\.env(?:\.[\w-]+)?(?:$|['"\s])/, what: 'a .env file' },
  { pattern: /\.gnupg\b|secring\.gpg/, what: 'GPG private keys' },
  { pattern: /\/etc\/shadow\b/, what: 'the system password file' },
  { pattern: /login\.keychain|Keychains?\//, what: 'the macOS keychain' },
  { pattern: /\b(?:Login Data|Cookies|key[34]\.db|logins\.json|cookies\.sqlite)\b/, what: 'browser passwords or cookies' },
  { pattern: /\.(?:bash|zsh)_history\b/, what: 'the shell history' },
  { pattern: /\/proc\/(?:self|\d+|\*|\$\$)\/environ\b/, what: 'the environment of a process' },
];

/** What secret place a path (or a command reading one) names, or undefined. */
export function credentialPlace(text: string): string | undefined {
  if (text.length > 2000) text = text.slice(0, 2000);
  return CREDENTIAL_FILES.find((c) => c.pattern.test(text))?.what;
}

/** The host of a URL written in code, or undefined when it is built at run time. */
export function hostOf(url: string): string | undefined {
  const m = /^\*?\s*(?:[a-z][a-z0-9+.-]*:)?\/\/(?:[^@/\s*]*@)?([^/:?#\s*]+)/i.exec(url.trim());
  if (m) return m[1]!.toLowerCase();
  const bare = /^([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::\d+)?(?:[/?#]|$)/i.exec(url.trim());
  return bare && /[a-z]/i.test(bare[1]!) ? bare[1]!.toLowerCase() : undefined;
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|::1|\[::1\])$/i;

export function isLoopback(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK.test(host);
}

/** A short, quoted form of a value's known text for messages. */
export function shown(text: string, max = 80): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
