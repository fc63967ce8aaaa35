// A server's secret that the secret store no longer gives (its keychain entry
// deleted, the encrypted file replaced, a store this machine cannot open). The
// server's settings still refer to it: an argument or URL part holds its
// reference (⟦secret:url:password⟧), a header or variable is simply absent. It
// is not connected without it: the reference's text would go to the server as
// the value (a password, an argument), or the request would go without the
// header, and the server's refusal would not say why. It fails like any other
// connection, with a diagnostic that names the secret and what to do.
import type { Diagnostic, TransportConfig } from '../../shared/model.js';
import { refersTo } from '../../shared/secret-args.js';
import { secretFieldLabel, type SecretField } from '../../shared/secret-fields.js';

export interface MissingSecret {
  readonly field: string;
  /** Why the store did not give it, in words ("… has no entry for it"). */
  readonly reason: string;
}

export class MissingSecrets extends Error {
  override readonly name = 'MissingSecrets';
  constructor(readonly diagnostic: Diagnostic) {
    super(`${diagnostic.title}: ${diagnostic.detail}`);
  }
}

/** Whether the transport as stored uses the field: an argument's or URL part's reference may have been edited away. */
export function usesSecret(transport: TransportConfig, field: string): boolean {
  if (field.startsWith('arg:')) return transport.kind === 'stdio' && transport.args.some((arg) => refersTo(arg, field));
  if (field.startsWith('url:')) return transport.kind !== 'stdio' && refersTo(transport.url, field);
  return true;
}

function listed(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`;
}

export function missingSecretsDiagnostic(label: string, missing: readonly MissingSecret[]): Diagnostic {
  const one = missing.length === 1;
  const names = listed(missing.map((m) => secretFieldLabel(m.field as SecretField)));
  const reasons = [...new Set(missing.map((m) => m.reason))].join('; ');
  return {
    code: 'invalid-config',
    title: one ? 'A stored secret is missing' : 'Stored secrets are missing',
    detail: one
      ? `The ${names} of ${JSON.stringify(label)} is not in the secret store (${reasons}), so the server was not connected: it would have been sent without it, or with the placeholder that stands for it in servers.json.`
      : `The ${names} of ${JSON.stringify(label)} are not in the secret store (${reasons}), so the server was not connected: it would have been sent without them, or with the placeholders that stand for them in servers.json.`,
    hint: `Edit ${JSON.stringify(label)} and enter its ${names} again, then connect.`,
  };
}
