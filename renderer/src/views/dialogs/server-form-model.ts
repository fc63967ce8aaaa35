// The add/edit server form as plain data: what the fields hold, how they
// become the contract's ServerInput, and which field each problem belongs
// to. Validation uses the contract's own zod schema, so the form and the
// main process can never disagree about what is valid.
import { serverInputSchema, type ServerInput } from '../../../../shared/api.js';
import { looksLikeCommandLine, quoteWord, splitCommandLine, unclosedQuoteMessage } from '../../../../shared/command-line.js';
import type { ServerConfig } from '../../../../shared/model.js';

export type TransportKind = 'stdio' | 'http' | 'sse';

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
  bearerToken: string;
}

export type FormField = keyof ServerFormValues;
export type FormErrors = Partial<Record<FormField, string>>;

export const EMPTY_FORM: ServerFormValues = { label: '', kind: 'stdio', command: '', args: '', env: '', cwd: '', url: '', headers: '', bearerToken: '' };

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
    };
  }
  return {
    ...EMPTY_FORM,
    label: config.label,
    kind: t.kind,
    url: t.url,
    headers: Object.entries(t.headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
    bearerToken: t.bearerToken ?? '',
  };
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
    if (Object.hasOwn(value, key)) return { error: `Line ${number}: "${key}" is given twice.` };
    value[key] = separator === ':' ? line.slice(at + 1).trim() : line.slice(at + 1);
  }
  return { value };
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
        env: 'value' in env ? env.value : {},
        ...(values.cwd.trim() ? { cwd: values.cwd.trim() } : {}),
      },
    };
  } else {
    const headers = parsePairs(values.headers, ':', 'Name: value');
    if ('error' in headers) errors.headers = headers.error;
    raw = {
      label: values.label,
      transport: {
        kind: values.kind,
        url: values.url.trim(),
        headers: 'value' in headers ? headers.value : {},
        ...(values.bearerToken.trim() ? { bearerToken: values.bearerToken.trim() } : {}),
      },
    };
  }
  const parsed = serverInputSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String);
      const field = FIELD_OF_PATH[path.slice(0, 2).join('.')] ?? FIELD_OF_PATH[path[0] ?? ''] ?? 'label';
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
