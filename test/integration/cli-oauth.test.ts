// `check --url … --oauth` at a terminal: the command prints the authorization
// page's address on stderr, waits for the browser on 127.0.0.1, checks the
// server with the token; the next run finds the tokens in the store
// (SKILL_INSPECTOR_SECRETS=file: the encrypted file of the data folder here)
// and asks nobody. --oauth-memory keeps nothing, so it asks again.
import { promises as fs } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tempDir } from '../fixtures/servers/harness.js';
import { runSigningIn } from '../fixtures/oauth/cli-sign-in.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';

let dataDir: string;

const oauth = useOAuthFixture();

beforeAll(async () => {
  dataDir = await tempDir('cli-oauth');
}, 60_000);

afterAll(async () => {
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** Runs the command; when it prints an authorization address, a person completes the page. */
async function run(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string; pages: number }> {
  const done = await runSigningIn(args, dataDir);
  return { ...done, pages: done.pages.length };
}

describe('check --oauth', () => {
  test('signs in through the printed address, keeps the tokens for the next run; --oauth-memory asks every time', async () => {
    const first = await run(['check', '--url', oauth.fixture.url, '--oauth', '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.pages).toBe(1);
    expect(first.stderr).toContain(`To sign in to ${oauth.fixture.url}, open this address in a browser`);
    expect(first.stderr).toContain('Signed in (scope: mcp:read).');
    const report = JSON.parse(first.stdout) as { skills: { uri: string }[] };
    expect(report.skills.map((s) => s.uri).sort()).toEqual(['skill://greeting/SKILL.md', 'skill://lint-check/SKILL.md']);

    const second = await run(['check', '--url', oauth.fixture.url, '--oauth', '--json']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.pages).toBe(0);
    expect(second.stderr).not.toContain('open this address');

    const memory = await run(['list', '--url', oauth.fixture.url, '--oauth', '--oauth-memory']);
    expect(memory.code, memory.stderr).toBe(0);
    expect(memory.pages).toBe(1);
    const grants = (await oauth.fixture.events()).filter((e) => e.event === 'token').map((e) => e.grant_type);
    expect(grants).toEqual(['authorization_code', 'authorization_code']);
  }, 120_000);

  test('without --oauth the 401 says the server signs in with OAuth', async () => {
    const plain = await run(['list', '--url', oauth.fixture.url]);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain('Unauthorized (HTTP 401)');
    expect(plain.stderr).toContain('give the command --oauth');
  }, 60_000);

  test('--oauth with a stdio server, or a companion flag without --oauth, is a usage error', async () => {
    const stdio = await run(['list', '--stdio', 'node x.js', '--oauth']);
    expect(stdio.code).toBe(2);
    expect(stdio.stderr).toContain('--oauth goes with an HTTP server');
    const alone = await run(['list', '--url', oauth.fixture.url, '--oauth-memory']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('go with --oauth');
  }, 60_000);
});
