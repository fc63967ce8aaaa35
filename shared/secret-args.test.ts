// Which arguments and URL parts are secrets, and the references left in their place.
import { describe, expect, it } from 'vitest';
import { isSecretName } from './secret-fields.js';
import { fillReferences, splitArgs, splitUrl } from './secret-args.js';

describe('secret arguments', () => {
  it('takes the value after a secret-named flag, of --flag=VALUE, and one that looks like a token; leaves -p and the rest', () => {
    const args = ['-y', 'some-mcp', '--api-key', 'k-1', '--password=p=2', '-p', '8080', '-token', 't-3', 'ghp_16C7e42F292c6912E7710c838347Ae178B4a', '--verbose'];
    expect(splitArgs(args, isSecretName)).toEqual({
      args: ['-y', 'some-mcp', '--api-key', '⟦secret:arg:3⟧', '--password=⟦secret:arg:4⟧', '-p', '8080', '-token', '⟦secret:arg:8⟧', '⟦secret:arg:9⟧', '--verbose'],
      secrets: { 'arg:3': 'k-1', 'arg:4': 'p=2', 'arg:8': 't-3', 'arg:9': 'ghp_16C7e42F292c6912E7710c838347Ae178B4a' },
    });
  });

  it('a flag after a secret flag is not its value; a reference is never taken again, and a new secret takes the next free number', () => {
    expect(splitArgs(['--token', '--debug'], isSecretName)).toEqual({ args: ['--token', '--debug'], secrets: {} });
    expect(splitArgs(['--token', '⟦secret:arg:2⟧', '--key', 'new-1'], isSecretName)).toEqual({ args: ['--token', '⟦secret:arg:2⟧', '--key', '⟦secret:arg:3⟧'], secrets: { 'arg:3': 'new-1' } });
    expect(splitArgs(['--key', 'new-1', '--token', '⟦secret:arg:1⟧'], isSecretName)).toEqual({ args: ['--key', '⟦secret:arg:2⟧', '--token', '⟦secret:arg:1⟧'], secrets: { 'arg:2': 'new-1' } });
  });

  it('keeps a yes/no value, a path-valued flag\'s path and the word after a --no- flag in clear; a secret after them is still taken', () => {
    // Each of these was moved to the secret store: `true` and `./key.txt` are not credentials, and
    // `--no-auth-token` takes no value at all, so the server's script after it became `⟦secret:arg:2⟧`.
    const args = ['--token-refresh', 'true', '--use-secret', 'FALSE', '--auth', 'off', '--session=1', '--no-auth-token', 'server.js', '--api-key-file', './key.txt', '--password-path=/run/secrets/db', '--tokenFile', 'C:\\keys\\t.txt', '--api-key', 'k-1'];
    expect(splitArgs(args, isSecretName)).toEqual({ args: [...args.slice(0, -1), '⟦secret:arg:15⟧'], secrets: { 'arg:15': 'k-1' } });
    // A token given where a path belongs is still a token by its look; a value that is not yes/no still goes.
    expect(splitArgs(['--token-file', 'ghp_16C7e42F292c6912E7710c838347Ae178B4a', '--token-refresh', 'r-77c1', '--use-secret=maybe'], isSecretName)).toEqual({
      args: ['--token-file', '⟦secret:arg:1⟧', '--token-refresh', '⟦secret:arg:3⟧', '--use-secret=⟦secret:arg:4⟧'],
      secrets: { 'arg:1': 'ghp_16C7e42F292c6912E7710c838347Ae178B4a', 'arg:3': 'r-77c1', 'arg:4': 'maybe' },
    });
    // A name that only ends in the same letters is no path flag.
    expect(splitArgs(['--auth-profile', 'ada-77c1', '--passfile', '/home/ada/.pgpass'], isSecretName)).toEqual({ args: ['--auth-profile', '⟦secret:arg:1⟧', '--passfile', '/home/ada/.pgpass'], secrets: { 'arg:1': 'ada-77c1' } });
  });

  it('fills a reference with its value as it is ($& and all), and leaves one it has no value for', () => {
    expect(fillReferences('--password=⟦secret:arg:4⟧', { 'arg:4': 'a$&b' })).toBe('--password=a$&b');
    expect(fillReferences('⟦secret:arg:5⟧', { 'arg:4': 'x' })).toBe('⟦secret:arg:5⟧');
  });
});

