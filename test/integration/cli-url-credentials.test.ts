// `--url http://ada:s3cret@host/mcp`: the command connects the way the app does,
// with the user name and password as `Authorization: Basic …` (Node's fetch
// refuses a URL with credentials, so the command failed), against the auth
// fixture, which answers 401 unless the header is exactly that; and it prints
// the password nowhere, a failure's message included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/cli/harness.js';
import { startHttpFixture, type RunningFixture } from '../fixtures/servers/harness.js';

let auth: RunningFixture;

beforeAll(async () => {
  // base64("ada:s3cret")
  auth = await startHttpFixture('auth-skills-server.mjs', ['--require-header', 'Authorization: Basic YWRhOnMzY3JldA==']);
});
afterAll(async () => {
  await auth?.stop();
});

const withUser = (userinfo: string) => auth.url.replace('http://', `http://${userinfo}@`);

describe('check --url with a user name and password in it', () => {
  it('connects with them as Basic credentials and lists the skills; the password is not printed', async () => {
    const run = await runCli(['check', '--url', withUser('ada:s3cret'), '--json']);
    expect(run.code).toBe(0);
    expect(run.stderr.split('\n')[0]).toBe(`Connecting to ${new URL(auth.url).host}…`);
    expect(run.stderr + run.stdout).not.toContain('s3cret');
    const report = JSON.parse(run.stdout) as { skills: { uri: string }[] };
    expect(report.skills.map((s) => s.uri).sort()).toEqual(['skill://greeting/SKILL.md', 'skill://lint-check/SKILL.md']);
    const seen = (await (await fetch(new URL('/seen', auth.url))).json()) as { headers: { authorization: string | null } }[];
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.map((r) => r.headers.authorization)).toEqual(seen.map(() => 'Basic YWRhOnMzY3JldA=='));
  });

  it('a wrong password: the 401 is said with the URL the request went to, without the credentials', async () => {
    const run = await runCli(['check', '--url', withUser('ada:wrong-pass')]);
    // Exit 2: cannot connect.
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`skill-inspector: cannot connect. Unauthorized (HTTP 401): ${auth.url} refused the request: authentication is required or the credentials were rejected.`);
    expect(run.stderr + run.stdout).not.toContain('wrong-pass');
  });

  it('beside --header Authorization or --bearer-env, two Authorizations: a usage error that says so (exit 2), the password not in it', async () => {
    for (const [flags, env, given] of [
      [['--header', 'Authorization: Basic Y2Fyb2w6eA=='], {}, '--header Authorization'],
      [['--header-env', 'authorization: SI_TEST_AUTH'], { SI_TEST_AUTH: 'Basic Y2Fyb2w6eA==' }, '--header-env authorization'],
      [['--bearer-env', 'SI_TEST_TOKEN'], { SI_TEST_TOKEN: 'tok-1' }, '--bearer-env'],
    ] as const) {
      const run = await runCli(['check', '--url', withUser('ada:s3cret'), ...flags], { env });
      expect([run.code, run.stdout]).toEqual([2, '']);
      expect(run.stderr).toContain(
        `--url has a user name and password, which the command sends as an Authorization: Basic header, and ${given} gives another Authorization; a request carries one: give the one you mean.`,
      );
      expect(run.stderr).not.toContain('s3cret');
    }
  });

  it('a --url that is not http(s) is refused with the password shown as [secret]', async () => {
    const run = await runCli(['check', '--url', 'ftp://ada:s3cret@127.0.0.1/mcp']);
    expect([run.code, run.stdout]).toEqual([2, '']);
    expect(run.stderr).toContain('--url must be an http:// or https:// URL, got "ftp://ada:[secret]@127.0.0.1/mcp".');
  });

  it('diff names each side by its URL with the password shown as [secret], and compares them connected', async () => {
    for (const sides of [['--url', withUser('ada:s3cret'), '--url', withUser('ada:s3cret')], [`url:${withUser('ada:s3cret')}`, withUser('ada:s3cret')]]) {
      const run = await runCli(['diff', ...sides]);
      expect(run.stderr + run.stdout).not.toContain('s3cret');
      expect(run.code).toBe(0);
      const hidden = withUser('ada:[secret]');
      const [a, b] = sides[0] === '--url' ? [`--url ${hidden}`, `--url ${hidden}`] : [`url:${hidden}`, hidden];
      const host = new URL(auth.url).host;
      expect(run.stdout.split('\n').slice(0, 2)).toEqual([`A: ${a} (${host})`, `B: ${b} (${host})`]);
    }
  });
});
