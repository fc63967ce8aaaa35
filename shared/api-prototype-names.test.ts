// Env variables and headers named like Object.prototype's members in a server's
// settings, through the contract (shared/prototype-names.ts says why
// "__proto__" is refused and the others are carried). The maps are built with
// JSON.parse, as the browser-mode bridge builds them: an own "__proto__" key.
import { describe, expect, it } from 'vitest';
import { PARAMS, serverInputSchema } from './api.js';

const CARRIED = { constructor: 'c', prototype: 'p', hasOwnProperty: 'h', toString: 't', valueOf: 'v', A: '1' };

function issues(result: { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }): string[] {
  return (result.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
}

describe('prototype names in a server definition', () => {
  it('carries constructor, prototype, hasOwnProperty, toString and valueOf as env and header names, own keys with their values', () => {
    const stdio = serverInputSchema.parse({ label: 'x', transport: { kind: 'stdio', command: 'node', env: JSON.parse(JSON.stringify(CARRIED)) } });
    expect(stdio.transport.kind === 'stdio' && Object.entries(stdio.transport.env)).toEqual(Object.entries(CARRIED));
    const http = serverInputSchema.parse({ label: 'x', transport: { kind: 'http', url: 'https://h/mcp', headers: JSON.parse(JSON.stringify(CARRIED)) } });
    expect(http.transport.kind === 'http' && Object.entries(http.transport.headers)).toEqual(Object.entries(CARRIED));
    // And back through JSON (servers.json, the bridge): unchanged.
    expect(JSON.parse(JSON.stringify(stdio))).toEqual({ label: 'x', transport: { kind: 'stdio', command: 'node', args: [], env: CARRIED } });
  });

  it('refuses an env variable named "__proto__", naming the field and the key (it was dropped without a word)', () => {
    const result = serverInputSchema.safeParse({ label: 'x', transport: { kind: 'stdio', command: 'node', env: JSON.parse('{"__proto__": "x", "A": "1"}') } });
    expect(issues(result)).toEqual([
      'transport.env.__proto__: "__proto__" cannot be an environment variable name here: a server\'s settings travel between the app\'s window and its main process as JavaScript objects, in which this name is lost on the way. Set it in a script that starts the server',
    ]);
  });

  it('refuses a header named "__proto__" in any case, naming the field and the key as given', () => {
    for (const name of ['__proto__', '__PROTO__']) {
      const result = serverInputSchema.safeParse({ label: 'x', transport: { kind: 'sse', url: 'https://h/sse', headers: JSON.parse(`{"${name}": "x", "X-Team": "a"}`) } });
      expect(issues(result)).toEqual([
        `transport.headers.${name}: "${name}" cannot be a header name here: the HTTP client the app connects with (Node's fetch) drops a header of this name, so the server would never receive it`,
      ]);
    }
    // An env variable is case-sensitive: __PROTO__ is an ordinary name.
    const upper = serverInputSchema.parse({ label: 'x', transport: { kind: 'stdio', command: 'node', env: { __PROTO__: 'x' } } });
    expect(upper.transport.kind === 'stdio' && upper.transport.env).toEqual({ __PROTO__: 'x' });
  });

  it('refuses them in servers.update, servers.test and servers.importApply too, at the item\'s place', () => {
    const transport = { kind: 'stdio', command: 'node', env: JSON.parse('{"__proto__": "x"}') };
    expect(issues(PARAMS['servers.update'].safeParse({ serverId: 's', input: { label: 'x', transport } })).map((i) => i.split(':')[0])).toEqual(['input.transport.env.__proto__']);
    expect(issues(PARAMS['servers.test'].safeParse({ input: { label: 'x', transport } })).map((i) => i.split(':')[0])).toEqual(['input.transport.env.__proto__']);
    expect(issues(PARAMS['servers.importApply'].safeParse({ items: [{ label: 'ok', transport: { kind: 'stdio', command: 'node' } }, { label: 'x', transport }] })).map((i) => i.split(':')[0])).toEqual(['items.1.transport.env.__proto__']);
  });

  it('refuses a replayed request\'s param named "__proto__" (it was dropped, and the request sent without it)', () => {
    const result = PARAMS['log.replay'].safeParse({ serverId: 's', method: 'skills/get', params: JSON.parse('{"__proto__": {"uri": "skill://x/SKILL.md"}, "uri": "skill://a/SKILL.md"}') });
    expect(issues(result)).toEqual(['params.__proto__: "__proto__" cannot be a param name here: the params travel as JavaScript objects, in which this name is lost on the way']);
    const kept = PARAMS['log.replay'].parse({ serverId: 's', method: 'skills/get', params: { uri: 'skill://a/SKILL.md', constructor: 1 } });
    expect(Object.entries(kept.params)).toEqual([['uri', 'skill://a/SKILL.md'], ['constructor', 1]]);
  });
});
