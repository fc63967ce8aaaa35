// A whole command line pasted into the add-server form's Command field (issue
// 19): the form says how it will be split, the main process stores it as
// command + arguments, and the server connects — where before the whole line
// was looked up as one program and failed as "not found on the PATH".
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_SERVER, callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { openAppInBrowser, pollWithin, type AppInBrowser, type RunningApp } from './harness.js';

const poll = pollWithin(20_000);

describe('a pasted command line', () => {
  let ui: AppInBrowser;
  let app: RunningApp;
  let page: Page;
  const field = (name: string) => page.locator(`[data-field="${name}"]`);
  const fieldError = (name: string) => page.locator(`.mantine-InputWrapper-root:has([data-field="${name}"]) .mantine-InputWrapper-error`);
  const preview = () => page.locator('[data-preview="command-line"]');

  beforeAll(async () => {
    ui = await openAppInBrowser({ args: ['--no-demo'] });
    ({ app, page } = ui);
  });
  afterAll(() => ui?.close());

  it('is previewed as program + arguments, refused on Command while a quote is open, then stored split and connects', async () => {
    await page.locator('[data-action="header-add-server"]').click();
    await field('command').fill(`node '${BROKEN_SERVER}`);
    await field('label').fill('Pasted');
    await page.locator('[data-action="save-server"]').click();
    await poll(() => fieldError('command').textContent()).toBe(`The command line has an unclosed ' quote: close it, or put the program alone in Command and each argument on its own line.`);

    await field('command').fill(`node '${BROKEN_SERVER}' --note "a b"`);
    await poll(() => preview().textContent()).toBe(`Split into a program and its arguments: runs: node · args: ${BROKEN_SERVER} --note 'a b'`);
    await field('command').fill(`node '${BROKEN_SERVER}'`);
    await field('env').fill('FIXTURE_MODE=e2e');
    await poll(() => preview().textContent()).toBe(`Split into a program and its arguments: runs: node · args: ${BROKEN_SERVER}`);
    await page.locator('[data-action="save-server"]').click();

    const row = page.locator('[data-server-label="Pasted"]');
    await poll(() => row.locator('[data-connection]').getAttribute('data-connection')).toBe('connected');
    const servers = await callContract(page, app.token, 'servers.list', {});
    expect(servers.map((s) => [s.config.label, s.config.transport])).toEqual([['Pasted', { kind: 'stdio', command: 'node', args: [BROKEN_SERVER], env: { FIXTURE_MODE: 'e2e' } }]]);
  });

  it('shows no preview for a single program', async () => {
    await page.locator('[data-action="header-add-server"]').click();
    await field('command').fill('node');
    await field('args').fill(BROKEN_SERVER);
    await poll(() => field('label').inputValue()).toBe('server');
    expect(await preview().count()).toBe(0);
    await page.keyboard.press('Escape');
  });
});
