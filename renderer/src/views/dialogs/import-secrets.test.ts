// The import preview says which of a server's settings the app will keep as
// secrets (in the secret store, not in servers.json), by the catalog's own
// rule: a value recognised by its look (an address with a password, a token)
// is masked and named there as well as one recognised by its name. It used to
// mask by name only, and showed a DATABASE_URL's password in clear.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { seenOnScreen, staticMarkup } from '../../components/static-markup.js';
import { ImportSettings } from './ImportSettings.js';
import { describeTransport } from './import-shown.js';

const env = { DATABASE_URL: 'postgres://ada:pw-77c1@db.example/app', GITHUB_PAT: 'pat-77c1', GH: 'ghp_16C7e42F292c6912E7710c838347Ae178B4a', LOG_LEVEL: 'debug' };

describe('the import preview of a server’s settings', () => {
  it('masks each value kept secret and names those fields; the others are shown as they are', () => {
    const element = createElement(ImportSettings, { transport: { kind: 'stdio', command: 'node', args: [], env } });
    const { text } = seenOnScreen(element);
    expect(text).toBe('DATABASE_URL=••••••••GITHUB_PAT=••••••••GH=••••••••LOG_LEVEL=debugKept secret (in the secret store, not in servers.json): Environment DATABASE_URL, Environment GITHUB_PAT, Environment GH');
    expect(staticMarkup(element)).toContain('data-import-secrets="env:DATABASE_URL env:GITHUB_PAT env:GH"');
  });

  it('headers alike; a server with nothing secret gets no such line', () => {
    const http = createElement(ImportSettings, { transport: { kind: 'http', url: 'https://mcp.example.com/mcp', headers: { 'X-Upstream': 'Bearer up-77c1-4f1eA9b2', 'X-Team': 'docs' } } });
    expect(seenOnScreen(http).text).toBe('X-Upstream: ••••••••X-Team: docsKept secret (in the secret store, not in servers.json): Header X-Upstream');
    const plain = createElement(ImportSettings, { transport: { kind: 'stdio', command: 'node', args: [], env: { LOG_LEVEL: 'debug' } } });
    expect(seenOnScreen(plain).text).toBe('LOG_LEVEL=debug');
  });

  it('a command line\'s yes/no values, a key file\'s path and the word after a --no- flag are shown and kept in clear; only the key is kept secret', () => {
    const transport = { kind: 'stdio' as const, command: 'npx', args: ['some-mcp', '--token-refresh', 'true', '--no-auth-token', 'server.js', '--api-key-file', './key.txt', '--use-secret', 'false', '--api-key', 'k-77c1'], env: {} };
    expect(describeTransport(transport)).toBe('npx some-mcp --token-refresh true --no-auth-token server.js --api-key-file ./key.txt --use-secret false --api-key ••••••••');
    const element = createElement(ImportSettings, { transport });
    expect(seenOnScreen(element).text).toBe('Kept secret (in the secret store, not in servers.json): Argument 11');
    expect(staticMarkup(element)).toContain('data-import-secrets="arg:10"');
  });

  it('an environment variable named like a secret with a yes/no value is shown and kept in clear; the real secret beside it is kept secret', () => {
    const element = createElement(ImportSettings, { transport: { kind: 'stdio', command: 'node', args: [], env: { USE_TOKEN: 'true', GITHUB_TOKEN: 'tok-77c1' } } });
    expect(seenOnScreen(element).text).toBe('USE_TOKEN=trueGITHUB_TOKEN=••••••••Kept secret (in the secret store, not in servers.json): Environment GITHUB_TOKEN');
    expect(staticMarkup(element)).toContain('data-import-secrets="env:GITHUB_TOKEN"');
  });
});
