// The loopback listener, on a real socket: one answer, its state checked,
// strays ignored, a deadline and a cancel, and nothing listening afterwards.
import { describe, expect, test } from 'vitest';
import { LoopbackRedirect } from './loopback-redirect.js';
import { OAuthFlowError } from './oauth-errors.js';

const problemOf = (error: unknown) => (error instanceof OAuthFlowError ? error.problem : String(error));

describe('the loopback redirect listener', () => {
  test('listens on 127.0.0.1 at /callback, ignores strays, takes the matching answer once, then is gone', async () => {
    const loopback = await LoopbackRedirect.open();
    expect(loopback.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const waiting = loopback.wait('right-state');
    const stray = await fetch(new URL('/favicon.ico', loopback.redirectUrl));
    expect(stray.status).toBe(404);
    const answer = await fetch(`${loopback.redirectUrl}?code=the-code&state=right-state&iss=https%3A%2F%2Fas.example`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(await waiting).toEqual({ code: 'the-code', iss: 'https://as.example' });
    await expect(fetch(`${loopback.redirectUrl}?code=again&state=right-state`)).rejects.toThrow();
  });

  test('a wrong state is refused with a page and the oauth-state-mismatch problem; so is an error answer', async () => {
    const loopback = await LoopbackRedirect.open();
    const waiting = loopback.wait('right-state').catch((e: unknown) => e);
    const page = await fetch(`${loopback.redirectUrl}?code=c&state=<b>forged</b>`);
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('Sign-in refused');
    expect(html).not.toContain('<b>forged');
    const error = await waiting;
    expect(problemOf(error)).toBe('oauth-state-mismatch');
    expect((error as Error).message).toContain('"<b>forged</b>"');

    const denied = await LoopbackRedirect.open();
    const refused = denied.wait('s').catch((e: unknown) => e);
    await fetch(`${denied.redirectUrl}?error=access_denied&error_description=nope&state=s`);
    expect(problemOf(await refused)).toBe('oauth-denied');
  });

  test('a deadline and a cancel each end the wait and close the listener', async () => {
    const late = await LoopbackRedirect.open();
    expect(problemOf(await late.wait('s', { timeoutMs: 50 }).catch((e: unknown) => e))).toBe('oauth-timeout');
    await expect(fetch(`${late.redirectUrl}?code=c&state=s`)).rejects.toThrow();

    const cancelled = await LoopbackRedirect.open();
    const abort = new AbortController();
    const waiting = cancelled.wait('s', { signal: abort.signal }).catch((e: unknown) => e);
    abort.abort();
    expect(problemOf(await waiting)).toBe('oauth-cancelled');
  });
});
