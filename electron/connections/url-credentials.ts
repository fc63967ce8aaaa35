// A user name and password in a server's address (https://ada:s3cret@host/mcp).
// Node's fetch refuses to build a request from such a URL ("Request cannot be
// constructed from a URL that includes credentials"), so the server never
// connected. They are what a browser or curl sends as HTTP Basic credentials:
// taken out of the address the transport uses, they go as an
// `Authorization: Basic …` header among the server's own headers, which reach
// that server's requests only (server-headers.ts), never an authorization
// server or another origin. An Authorization the user set (a header, the bearer
// token) is the user's word and wins; the protocol log says the URL's were not sent.
import type { Diagnostic, TransportConfig } from '../../shared/model.js';
import { percentDecoded } from '../../shared/url-parts.js';
import type { ProtocolLog } from './protocol-log.js';

/**
 * The transport with the address's user name and password taken out, sent as Basic credentials
 * (RFC 7617: `base64(user ":" password)` of their UTF-8, each percent-decoded first as RFC 3986
 * writes them in a URL); the transport itself when its address has neither.
 */
export function withUrlCredentials(transport: TransportConfig, log: ProtocolLog): TransportConfig {
  if (transport.kind === 'stdio' || !URL.canParse(transport.url)) return transport;
  const address = new URL(transport.url);
  if (address.username === '' && address.password === '') return transport;
  const user = percentDecoded(address.username);
  const password = percentDecoded(address.password);
  const url = credentialsRemoved(transport.url);
  const theirs = transport.bearerToken ? 'the bearer token' : Object.keys(transport.headers).find((name) => name.toLowerCase() === 'authorization');
  if (theirs !== undefined) {
    const what = theirs === 'the bearer token' ? theirs : `the ${theirs} header`;
    log.note(`The user name and password in the server's URL were not sent: ${what} set for this server is its Authorization, and a request carries one.`);
    return { ...transport, url };
  }
  // The server splits user:password at the first ':' (RFC 7617 §2): such a user name would be read as another one.
  if (user.includes(':')) throw new UnsendableCredentials(colonInUser(url));
  log.note(`The user name and password in the server's URL go as an Authorization: Basic header, to ${address.origin} only; the URL is used without them.`);
  const basic = Buffer.from(`${user}:${password}`, 'utf8').toString('base64');
  return { ...transport, url, headers: { ...transport.headers, Authorization: `Basic ${basic}` } };
}

/** URL credentials that cannot go as Basic: the connection is not attempted, and the diagnostic says why. */
export class UnsendableCredentials extends Error {
  override readonly name = 'UnsendableCredentials';
  constructor(readonly diagnostic: Diagnostic) {
    super(`${diagnostic.title}: ${diagnostic.detail}`);
  }
}

/** The user name is not repeated: what follows its ':' may well be a password put in the wrong place. */
function colonInUser(url: string): Diagnostic {
  return {
    code: 'invalid-config',
    title: 'The user name in the URL cannot be sent',
    detail: `The user name in the URL of ${url} has a ":" once percent-decoded, and Basic credentials cannot carry one (RFC 7617 §2): the server would read what follows it as part of the password. The server was not connected.`,
    hint: 'Correct the user name in the URL, or give the credentials as an Authorization header instead.',
  };
}

/**
 * The address without its user name and password, as the transport is given it: what a message, the OAuth
 * sign-in (its resource, its record's binding) and the command may name. An address that does not parse, as it is.
 */
export function credentialsRemoved(url: string): string {
  if (!URL.canParse(url)) return url;
  const address = new URL(url);
  if (address.username === '' && address.password === '') return url;
  address.username = '';
  address.password = '';
  return address.href;
}
