// What a server says back can hold what the app sent it: many servers echo the
// request they refuse ("no /mcp?api_key=sk-live-… here", a debugging page that
// lists the headers). That text becomes a diagnostic's "Response body", the
// SDK's error message, the protocol log's notes, and the command's words in a
// terminal, JSON or SARIF, where no store of the app's secrets redacts it (a
// key in a --url, a header from the environment). So each secret a request
// carried is masked where the server's words are read, before any of those is
// built from them (transports.ts): an error answer's body and reason phrase
// (cappedFetch), a JSON-RPC error (logged), a stdio server's stderr (read by
// read, a secret cut across two reads held back until it is whole: masked-stderr.ts).
import type { TransportConfig } from '../../shared/model.js';
import { SECRET_MASK } from '../../shared/secret-args.js';
import { isSecretHeader, splitSecrets } from '../../shared/secret-fields.js';
import { percentDecoded } from '../../shared/url-parts.js';

/** The mask where the app's own (••••••••) cannot go: a Response's reason phrase takes Latin-1 only. */
export const LATIN1_MASK = '********';

/** Shorter values are not searched for: "1" would blank every digit. */
export const MIN_SECRET_LENGTH = 4;

/**
 * The secrets a server's settings send it, as servers.json keeps them apart (splitSecrets): the secret
 * query values and key-like path segments of its address, its password, secret headers, the bearer token;
 * a stdio server's secret env values and arguments.
 */
export function configuredSecrets(transport: TransportConfig): string[] {
  return Object.values(splitSecrets(transport).secrets);
}

/** The values of the credential headers one request carries: the SDK's OAuth token is added there, not in the settings. */
export function requestSecrets(headers: ConstructorParameters<typeof Headers>[0]): string[] {
  if (!headers) return [];
  return [...new Headers(headers)].filter(([name, value]) => value !== '' && isSecretHeader(name)).map(([, value]) => value);
}

/** Authorization schemes: the word before the credentials says which kind, and is shown. */
const SCHEMES = /^(?:bearer|basic|token|digest|dpop|apikey|api-key|negotiate|ntlm)$/i;

/**
 * A secret in the forms a server may echo it: as sent, percent-decoded or encoded, JSON-escaped, base64. Of an
 * Authorization, its credentials (the scheme is left to read), and of Basic ones the password decoded (the user
 * name is left, as the app shows an address's).
 */
function formsOf(sent: string): string[] {
  const forms = new Set<string>();
  // A value pasted with a line break or spaces around it (from a terminal, a file) is sent so, but a server that
  // reads it trims them and says the bare value mid-line: the bare value is what is searched for, and of it every
  // form below. Said back whole, the bare value is masked and its line break kept (the log's lines stay apart);
  // the encoded forms of the value as sent are searched for too, as they hold the break inside them.
  const secret = sent.trim();
  const scheme = /^(\S+)\s+(\S.*)$/s.exec(secret);
  if (scheme && SCHEMES.test(scheme[1]!)) {
    const credentials = scheme[2]!;
    forms.add(credentials);
    if (scheme[1]!.toLowerCase() === 'basic') {
      const pair = Buffer.from(credentials, 'base64').toString('utf8');
      const colon = pair.indexOf(':');
      if (colon >= 0) forms.add(pair.slice(colon + 1));
    }
  } else forms.add(secret);
  const bases = [...forms];
  if (sent !== secret && bases.includes(secret)) bases.push(sent);
  for (const form of bases) {
    forms.add(percentDecoded(form));
    forms.add(encodeURIComponent(form));
    forms.add(encodeURIComponent(form).replaceAll('%20', '+'));
    forms.add(JSON.stringify(form).slice(1, -1));
    forms.add(Buffer.from(form, 'utf8').toString('base64'));
  }
  forms.delete(sent === secret ? '' : sent);
  return [...forms];
}

/** Masks the secrets it is given, in every form `formsOf` names, in text a server sent. */
export class SentSecrets {
  private readonly secrets: string[];
  private readonly forms: string[];

  constructor(secrets: Iterable<string>) {
    this.secrets = [...secrets];
    const all = new Set<string>();
    for (const secret of this.secrets) for (const form of formsOf(secret)) if (form.length >= MIN_SECRET_LENGTH) all.add(form);
    // The longest first: a form inside another (the token inside "Bearer token") is masked with it, not left around it.
    this.forms = [...all].sort((a, b) => b.length - a.length);
  }

  /** The same masker with the secrets of one request's headers as well. */
  with(headers: ConstructorParameters<typeof Headers>[0]): SentSecrets {
    const more = requestSecrets(headers);
    return more.length === 0 ? this : new SentSecrets([...this.secrets, ...more]);
  }

  /** `as` stands for each secret: a reason phrase is a header's text, where only Latin-1 may go (LATIN1_MASK). */
  mask(text: string, as: string = SECRET_MASK): string {
    let out = text;
    for (const form of this.forms) if (out.includes(form)) out = out.split(form).join(as);
    return out;
  }

  /**
   * How many characters at the end of `text` could be the start of a secret that a next read completes: the
   * longest end that begins one of the forms (and is not the whole form). 0 when none could.
   */
  unfinishedLength(text: string): number {
    let longest = 0;
    for (const form of this.forms) {
      for (let length = Math.min(form.length - 1, text.length); length > longest; length--) {
        // The first character first: the whole comparison only where a form could begin.
        if (text.charCodeAt(text.length - length) === form.charCodeAt(0) && text.endsWith(form.slice(0, length))) {
          longest = length;
          break;
        }
      }
    }
    return longest;
  }

  /** `at`, or earlier, so that no whole secret in `text` is cut in two there (one form may end inside another's start). */
  cutOutside(text: string, at: number): number {
    let cut = at;
    for (let moved = true; moved; ) {
      moved = false;
      for (const form of this.forms) {
        for (let start = text.indexOf(form, Math.max(0, cut - form.length + 1)); start !== -1 && start < cut; start = text.indexOf(form, start + 1)) {
          if (start + form.length > cut) {
            cut = start;
            moved = true;
            break;
          }
        }
      }
    }
    return cut;
  }

  /**
   * Where a whole secret in `text` that begins before `at` and ends after it ends (of those, the one begun first):
   * the rest of a secret whose start was already shown. Undefined when none crosses `at`.
   */
  secretAcross(text: string, at: number): number | undefined {
    let found: { start: number; end: number } | undefined;
    for (const form of this.forms) {
      for (let start = text.indexOf(form, Math.max(0, at - form.length + 1)); start !== -1 && start < at; start = text.indexOf(form, start + 1)) {
        if (start + form.length <= at) continue;
        if (!found || start < found.start) found = { start, end: start + form.length };
        break;
      }
    }
    return found?.end;
  }

  /**
   * A JSON-RPC message with its `error` (a refusal's message and data: never a skill's content, which is read as
   * sent) masked; the message itself when it has no error or none of the secrets is in it. The SDK builds its
   * error, and the log its entry, from what this returns.
   */
  maskError<T>(message: T): T {
    if (this.forms.length === 0 || typeof message !== 'object' || message === null || !('error' in message)) return message;
    const text = JSON.stringify(message.error);
    if (text === undefined) return message;
    // Searched for as JSON writes a string's text (formsOf adds each form JSON-escaped), so the masked text still parses.
    const masked = this.mask(text);
    return masked === text ? message : { ...message, error: JSON.parse(masked) as unknown };
  }
}
