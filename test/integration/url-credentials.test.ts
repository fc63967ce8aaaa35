// An HTTP server added with a user name and password in its URL
// (http://ada:s3cret@host/mcp). Node's fetch refuses such a URL, and the server
// never connected: "Connection failed … Request cannot be constructed from a
// URL that includes credentials". Now they go as `Authorization: Basic …`, to
// the auth fixture (an official SDK server that answers 401 unless the header
// is exactly the one it was started with), through the contract.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ContractClient, startHttpFixture, type RunningFixture } from '../fixtures/servers/harness.js';

const FIXTURE_SKILLS = ['skill://greeting/SKILL.md', 'skill://lint-check/SKILL.md'];
const UNAUTHORIZED_BODY = '{"error":"invalid_token","error_description":"Missing or wrong bearer token or team header"}';
/** base64("ada:s3cret"). */
const ADA = 'Basic YWRhOnMzY3JldA==';
/** base64 of the UTF-8 of "adé:p@ss:w/rd", what "ad%C3%A9:p%40ss%3Aw%2Frd" stands for. */
const DECODED = 'Basic YWTDqTpwQHNzOncvcmQ=';
/** base64("carol:from-header"). */
const CAROL = 'Basic Y2Fyb2w6ZnJvbS1oZWFkZXI=';

interface Seen {
  readonly method: string;
  readonly status: number;
  readonly headers: Record<string, string | null>;
}

let client: ContractClient;
const fixtures: RunningFixture[] = [];

beforeAll(async () => {
  client = await ContractClient.open({ requestTimeoutMs: 15_000 });
});
afterAll(async () => {
  await client?.call('approvals.audit', {});
  await client?.close();
  await Promise.all(fixtures.map((f) => f.stop()));
});

/** An auth fixture that wants exactly `authorization`. */
async function wanting(authorization: string): Promise<RunningFixture> {
  const fixture = await startHttpFixture('auth-skills-server.mjs', ['--require-header', `Authorization: ${authorization}`]);
  fixtures.push(fixture);
  return fixture;
}

async function seen(fixture: RunningFixture): Promise<Seen[]> {
  return (await (await fetch(new URL('/seen', fixture.url))).json()) as Seen[];
}

/** The fixture's URL with `userinfo@` after the scheme. */
const withUser = (url: string, userinfo: string) => url.replace('http://', `http://${userinfo}@`);

let counter = 0;
async function connect(url: string, headers: Record<string, string> = {}) {
  const { id } = await client.call('servers.add', { label: `Basic ${++counter}`, transport: { kind: 'http', url, headers } });
  return { serverId: id, snapshot: await client.call('servers.connect', { serverId: id }) };
}

async function notes(serverId: string): Promise<string[]> {
  return (await client.call('log.get', { serverId })).filter((e) => e.kind === 'note').map((e) => e.text ?? '');
}

describe('a user name and password in an HTTP server URL', () => {
  test('connect as Basic credentials: every request carries exactly Basic base64(user:password), the skills list', async () => {
    const server = await wanting(ADA);
    const { serverId, snapshot } = await connect(withUser(server.url, 'ada:s3cret'));
    expect([snapshot.status, snapshot.error]).toEqual(['connected', undefined]);
    await client.until('the listing', () => client.payloads('skills.listed').some((e) => e.serverId === serverId && e.done));
    expect((await client.call('skills.list', { serverId })).map((s) => s.uri).sort()).toEqual(FIXTURE_SKILLS);
    const requests = await seen(server);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests.map((r) => [r.headers, r.status === 401])).toEqual(requests.map(() => [{ authorization: ADA }, false]));
    expect(await notes(serverId)).toContain(`The user name and password in the server's URL go as an Authorization: Basic header, to ${new URL(server.url).origin} only; the URL is used without them.`);
    expect((await client.call('servers.disconnect', { serverId })).status).toBe('disconnected');
  });

  test('percent-encoded ones are decoded first (RFC 3986), then sent as the UTF-8 of user:password', async () => {
    const server = await wanting(DECODED);
    const { serverId, snapshot } = await connect(withUser(server.url, 'ad%C3%A9:p%40ss%3Aw%2Frd'));
    expect([snapshot.status, snapshot.error]).toEqual(['connected', undefined]);
    const requests = await seen(server);
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(requests.map((r) => r.headers)).toEqual(requests.map(() => ({ authorization: DECODED })));
    expect((await client.call('servers.disconnect', { serverId })).status).toBe('disconnected');
  });

  test('an Authorization header set for the server wins, and the protocol log says the URL\'s were not sent', async () => {
    const server = await wanting(CAROL);
    const { serverId, snapshot } = await connect(withUser(server.url, 'ada:s3cret'), { authorization: CAROL });
    expect([snapshot.status, snapshot.error]).toEqual(['connected', undefined]);
    const requests = await seen(server);
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(requests.map((r) => r.headers)).toEqual(requests.map(() => ({ authorization: CAROL })));
    expect(await notes(serverId)).toContain(
      "The user name and password in the server's URL were not sent: the authorization header set for this server is its Authorization, and a request carries one.",
    );
    expect((await client.call('servers.disconnect', { serverId })).status).toBe('disconnected');
  });

  test('a wrong password: the 401 diagnostic names the URL without the credentials', async () => {
    const server = await wanting(ADA);
    const { serverId, snapshot } = await connect(withUser(server.url, 'ada:wrong-pass'));
    expect(snapshot.error).toEqual({
      code: 'http-unauthorized',
      title: 'Unauthorized (HTTP 401)',
      detail: `${server.url} refused the request: authentication is required or the credentials were rejected.\nResponse body: ${UNAUTHORIZED_BODY}`,
      hint: 'Add or correct the bearer token or the Authorization header in the server settings.',
    });
    const requests = await seen(server);
    expect(requests.map((r) => [r.status, r.headers])).toEqual(requests.map(() => [401, { authorization: 'Basic YWRhOndyb25nLXBhc3M=' }]));
    // Neither password is in what the app shows of these servers: the list, the log, the connection states.
    const shown = JSON.stringify([await client.call('servers.list', {}), await client.call('log.get', { serverId }), client.payloads('connection.changed'), client.payloads('log.appended')]);
    for (const secret of ['s3cret', 'wrong-pass', 'p%40ss', 'p@ss', 'YWRhOnMzY3JldA', 'YWRhOndyb25nLXBhc3M']) expect(shown).not.toContain(secret);
  });
});
