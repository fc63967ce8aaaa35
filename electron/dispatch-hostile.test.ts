// A contract call whose arguments are built to make a check slow: every check of
// shared/api.ts must refuse an oversize or hostile value in time linear in its
// length, saying which argument and what is wrong, before any handler runs.
import { describe, expect, test } from 'vitest';
import { dispatch, type Handlers } from './dispatch.js';

/** Handlers that must never be reached: the arguments are refused first. */
const unreachable = new Proxy({} as Handlers, {
  get: (_target, method) => () => Promise.reject(new Error(`the handler of ${String(method)} ran`)),
});

const MB8 = 8 * 1024 * 1024;
/** 8 MB of host that fails the URL pattern only at its last character (a space): the pattern backtracked over all of it from every place. */
const spacedUrl = `http://${'a'.repeat(MB8)} `;
const URL_MESSAGE = 'an http:// or https:// URL is required';
const TOO_BIG = 'Too big: expected string to have <=8192 characters';

describe('an 8 MB URL ending in a space', () => {
  // Before, each of these took hours of the main process (32,000 characters: 2.3 s; the time grows with the square).
  test('servers.add is refused naming transport.url', async () => {
    const answer = await dispatch(unreachable, 'servers.add', { label: 'x', transport: { kind: 'http', url: spacedUrl } });
    expect(answer).toEqual({
      ok: false,
      error: { code: 'invalid-params', message: `Invalid arguments for servers.add: transport.url: ${TOO_BIG}; transport.url: ${URL_MESSAGE}.` },
    });
  });

  test('servers.test is refused naming input.transport.url', async () => {
    const answer = await dispatch(unreachable, 'servers.test', { input: { label: 'x', transport: { kind: 'sse', url: spacedUrl } } });
    expect(answer).toEqual({
      ok: false,
      error: { code: 'invalid-params', message: `Invalid arguments for servers.test: input.transport.url: ${TOO_BIG}; input.transport.url: ${URL_MESSAGE}.` },
    });
  });

  test('servers.importApply is refused naming the item', async () => {
    const answer = await dispatch(unreachable, 'servers.importApply', {
      items: [
        { label: 'good', transport: { kind: 'http', url: 'https://h.example/mcp' } },
        { label: 'bad', transport: { kind: 'http', url: `https://${'a'.repeat(MB8)}\nx` } },
      ],
    });
    expect(answer).toEqual({
      ok: false,
      error: { code: 'invalid-params', message: `Invalid arguments for servers.importApply: items.1.transport.url: ${TOO_BIG}; items.1.transport.url: ${URL_MESSAGE}.` },
    });
  });

  test('a URL within the limit that fails the pattern at its end is refused the same way', async () => {
    const answer = await dispatch(unreachable, 'servers.update', { serverId: 's1', input: { label: 'x', transport: { kind: 'http', url: `http://${'a'.repeat(8000)} ` } } });
    expect(answer).toEqual({ ok: false, error: { code: 'invalid-params', message: `Invalid arguments for servers.update: input.transport.url: ${URL_MESSAGE}.` } });
  });
});
