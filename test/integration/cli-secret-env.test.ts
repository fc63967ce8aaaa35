// The command takes a server's secrets from the environment, never from argv:
// --bearer-env NAME and --header-env 'Header: NAME', against the auth fixture
// (an official SDK server that answers 401 without exactly that token and header).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../fixtures/cli/harness.js';
import { startHttpFixture, type RunningFixture } from '../fixtures/servers/harness.js';

const TOKEN = 'tok-cli-5e1f-from-env-only';
let auth: RunningFixture;

beforeAll(async () => {
  auth = await startHttpFixture('auth-skills-server.mjs', ['--token', TOKEN, '--require-header', 'X-Team: docs']);
});
afterAll(async () => {
  await auth?.stop();
});

describe('secrets from the environment', () => {
  it('check --url with --bearer-env and --header-env connects with the values of those variables, and prints neither', async () => {
    const run = await runCli(['check', '--url', auth.url, '--bearer-env', 'SI_TEST_TOKEN', '--header-env', 'X-Team: SI_TEST_TEAM', '--json'], { env: { SI_TEST_TOKEN: TOKEN, SI_TEST_TEAM: 'docs' } });
    expect(run.stderr).not.toContain(TOKEN);
    expect(run.stdout).not.toContain(TOKEN);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { skills: { uri: string }[] };
    expect(report.skills.map((s) => s.uri).sort()).toEqual(['skill://greeting/SKILL.md', 'skill://lint-check/SKILL.md']);
  });

  it('an unset variable is a usage error naming it (exit 2), before anything connects', async () => {
    const run = await runCli(['check', '--url', auth.url, '--bearer-env', 'SI_TEST_UNSET_TOKEN'], { env: {} });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--bearer-env SI_TEST_UNSET_TOKEN: the environment variable SI_TEST_UNSET_TOKEN is not set (or is empty).');
  });

  it('goes with --url only', async () => {
    const run = await runCli(['check', '--stdio', 'node x.mjs', '--bearer-env', 'SI_TEST_TOKEN'], { env: { SI_TEST_TOKEN: TOKEN } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--bearer-env and --header-env go with --url (a stdio server takes --env).');
  });
});
