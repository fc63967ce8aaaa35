// What a credential looks like by its value, whatever the setting is called:
// a DATABASE_URL=postgres://ada:pw@host/db or a GH=ghp_… said nothing by its
// name and was kept in clear in servers.json. Used by shared/secret-fields.ts
// and shared/secret-args.ts only (the places that decide what is a secret). A value taken for a
// secret by mistake costs little: it is kept in the secret store, still used,
// and the form shows it as set.
import { queryParamName, urlParts } from './url-parts.js';

/**
 * A value that says yes or no, never a credential, whatever the name around it:
 * `--token-refresh true`, `--use-secret=off`, `USE_TOKEN=true`, `X-Api-Key-Required: false`.
 */
export function saysYesOrNo(value: string): boolean {
  return /^(?:true|false|yes|no|on|off|0|1)$/i.test(value);
}

/** Prefixes that services put on their tokens so scanners find them, each with enough of a body to be one. */
const TOKEN_SHAPES: readonly RegExp[] = [
  /(?:^|[^A-Za-z0-9_])(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}/, // GitHub
  /(?:^|[^A-Za-z0-9_])github_pat_[A-Za-z0-9_]{20,}/, // GitHub fine-grained
  /(?:^|[^A-Za-z0-9_])glpat-[A-Za-z0-9_-]{20,}/, // GitLab
  /(?:^|[^A-Za-z0-9_])sk-[A-Za-z0-9_-]{16,}/, // OpenAI, Anthropic (sk-ant-…), DeepSeek…
  /(?:^|[^A-Za-z0-9_])(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/, // Stripe
  /(?:^|[^A-Za-z0-9_])xox[abposr]-[A-Za-z0-9-]{10,}/, // Slack
  /(?:^|[^A-Za-z0-9_])xapp-[A-Za-z0-9-]{10,}/, // Slack app-level
  /(?:^|[^A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])/, // AWS access key id
  /(?:^|[^A-Za-z0-9_])AIza[A-Za-z0-9_-]{35}/, // Google API key
  /(?:^|[^A-Za-z0-9_])npm_[A-Za-z0-9]{36}/, // npm
  /(?:^|[^A-Za-z0-9_])pypi-[A-Za-z0-9_-]{40,}/, // PyPI
  /(?:^|[^A-Za-z0-9_])hf_[A-Za-z0-9]{30,}/, // Hugging Face
  /(?:^|[^A-Za-z0-9_])(?:shpat|shpss|shpca)_[a-fA-F0-9]{32}/, // Shopify
  /(?:^|[^A-Za-z0-9_])dop_v1_[a-f0-9]{64}/, // DigitalOcean
  /(?:^|[^A-Za-z0-9_])SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/, // SendGrid
  /(?:^|[^A-Za-z0-9_])(?:glc|glsa)_[A-Za-z0-9_]{32,}/, // Grafana
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/, // a PEM private key
];

/** A JSON Web Token: three base64url parts, the first a JSON object ("eyJ" is `{"`). */
const JWT = /(?:^|[^A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/;

/** An HTTP credential as a header carries it: "Bearer …", "Basic …", "token …". */
const AUTH_SCHEME = /^\s*(?:bearer|basic|token|bot|digest|negotiate|apikey|key)\s+\S{8,}/i;

/** A connection string with its password: "Server=db;User Id=ada;Password=pw;". */
const PASSWORD_PAIR = /(?:^|[;\s])(?:password|pwd|passwd)\s*=\s*[^;\s]/i;

/** Long enough that a random string of it is a key; SHA-1 digests and UUIDs (hex) are left alone below. */
const MIN_RANDOM_LENGTH = 32;
const RANDOM_ALPHABET = /^[A-Za-z0-9+/=_.~-]+$/;

/** Shannon entropy of the value's characters, in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / text.length) * Math.log2(n / text.length);
  return bits;
}

/**
 * A long random-looking word: letters of both cases and digits, no spaces,
 * 4 bits or more per character. Hex (digests, ids) has at most 4 and is left
 * alone, as are paths (a leading / . ~ or a drive letter).
 */
function looksRandom(value: string): boolean {
  if (value.length < MIN_RANDOM_LENGTH || value.length > 4096 || !RANDOM_ALPHABET.test(value)) return false;
  if (/^[/.~]/.test(value)) return false;
  if (!/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/[0-9]/.test(value)) return false;
  return entropy(value) >= 4.2;
}

/**
 * An address with a password in its userinfo (postgres://ada:pw@host,
 * redis://:pw@host), or with a query parameter named like a secret
 * (…?api_key=…), at the places url-parts.ts finds.
 */
function urlWithSecret(value: string, isSecretName: (name: string) => boolean): boolean {
  const parts = urlParts(value);
  if (!parts) return false;
  if (parts.password) return true;
  if (!parts.query) return false;
  const pairs = parts.rest.slice(parts.query.start, parts.query.end).split('&');
  return pairs.some((pair) => {
    const eq = pair.indexOf('=');
    return eq >= 0 && eq + 1 < pair.length && isSecretName(queryParamName(pair.slice(0, eq)));
  });
}

/**
 * Whether a setting's value is a credential by its look: an address with a
 * password, a token of a known service, a JWT, an Authorization-style value,
 * a connection string's password, a long random string. `isSecretName` is the
 * name rule, for an address's query parameters (…?api_key=…).
 */
export function looksLikeSecretValue(value: string, isSecretName: (name: string) => boolean): boolean {
  const text = value.trim();
  if (text === '') return false;
  return (
    urlWithSecret(text, isSecretName) ||
    TOKEN_SHAPES.some((shape) => shape.test(text)) ||
    JWT.test(text) ||
    AUTH_SCHEME.test(text) ||
    PASSWORD_PAIR.test(text) ||
    looksRandom(text)
  );
}
