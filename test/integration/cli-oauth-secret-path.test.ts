// `check --url 'http://host/mcp/sk-…' --oauth`: a key as a segment of the
// server's address (a hosted server's URL as handed out). The command printed
// the address as given in 'To sign in to …' (a terminal, a CI log), where a key
// in a query parameter was masked. It now names the address with the segment
// masked, as the app shows it; the key still reaches the MCP server, and no
// request the authorization server received holds it (resource-indicator.ts).
import { promises as fs } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tempDir } from '../fixtures/servers/harness.js';
import { runSigningIn } from '../fixtures/oauth/cli-sign-in.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';

/** A key as a service hands it out: the shape the app takes for a credential (sk-…). */
const KEY = 'sk-cliPath7e2aOAuthMarker0123456789';

let dataDir: string;

// The metadata names the resource by the keyed address; resources/read asks for a step-up sign-in.
const oauth = useOAuthFixture(['--step-up', '--key-in-path']);

beforeAll(async () => {
  dataDir = await tempDir('cli-oauth-secret-path');
}, 60_000);

afterAll(async () => {
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('check --oauth with a key as a path segment of --url', () => {
  test('signs in, steps up and checks; the key is printed nowhere and reaches the MCP server only', async () => {
    const run = await runSigningIn(['check', '--url', `${oauth.fixture.url}/${KEY}`, '--oauth', '--json'], dataDir);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { skills: { uri: string }[] };
    expect(report.skills.map((s) => s.uri).sort()).toEqual(['skill://greeting/SKILL.md', 'skill://lint-check/SKILL.md']);
    expect(run.stdout).not.toContain(KEY);
    expect(run.stderr).not.toContain(KEY);
    // The sign-in and the step-up each say where.
    expect(run.stderr.split(`To sign in to ${oauth.fixture.url}/••••••••, open this address in a browser`)).toHaveLength(3);
    expect(run.pages.filter((page) => page.includes(KEY))).toEqual([]);
    expect((await oauth.fixture.mcpRequestUrls()).filter((u) => u.includes(KEY)).length).toBeGreaterThan(0);
    expect((await oauth.fixture.asRequests()).filter((r) => JSON.stringify(r).includes(KEY))).toEqual([]);
  }, 120_000);
});
