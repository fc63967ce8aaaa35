// What the catalog keeps as a secret, by name and by look. Secrets were
// recognised by name only (TOKEN, KEY, SECRET, PASSWORD…), so a
// DATABASE_URL=postgres://ada:pw@host/db, a MYSQL_PWD, a GITHUB_PAT, a
// mirror address with a token in it or a header holding "Bearer …" under
// another name were written to servers.json in clear.
import { describe, expect, it } from 'vitest';
import { isSecretName, splitSecrets } from './secret-fields.js';

const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkFkYSJ9.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

/** The env names splitSecrets takes out as secrets. */
function secretEnv(env: Record<string, string>): string[] {
  return Object.keys(splitSecrets({ kind: 'stdio', command: 'node', args: [], env }).secrets).map((f) => f.slice('env:'.length));
}

function secretHeaders(headers: Record<string, string>): string[] {
  return Object.keys(splitSecrets({ kind: 'http', url: 'https://mcp.example.com/mcp', headers }).secrets).map((f) => f.slice('header:'.length));
}

describe('secrets by name', () => {
  it('a password, passphrase, personal access token or private part of a name', () => {
    const env = {
      MYSQL_PWD: 'x',
      DB_PASS: 'x',
      PASS: 'x',
      PASSPHRASE: 'x',
      SSH_KEY_PASSPHRASE: 'x',
      GITHUB_PAT: 'x',
      AZURE_DEVOPS_PAT: 'x',
      githubPat: 'x',
      SSH_PRIVATE: 'x',
      GOOGLE_APPLICATION_CREDENTIALS: 'x',
      SESSION_COOKIE: 'x',
      X_BEARER: 'x',
      OCP_SUBSCRIPTION_KEY: 'x',
    };
    expect(secretEnv(env)).toEqual(Object.keys(env));
    expect(secretHeaders({ 'X-Db-Pwd': 'x', 'X-Pat': 'x', 'Ocp-Apim-Subscription-Key': 'x', 'Set-Cookie': 'x', 'X-Passphrase': 'x' })).toEqual(['X-Db-Pwd', 'X-Pat', 'Ocp-Apim-Subscription-Key', 'Set-Cookie', 'X-Passphrase']);
  });

  it('not a word that only holds one of them, nor the shell’s working folder', () => {
    expect(secretEnv({ PWD: '/home/ada', OLDPWD: '/tmp', PATH: '/usr/bin:/bin', PATTERN: '*.md', BYPASS_CACHE: '1', COMPASS: 'n', KEYBOARD: 'us', LOG_LEVEL: 'debug' })).toEqual([]);
    expect(['PWD', 'OLDPWD', 'PATH', 'SPATIAL', 'PASSAGE', 'KEYS_DIR'].filter(isSecretName)).toEqual([]);
  });
});

