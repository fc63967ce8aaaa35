// `check --url http://ada:s3cret@host/mcp --oauth`: the user name and password
// go as Basic credentials to the server (connections/url-credentials.ts), and
// the sign-in is for the server's address without them. The command printed the
// password in "To sign in to …", and the sign-in and its step-up used the
// address with it, so the authorization page's address (its resource) carried
// it to the authorization server and onto stderr.
import { promises as fs } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tempDir } from '../fixtures/servers/harness.js';
import { runSigningIn } from '../fixtures/oauth/cli-sign-in.js';
import { useOAuthFixture } from '../fixtures/oauth/suite.js';

let dataDir: string;

// resources/read needs one more scope: the read of each SKILL.md asks for a step-up sign-in.
const oauth = useOAuthFixture(['--step-up']);

beforeAll(async () => {
  dataDir = await tempDir('cli-oauth-url-credentials');
}, 60_000);

afterAll(async () => {
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** Runs the command; each authorization address it prints, a person completes. */
const run = (args: readonly string[]) => runSigningIn(args, dataDir);

describe('check --oauth with a user name and password in --url', () => {
  test('signs in, steps up and checks; the password is in no output and in no authorization address', async () => {
    const withUser = oauth.fixture.url.replace('http://', 'http://ada:s3cret@');
    const first = await run(['check', '--url', withUser, '--oauth', '--json']);
    const printed = first.stderr + first.stdout;
    for (const secret of ['s3cret', 'ada%3As3cret', 'ada:s3cret']) expect(printed).not.toContain(secret);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(`To sign in to ${oauth.fixture.url}, open this address in a browser`);
    // The sign-in and the step-up: each for the server's address, as its resource, without the credentials.
    expect(first.pages.map((page) => new URL(page).searchParams.get('resource'))).toEqual([oauth.fixture.url, oauth.fixture.url]);
    const report = JSON.parse(first.stdout) as { skills: { uri: string }[] };
    expect(report.skills.map((s) => s.uri).sort()).toEqual(['skill://greeting/SKILL.md', 'skill://lint-check/SKILL.md']);
  }, 120_000);
});
