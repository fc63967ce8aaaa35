// `check --url 'http://host/mcp?api_key=…' --oauth`: the command sends the
// URL as given to the MCP server, and signs in with the SDK, which sends the
// authorization server a resource indicator (RFC 8707), in the authorization
// page's address it prints and in each token request: the server's
// protected-resource metadata's `resource`. So the key must reach the MCP
// server only: no request the authorization server received (the command's,
// or the browser's on its pages) and no printed address holds it. A server
// that names itself by the address it was called at (its metadata's resource
// carrying ?api_key=…) had the key put into the printed page's address, and
// the sign-in failed (invalid_target).
import { promises as fs } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tempDir } from '../fixtures/servers/harness.js';
import { runSigningIn } from '../fixtures/oauth/cli-sign-in.js';
import { type OAuthFixture } from '../fixtures/oauth/harness.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';

const KEY = 'key-92e4-cli-oauth-query-marker';

let dataDir: string;

// resources/read needs one more scope: the read of each SKILL.md asks for a step-up sign-in.
const plain = useOAuthFixture(['--step-up']);
const selfNaming = useOAuthFixture(['--step-up', '--resource-from-address']);

beforeAll(async () => {
  dataDir = await tempDir('cli-oauth-secret-query');
}, 60_000);

afterAll(async () => {
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** Signs in, steps up and checks the fixture's server with the key in --url; checks where the key went. */
async function checkWithKey(fixture: OAuthFixture): Promise<void> {
  const run = await runSigningIn(['check', '--url', `${fixture.url}?api_key=${KEY}`, '--oauth', '--json'], dataDir);
  expect(run.code, run.stderr).toBe(0);
  const report = JSON.parse(run.stdout) as { skills: { uri: string }[] };
  expect(report.skills.map((s) => s.uri).sort()).toEqual(['skill://greeting/SKILL.md', 'skill://lint-check/SKILL.md']);
  // The sign-in and the step-up: each page's resource is the server's address without the query.
  expect(run.pages.map((page) => new URL(page).searchParams.get('resource'))).toEqual([fixture.url, fixture.url]);
  expect(run.pages.filter((page) => page.includes(KEY))).toEqual([]);
  // What the command says names the address with the key masked, as the app shows it: a CI log can be public.
  expect(run.stderr).not.toContain(KEY);
  expect(run.stderr).toContain(`To sign in to ${fixture.url}?api_key=••••••••, open this address in a browser`);

  expect((await fixture.mcpRequestUrls()).filter((u) => u.includes(KEY)).length).toBeGreaterThan(0);
  const toAuthorizationServer = await fixture.asRequests();
  const paths = toAuthorizationServer.map((r) => `${r.method} ${new URL(r.url, 'http://as').pathname}`);
  for (const seen of ['POST /reg', 'GET /auth', 'POST /token']) expect(paths).toContain(seen);
  expect(toAuthorizationServer.filter((r) => new URLSearchParams(r.body).get('grant_type') === 'authorization_code')).toHaveLength(2);
  expect(toAuthorizationServer.filter((r) => JSON.stringify(r).includes(KEY))).toEqual([]);
  const resources = toAuthorizationServer.flatMap((r) => [...new URL(r.url, 'http://as').searchParams.getAll('resource'), ...new URLSearchParams(r.body).getAll('resource')]);
  expect(new Set(resources)).toEqual(new Set([fixture.url]));
}

describe('check --oauth with a secret query parameter in --url', () => {
  test('signs in, steps up and checks; the key reaches the MCP server only', async () => {
    await checkWithKey(plain.fixture);
  }, 120_000);

  test('a server whose metadata names its resource with the key: the indicator leaves the key out, and the sign-in works', async () => {
    await checkWithKey(selfNaming.fixture);
  }, 120_000);
});
