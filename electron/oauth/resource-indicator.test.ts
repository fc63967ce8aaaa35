// The resource indicator a sign-in sends the authorization server: the
// metadata's `resource` as written, without the query parameters the app keeps
// as secrets (?api_key=…), so the key never goes into the authorization page's
// address or to the authorization server.
import { describe, expect, test } from 'vitest';
import { resourceIndicator, withoutSecretPath, withoutSecretQuery } from './resource-indicator.js';

const SERVER = 'https://mcp.example/mcp?team=docs&api_key=K3y-abc';

describe('the resource indicator of a server with a secret query parameter in its URL', () => {
  test('a metadata resource with the key: the key is left out, the other parameters and the spelling kept', () => {
    expect(resourceIndicator(SERVER, 'https://mcp.example/mcp?team=docs&api_key=K3y-abc')?.href).toBe('https://mcp.example/mcp?team=docs');
    expect(resourceIndicator(SERVER, 'https://mcp.example/mcp?api_key=K3y-abc')?.href).toBe('https://mcp.example/mcp');
    expect(resourceIndicator(SERVER, 'https://mcp.example/mcp?access_token=K3y-abc&team=docs')?.href).toBe('https://mcp.example/mcp?team=docs');
  });

  test('a metadata resource without the key is sent as written: a pathless one gets no "/"', () => {
    expect(resourceIndicator(SERVER, 'https://mcp.example/mcp')?.href).toBe('https://mcp.example/mcp');
    expect(resourceIndicator(SERVER, 'https://mcp.example')?.href).toBe('https://mcp.example');
    expect(resourceIndicator('https://mcp.example/mcp', 'https://mcp.example/mcp?team=docs')?.href).toBe('https://mcp.example/mcp?team=docs');
  });

  test('no metadata, no indicator; a resource of another server is refused in the SDK words, without the key', () => {
    expect(resourceIndicator(SERVER, undefined)).toBeUndefined();
    expect(() => resourceIndicator(SERVER, 'https://other.example/mcp?api_key=K3y-abc')).toThrow(
      'Protected resource https://other.example/mcp does not match expected https://mcp.example/mcp?team=docs (or origin)',
    );
  });

  test('withoutSecretQuery leaves an address without a secret parameter as it is', () => {
    expect(withoutSecretQuery('https://mcp.example/mcp?team=docs&verbose=1')).toBe('https://mcp.example/mcp?team=docs&verbose=1');
    expect(withoutSecretQuery('https://mcp.example/mcp?')).toBe('https://mcp.example/mcp?');
    expect(withoutSecretQuery('https://mcp.example/mcp?api_key=')).toBe('https://mcp.example/mcp?api_key=');
  });
});

describe('the resource indicator of a server whose key is a segment of its URL', () => {
  const KEY = 'sk-live0a1B2c3D4e5F6g7H8i9J';
  const KEYED = `https://mcp.example/mcp/${KEY}`;

  test('a metadata resource with the key in its path ends before it: the key is not sent, the prefix is the same resource', () => {
    expect(resourceIndicator(KEYED, KEYED)?.href).toBe('https://mcp.example/mcp');
    expect(resourceIndicator(`${KEYED}/mcp`, `${KEYED}/mcp?team=docs`)?.href).toBe('https://mcp.example/mcp');
    expect(resourceIndicator(`https://mcp.example/${KEY}/mcp`, `https://mcp.example/${KEY}`)?.href).toBe('https://mcp.example');
    // Percent-encoded, and a JWT or a long random string rather than a known service's prefix.
    expect(resourceIndicator('https://mcp.example/mcp/sk%2Dlive0a1B2c3D4e5F6g7H8i9J', 'https://mcp.example/mcp/sk%2Dlive0a1B2c3D4e5F6g7H8i9J')?.href).toBe('https://mcp.example/mcp');
    expect(resourceIndicator('https://mcp.example/u/Qm9vZGxlOTk4ZXhhbXBsZUtleVZhbHVlNzc3/mcp', 'https://mcp.example/u/Qm9vZGxlOTk4ZXhhbXBsZUtleVZhbHVlNzc3/mcp')?.href).toBe('https://mcp.example/u');
  });

  test('segments that do not look like a credential stay: names, versions, UUIDs and digests', () => {
    expect(resourceIndicator('https://mcp.example/v1/mcp', 'https://mcp.example/v1/mcp')?.href).toBe('https://mcp.example/v1/mcp');
    expect(withoutSecretPath('https://mcp.example/tenants/3f2b8c1e-9d4a-4b7e-8f00-1a2b3c4d5e6f/mcp')).toBe('https://mcp.example/tenants/3f2b8c1e-9d4a-4b7e-8f00-1a2b3c4d5e6f/mcp');
    expect(withoutSecretPath('https://mcp.example/git/da39a3ee5e6b4b0d3255bfef95601890afd80709/mcp')).toBe('https://mcp.example/git/da39a3ee5e6b4b0d3255bfef95601890afd80709/mcp');
  });

  test('a resource of another server is refused without the key: each credential-looking segment shown masked', () => {
    expect(() => resourceIndicator(KEYED, `https://other.example/mcp/${KEY}`)).toThrow('Protected resource https://other.example/mcp/•••••••• does not match expected https://mcp.example/mcp/•••••••• (or origin)');
  });
});