describe('secrets by look, whatever the name', () => {
  it('an address with a password in it, a known service’s token, a JWT, a connection string’s password, a long random string', () => {
    const env = {
      DATABASE_URL: 'postgres://ada:pw@db.example/app',
      CACHE: 'redis://:s3cret@localhost:6379/0',
      MIRROR: 'https://user:token@git.example.com/repo.git',
      HOOK: 'https://hooks.example.com/in?api_key=abc123',
      GH: 'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
      GH_FINE: 'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
      LLM: 'sk-proj-4f1eA9b2C3d4E5f6G7h8',
      CLAUDE: 'sk-ant-api03-abcdefghijklmnop',
      SLACK: 'xoxb-123456789012-abcdefghij',
      SLACK_USER: 'xoxp-123456789012-abcdefghij',
      AWS: 'AKIAIOSFODNN7EXAMPLE',
      ID_TOKEN_VALUE: JWT,
      JWT_ONLY: JWT,
      SQLSERVER: 'Server=db;User Id=ada;Password=pw;',
      UPSTREAM: 'Bearer 4f1eA9b2C3d4',
      RANDOM: 'q8Vx2LmR7tZp4Nw9Kc3Hy6Fb1Jd5Gs0A',
    };
    expect(secretEnv(env)).toEqual(Object.keys(env));
  });

  it('in a header under any name: "Bearer …", a token, an address with a password', () => {
    expect(
      secretHeaders({ 'X-Upstream': 'Bearer 4f1eA9b2C3d4', 'X-Forward': 'token ghp_16C7e42F292c6912E7710c838347Ae178B4a', 'X-Origin': 'https://user:token@git.example.com', Accept: 'application/json', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36', 'X-Team': 'docs' }),
    ).toEqual(['X-Upstream', 'X-Forward', 'X-Origin']);
  });

  it('not an address without a password, a path, a digest, an id, a model name, flags or a short word', () => {
    expect(
      secretEnv({
        BASE_URL: 'https://api.example.com/v1?region=eu',
        REPO: 'https://ada@git.example.com/repo.git',
        SENTRY: 'https://user:@sentry.example.com/1',
        CONFIG: '/home/ada/Projects/MCP-Server2/config/Settings.json',
        WIN: 'C:\\Users\\Ada\\AppData\\Roaming\\App2\\settings.json',
        COMMIT: 'da39a3ee5e6b4b0d3255bfef95601890afd80709',
        DIGEST: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        TENANT: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
        MODEL: 'claude-3-5-sonnet-20241022',
        NODE_OPTIONS: '--max-old-space-size=4096',
        SHORT: 'sk-1',
        GREETING: 'Password reset emails are sent from noreply',
        LONG_WORDS: 'ThisIsALongCamelCaseIdentifierName',
      }),
    ).toEqual([]);
  });

  it('64 KB values built to make a pattern backtrack are judged at once', () => {
    const big = 65_536;
    expect(
      secretEnv({
        A: 'eyJ'.repeat(big / 3),
        B: `x ${'eyJa.'.repeat(big / 5)}`,
        C: '-sk'.repeat(big / 3),
        D: `password ${' '.repeat(big)}`,
        E: `postgres://${':'.repeat(big)}`,
        F: `https://h/?${'&'.repeat(big)}`,
      }),
      // "-sk-sk-…" is shaped like an sk- token (the others are not).
    ).toEqual(['C']);
  });
});

// Command-line flags of that kind stay in clear since 2a566c5 (--token-refresh true); env and headers
// sent them to the secret store, so USE_TOKEN=true was masked in the preview and missing from servers.json.
describe('a yes/no value under a name that sounds like a secret', () => {
  it('is not a secret in env or headers, in any case: true/false/yes/no/on/off/0/1', () => {
    const env = { USE_TOKEN: 'true', AUTH_ENABLED: '1', API_KEY_REQUIRED: 'No', SESSION_PERSIST: 'OFF', PASSWORD_RESET: 'yes', SECRET_SCAN: 'On', TOKEN_CACHE: 'FALSE', GITHUB_PAT_CHECK: '0' };
    expect(secretEnv(env)).toEqual([]);
    expect(secretHeaders({ 'X-Api-Key-Required': 'false', 'X-Use-Token': 'TRUE', 'X-Auth-Enabled': '1', 'X-Session': 'off' })).toEqual([]);
  });

  it('a token, or any other value, there is still a secret, as on a command line', () => {
    expect(secretEnv({ USE_TOKEN: 'ghp_16C7e42F292c6912E7710c838347Ae178B4a', AUTH_ENABLED: 'maybe', API_KEY: 'truee', SECRET: 'y', TOKEN: '10', LOG_LEVEL: 'true' })).toEqual(['USE_TOKEN', 'AUTH_ENABLED', 'API_KEY', 'SECRET', 'TOKEN']);
    expect(secretHeaders({ 'X-Api-Key-Required': 'Bearer 4f1eA9b2C3d4', 'X-Api-Key': 'k-77c1', 'X-Team': 'yes' })).toEqual(['X-Api-Key-Required', 'X-Api-Key']);
  });
});
