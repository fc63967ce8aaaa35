// The resource indicator (RFC 8707) a sign-in sends the authorization server,
// in the authorization page's address and in each token request. The SDK sends
// the server's protected-resource metadata's `resource` as written; a server
// that names itself by the address it was called at (`…/mcp?api_key=…`, or
// `…/mcp/<key>` when the key is a segment of the address) would so have the
// person's key put into the page's address (browser history, the authorization
// server's logs) and sent to another origin. RFC 8707 §2: the indicator
// "SHOULD NOT include a query component"; the key belongs to the server only,
// so the query parameters the app keeps as secrets are left out. A path segment
// has no name to go by: one that looks like a credential by the rule the app
// keeps arguments and header values by (secret-values.ts: a known service's
// token, a JWT, a long random string) ends the indicator before it. What is
// left is a prefix of the server's address, which the SDK's own rule allows a
// protected resource to be named by (the same origin and a path prefix), and
// is how an authorization server that knows the server without its key names
// it; one that knows it only with the key refuses it (invalid_target), and the
// sign-in fails with the key still at the server only.
import { checkResourceAllowed, resourceUrlFromServerUrl } from '@modelcontextprotocol/client';
import { isSecretPathSegment, SECRET_MASK, splitUrl } from '../../shared/secret-args.js';
import { isSecretName } from '../../shared/secret-fields.js';
import { urlParts } from '../../shared/url-parts.js';

/** The address without the query parameters the app keeps as secrets (those splitUrl takes out), the rest as written. */
export function withoutSecretQuery(url: string): string {
  const parts = urlParts(url);
  const split = urlParts(splitUrl(url, isSecretName).url);
  if (!parts?.query || !split?.query) return url;
  const pairs = parts.rest.slice(parts.query.start, parts.query.end).split('&');
  const keptPairs = split.rest.slice(split.query.start, split.query.end).split('&');
  // splitUrl keeps each pair in its place, a secret's value replaced: a pair that changed held a secret.
  const query = pairs.filter((pair, i) => keptPairs[i] === pair).join('&');
  if (query.length === parts.query.end - parts.query.start) return url;
  const before = parts.rest.slice(0, query ? parts.query.start : parts.query.start - 1);
  return `${parts.scheme}${before}${query}${parts.rest.slice(parts.query.end)}`;
}

/** Where an address's path stands in it, [start, end), and its segments; undefined when it has none. */
function pathOf(url: string): { start: number; end: number; segments: string[] } | undefined {
  const parts = urlParts(url);
  if (!parts) return undefined;
  const from = parts.rest.search(/[/?#]/);
  if (from < 0 || parts.rest[from] !== '/') return undefined;
  const length = parts.rest.slice(from).search(/[?#]/);
  const start = parts.scheme.length + from;
  const end = length < 0 ? url.length : start + length;
  return { start, end, segments: url.slice(start + 1, end).split('/') };
}

// The rule splitUrl keeps a segment out of servers.json by.
const looksSecret = (segment: string) => isSecretPathSegment(segment, isSecretName);

/** The address ending before its first credential-looking path segment (its query and fragment follow it, so they go too). */
export function withoutSecretPath(url: string): string {
  const path = pathOf(url);
  const index = path?.segments.findIndex(looksSecret) ?? -1;
  if (!path || index < 0) return url;
  return url.slice(0, path.start + path.segments.slice(0, index).reduce((n, s) => n + s.length + 1, 0));
}

/** What a message may repeat of an address: the secret query parameters left out, each credential-looking segment masked. */
function shown(url: string): string {
  const text = withoutSecretQuery(url);
  const path = pathOf(text);
  if (!path?.segments.some(looksSecret)) return text;
  return `${text.slice(0, path.start)}/${path.segments.map((s) => (looksSecret(s) ? SECRET_MASK : s)).join('/')}${text.slice(path.end)}`;
}

/**
 * What the SDK's selectResourceURL chooses (no metadata: no indicator; its `resource`, which must be the
 * server's origin and a prefix of its path), less the secret query parameters and from a credential-looking
 * path segment on. The SDK sends the URL's `href`: it is the text as written, since an exact-match
 * authorization server compares strings (a pathless `https://host` stays without a '/').
 */
export function resourceIndicator(serverUrl: string | URL, resource: string | undefined): URL | undefined {
  if (resource === undefined) return undefined;
  const expected = resourceUrlFromServerUrl(serverUrl);
  if (!checkResourceAllowed({ requestedResource: expected, configuredResource: resource })) {
    // The words of the SDK's own refusal (oauth-errors.ts reads them), without the key.
    throw new Error(`Protected resource ${shown(resource)} does not match expected ${shown(expected.href)} (or origin)`);
  }
  const text = withoutSecretPath(withoutSecretQuery(resource));
  const indicator = new URL(text);
  Object.defineProperty(indicator, 'href', { value: text, enumerable: true });
  return indicator;
}
