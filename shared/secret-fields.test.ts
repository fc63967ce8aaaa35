// splitSecrets and joinSecrets rebuild a transport's env and headers. Every key
// they are given comes out again, "__proto__" included: they were built by
// assignment on a plain {}, where "__proto__" set the prototype instead, so a
// caller that passed one lost it without a word. (The contract refuses that
// name in a server's settings, shared/prototype-names.ts; these functions do
// not rely on it.)
import { describe, expect, it } from 'vitest';
import type { TransportConfig } from './model.js';
import { joinSecrets, splitSecrets } from './secret-fields.js';

/** A map with an own "__proto__" key, as JSON.parse builds it (an object literal would set the prototype). */
const withProto = (json: string) => JSON.parse(json) as Record<string, string>;
const own = (record: Readonly<Record<string, string>>) => Object.keys(record).map((key) => [key, Object.getOwnPropertyDescriptor(record, key)?.value as unknown]);

describe('prototype names in env and headers', () => {
  it('splitSecrets keeps a "__proto__" env variable and header as own keys, and takes it as a secret when marked', () => {
    const stdio: TransportConfig = { kind: 'stdio', command: 'node', args: [], env: withProto('{"__proto__":"x","constructor":"c","A":"1"}') };
    const split = splitSecrets(stdio);
    expect(split.secrets).toEqual({});
    expect(split.transport.kind === 'stdio' && own(split.transport.env)).toEqual([['__proto__', 'x'], ['constructor', 'c'], ['A', '1']]);

    const http: TransportConfig = { kind: 'http', url: 'https://h/mcp', headers: withProto('{"__proto__":"x","toString":"t","Authorization":"Bearer s"}') };
    const splitHttp = splitSecrets(http);
    expect(splitHttp.transport.kind === 'http' && own(splitHttp.transport.headers)).toEqual([['__proto__', 'x'], ['toString', 't']]);
    expect(own(splitHttp.secrets)).toEqual([['header:Authorization', 'Bearer s']]);

    const marked = splitSecrets(stdio, ['env:__proto__']);
    expect(marked.transport.kind === 'stdio' && own(marked.transport.env)).toEqual([['constructor', 'c'], ['A', '1']]);
    expect(own(marked.secrets)).toEqual([['env:__proto__', 'x']]);
  });

  it('joinSecrets puts a secret named "__proto__" back as an own key', () => {
    const stdio = joinSecrets({ kind: 'stdio', command: 'node', args: [], env: { A: '1' } }, { 'env:__proto__': 's', 'env:constructor': 'c' });
    expect(stdio.kind === 'stdio' && own(stdio.env)).toEqual([['A', '1'], ['__proto__', 's'], ['constructor', 'c']]);
    const http = joinSecrets({ kind: 'http', url: 'https://h/mcp', headers: { X: '1' } }, { 'header:__proto__': 's' });
    expect(http.kind === 'http' && own(http.headers)).toEqual([['X', '1'], ['__proto__', 's']]);
  });

  it('round-trips: split then join gives every key back with its value, and Object.prototype is untouched', () => {
    const env = withProto('{"__proto__":"x","API_TOKEN":"secret","hasOwnProperty":"h"}');
    const split = splitSecrets({ kind: 'stdio', command: 'node', args: [], env }, ['env:__proto__']);
    const joined = joinSecrets(split.transport, split.secrets);
    expect(joined.kind === 'stdio' && Object.fromEntries(own(joined.env))).toEqual(Object.fromEntries(own(env)));
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });
});