describe('secret URL parts', () => {
  it('takes the password and each secret-named query parameter, as written; the user and other parameters stay', () => {
    expect(splitUrl('https://ada:p%40ss@host/mcp?team=docs&api_key=k1&token=&API_KEY=k2#top', isSecretName)).toEqual({
      url: 'https://ada:⟦secret:url:password⟧@host/mcp?team=docs&api_key=⟦secret:url:query:api_key⟧&token=&API_KEY=⟦secret:url:query:API_KEY⟧#top',
      secrets: { 'url:password': 'p%40ss', 'url:query:api_key': 'k1', 'url:query:API_KEY': 'k2' },
    });
    expect(splitUrl('https://host/mcp?key=a&key=b', isSecretName).secrets).toEqual({ 'url:query:key': 'a', 'url:query:key#2': 'b' });
    expect(splitUrl('https://ada@host/mcp?page=2', isSecretName)).toEqual({ url: 'https://ada@host/mcp?page=2', secrets: {} });
  });

  it('leaves a secret-named parameter that says yes or no in the URL, as flags, env and headers do', () => {
    expect(splitUrl('https://host/mcp?use_token=true&auth_key=1&api_key=FALSE&token=k1', isSecretName)).toEqual({
      url: 'https://host/mcp?use_token=true&auth_key=1&api_key=FALSE&token=⟦secret:url:query:token⟧',
      secrets: { 'url:query:token': 'k1' },
    });
  });

  it('takes a path segment that looks like a credential (a hosted server\'s key in its address), as written; versions, UUIDs, digests and names stay', () => {
    // Before, the key stayed in the address: servers.json, the server list and check --oauth's words held it.
    const key = 'sk-live-4f9KqT2xVb7LmN3pRw8ZcY6d';
    expect(splitUrl(`https://mcp.example.com/v1/${key}/mcp?team=docs#top`, isSecretName)).toEqual({
      url: 'https://mcp.example.com/v1/⟦secret:url:path:1⟧/mcp?team=docs#top',
      secrets: { 'url:path:1': key },
    });
    // Percent-encoded, it is judged decoded and kept as written; beside a password and a secret parameter, each has its own field.
    expect(splitUrl('https://ada:pw@host/mcp/ghp%5F16C7e42F292c6912E7710c838347Ae178B4a?api_key=k1', isSecretName)).toEqual({
      url: 'https://ada:⟦secret:url:password⟧@host/mcp/⟦secret:url:path:1⟧?api_key=⟦secret:url:query:api_key⟧',
      secrets: { 'url:password': 'pw', 'url:path:1': 'ghp%5F16C7e42F292c6912E7710c838347Ae178B4a', 'url:query:api_key': 'k1' },
    });
    const ordinary = [
      'https://host/api/v2/mcp',
      'https://host/servers/3f2b8c1e-9d4a-4e7b-8c2d-1a5f6e7d8c9b/mcp',
      'https://host/blobs/sha256/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      'https://host/commits/da39a3ee5e6b4b0d3255bfef95601890afd80709/mcp',
      'https://host/org/my-team-docs-server/mcp/',
      'https://host',
      'https://host?api=1',
    ];
    for (const url of ordinary) expect(splitUrl(url, isSecretName)).toEqual({ url, secrets: {} });
  });

  it('never takes a stored reference again, and a new key in the path takes the next free number', () => {
    expect(splitUrl('https://host/mcp/⟦secret:url:path:1⟧', isSecretName)).toEqual({ url: 'https://host/mcp/⟦secret:url:path:1⟧', secrets: {} });
    const key = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLWJ5dGVz';
    expect(splitUrl(`https://host/⟦secret:url:path:1⟧/${key}`, isSecretName)).toEqual({
      url: 'https://host/⟦secret:url:path:1⟧/⟦secret:url:path:2⟧',
      secrets: { 'url:path:2': key },
    });
    expect(fillReferences('https://host/mcp/⟦secret:url:path:1⟧?x=1', { 'url:path:1': 'sk-live-4f9KqT2xVb7LmN3pRw8ZcY6d' })).toBe('https://host/mcp/sk-live-4f9KqT2xVb7LmN3pRw8ZcY6d?x=1');
  });
});
