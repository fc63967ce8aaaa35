// The resource indicator (RFC 8707) a sign-in sends the authorization server,
// in the authorization page's address and in each token request. The SDK sends
// the server's protected-resource metadata's `resource` as written; a server
// that names itself by the address it was called at (`…/mcp?api_key=…`) would
// so have the person's key put into the page's address (browser history, the
// authorization server's logs) and sent to another origin. RFC 8707 §2: the
// indicator "SHOULD NOT include a query component"; the key belongs to the
// server only, so the query parameters the app keeps as secrets are left out.
import { checkResourceAllowed, resourceUrlFromServerUrl } from '@modelcontextprotocol/client';
import { splitUrl } from '../../shared/secret-args.js';
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

/**
 * What the SDK's selectResourceURL chooses (no metadata: no indicator; its `resource`, which must be the
 * server's origin and a prefix of its path), less the secret query parameters. The SDK sends the URL's
 * `href`: it is the text as written, since an exact-match authorization server compares strings (a pathless
 * `https://host` stays without a '/').
 */
export function resourceIndicator(serverUrl: string | URL, resource: string | undefined): URL | undefined {
  if (resource === undefined) return undefined;
  const expected = resourceUrlFromServerUrl(serverUrl);
  if (!checkResourceAllowed({ requestedResource: expected, configuredResource: resource })) {
    // The words of the SDK's own refusal (oauth-errors.ts reads them), without the key.
    throw new Error(`Protected resource ${withoutSecretQuery(resource)} does not match expected ${withoutSecretQuery(expected.href)} (or origin)`);
  }
  const text = withoutSecretQuery(resource);
  const indicator = new URL(text);
  Object.defineProperty(indicator, 'href', { value: text, enumerable: true });
  return indicator;
}
