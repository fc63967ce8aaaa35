// The resource indicator a sign-in sends the authorization server: the
// metadata's `resource` as written, without the query parameters the app keeps
// as secrets (?api_key=…), so the key never goes into the authorization page's
// address or to the authorization server.
import { describe, expect, test } from 'vitest';
import { resourceIndicator, withoutSecretQuery } from './resource-indicator.js';

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
