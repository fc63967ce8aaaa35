// What an authorization server writes into a failed sign-in's diagnostic is
// its own text: a registration refused with a body of most of a megabyte
// (control characters and all), an issuer of any length. The diagnostic says
// what failed and where, and quotes that text short, on one line.
import { afterEach, describe, expect, it } from 'vitest';
import { startSelfAuthorizing, type SelfAuthorizingAnswers, type SelfAuthorizingServer } from '../../test/fixtures/oauth/self-authorizing-server.js';
import { diagnoseOAuth } from './oauth-errors.js';
import { OAuthSessions } from './oauth-sessions.js';
import { MemoryOAuthVault } from './oauth-vault.js';

const servers: SelfAuthorizingServer[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function start(answers: SelfAuthorizingAnswers): Promise<string> {
  const server = await startSelfAuthorizing(answers);
  servers.push(server);
  return server.url;
}

const LEAD = '[2J [Hno loopback ';

async function failedSignIn(url: string): Promise<unknown> {
  const sessions = new OAuthSessions({ vault: new MemoryOAuthVault(), clientName: 'test', openAuthorizationUrl: async () => undefined });
  return sessions.signIn({ key: 's1', serverId: 's1', url, settings: { type: 'oauth' } }).then(
    () => 'signed in',
    (error: unknown) => error,
  );
}

describe("an authorization server's words in a failed sign-in", () => {
  it('a registration refused with a body of most of a megabyte: what, where, the body quoted short', async () => {
    const body = JSON.stringify({ error: 'invalid_redirect_uri', error_description: `\u001b[2J\u001b[Hno\r\nloopback ${'x'.repeat(900_000)}` });
    const url = await start({ register: (res) => res.writeHead(400, { 'content-type': 'application/json' }).end(body) });
    const diagnostic = diagnoseOAuth(await failedSignIn(url), url, true);
    expect(diagnostic).toEqual({
      code: 'oauth-failed',
      title: 'The OAuth sign-in failed',
      hint: 'Open the protocol log for the exchange that failed; sign in again once the cause is fixed.',
      // ESC, CR and LF are spaces, the spaces one, the description cut at 200 characters.
      detail: `The authorization server of ${url} refused to register this app as a client (HTTP 400): "invalid_redirect_uri": "${LEAD}${'x'.repeat(200 - LEAD.length)}…". Register a client with it yourself (redirect URI http://127.0.0.1/callback, any port), then enter its client ID in the server settings.`,
    });
  });

  it('a registration refused with a body that is not JSON: the start of the body, on one line', async () => {
    const url = await start({ register: (res) => res.writeHead(503, { 'content-type': 'text/html' }).end(`<html>\n<h1>Down</h1>\n${'<p>'.repeat(100_000)}`) });
    const diagnostic = diagnoseOAuth(await failedSignIn(url), url, true);
    expect(diagnostic?.detail).toBe(`The authorization server of ${url} refused to register this app as a client (HTTP 503): ${JSON.stringify(`<html> <h1>Down</h1> ${'<p>'.repeat(100)}`.slice(0, 200) + '…')}. Register a client with it yourself (redirect URI http://127.0.0.1/callback, any port), then enter its client ID in the server settings.`);
  });

  it('metadata that names another issuer, 1 MiB of it: both issuers, the received one quoted short', async () => {
    const url = await start({ issuer: (base) => `${base}/\u202e${'y'.repeat(1000 * 1000)}` });
    const base = new URL(url).origin;
    const diagnostic = diagnoseOAuth(await failedSignIn(url), url, true);
    expect(diagnostic?.code).toBe('oauth-failed');
    expect(diagnostic?.detail).toBe(`The authorization server's metadata names another issuer: "${base}" was expected (the address it was looked up at), and it says "${base}/\u202e${'y'.repeat(200 - base.length - 2)}…".`);
  });
});
