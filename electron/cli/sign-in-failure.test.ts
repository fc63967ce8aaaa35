// A sign-in the command cannot put a name to (diagnoseOAuth does not recognise
// the error) still ends in one short line: the authorization server decides
// what such an error says. Here its registration endpoint answers 201 with
// 20,000 redirect URIs the SDK refuses, and the SDK's validation error lists
// each, about 3 MB on 15 lines apiece. A real HTTP server on 127.0.0.1.
import { afterEach, describe, expect, it } from 'vitest';
import { startSelfAuthorizing, type SelfAuthorizingServer } from '../../test/fixtures/oauth/self-authorizing-server.js';
import { ConnectFailure, openSession, signInFailure } from './session.js';

const servers: SelfAuthorizingServer[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** An MCP endpoint that needs a sign-in, and is its own authorization server; `register` answers the client registration. */
async function start(register: string): Promise<string> {
  const server = await startSelfAuthorizing({ register: (res) => res.writeHead(201, { 'content-type': 'application/json' }).end(register) });
  servers.push(server);
  return server.url;
}

async function failure(url: string): Promise<string> {
  const target = { label: 'notes', transport: { kind: 'http' as const, url, headers: {}, auth: { type: 'oauth' as const } }, oauthMemory: true };
  const error = await openSession(target, {}, { say: () => undefined }).then(
    async (session) => {
      await session.close();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectFailure);
  return (error as Error).message;
}

describe('a sign-in that fails in a way the command does not recognise', () => {
  it('is said on one line, 200 characters of it, with how much was left out', { timeout: 20_000 }, async () => {
    const url = await start(JSON.stringify({ client_id: 'notes-client', redirect_uris: Array.from({ length: 20_000 }, () => 'javascript:x') }));
    const issue = (n: number) => `{ "code": "custom", "path": [ "redirect_uris", ${n} ], "message": "URL cannot use javascript:, data:, or vbscript: scheme" }`;
    const whole = `[ ${Array.from({ length: 20_000 }, (_, n) => issue(n)).join(', ')} ]`;
    const shown = `[ ${issue(0)}, { "code": "custom", "path": [ "redirect_uris", 1 ], "message": "URL cannot`;
    expect(shown.length).toBe(199); // and " use" would pass 200
    expect(await failure(url)).toBe(`The OAuth sign-in failed: ${shown}… (${whole.length - shown.length - 1} more characters)`);
  });
});

describe('signInFailure: the words for a failed sign-in', () => {
  it('redacts a secret the sign-in holds before cutting, and shows control characters as marks', () => {
    const secret = 'cs-live-7d1e0c5b9a2f4e6d8c0b1a3f5e7d9c1b';
    const error = new Error(`token endpoint said:\r\n\u001b[2J client_secret=${secret} ${'z'.repeat(300)}`);
    expect(signInFailure(error, 'http://127.0.0.1:9/mcp', [secret])).toBe('The OAuth sign-in failed: token endpoint said: ⟦ESC⟧[2J client_secret=[secret]… (300 more characters)');
  });
});
