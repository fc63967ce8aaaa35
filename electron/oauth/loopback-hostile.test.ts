// The loopback listener takes requests from any program on this machine while
// a sign-in waits. One whose request target is not a URL (`GET http://[`) must
// get a 400 and leave the listener, the sign-in and the process running.
import { connect } from 'node:net';
import { describe, expect, test } from 'vitest';
import { LoopbackRedirect } from './loopback-redirect.js';

/** Sends raw bytes and returns what came back before the socket closed (or 2 s passed). */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let got = '';
    const done = () => resolve(got);
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (chunk) => (got += chunk.toString('latin1')));
    socket.on('close', done);
    socket.on('error', done);
    socket.write(text);
  });
}

describe('the loopback redirect listener, sent hostile requests', () => {
  test('a request target that is not a URL gets 400; the right answer still comes through', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.prependListener('uncaughtException', onUncaught);
    try {
      const loopback = await LoopbackRedirect.open();
      const waiting = loopback.wait('right-state');
      const port = Number(new URL(loopback.redirectUrl).port);
      const reply = await raw(port, 'GET http://[ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      expect(reply).toMatch(/^HTTP\/1\.1 400 /);
      const answer = await fetch(`${loopback.redirectUrl}?code=c&state=right-state`);
      expect(answer.status).toBe(200);
      expect(await waiting).toEqual({ code: 'c' });
      expect(uncaught).toEqual([]);
    } finally {
      process.removeListener('uncaughtException', onUncaught);
    }
  });
});
