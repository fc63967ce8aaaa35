// Secrets never leave in what the app shows or writes: the protocol log, its
// export, error messages. Every known secret value is replaced wherever it
// appears (a server may echo a token back in an error body).
export const REDACTED = '[secret]';

/** Values shorter than this are not searched for: "1" would blank every digit. */
const MIN_SECRET_LENGTH = 4;

export function redactText(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/** The same value with every secret replaced in its strings; the value itself when no secret is in it. */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0 || value === undefined) return value;
  const text = JSON.stringify(value);
  if (text === undefined) return value;
  // A secret is searched for as JSON writes it inside a string, quotes and backslashes escaped.
  const escaped = secrets.filter((s) => s.length >= MIN_SECRET_LENGTH).map((s) => JSON.stringify(s).slice(1, -1));
  if (!escaped.some((s) => text.includes(s))) return value;
  return JSON.parse(redactText(text, escaped)) as T;
}
