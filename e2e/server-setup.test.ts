// Adding servers without friction (issue 19): Test connection in the server
// form connects with what the form holds and saves nothing; an mcpServers
// snippet pasted into the form is offered as an import; Connect all after an
// import connects every imported server; the palette matches words in any order.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { CLI } from '../test/support/paths.js';
import { openAppInBrowser, pollWithin, type AppInBrowser, type RunningApp } from './harness.js';

const poll = pollWithin(20_000);
const DEMO = { command: process.execPath, args: [CLI, 'demo-server'] };

describe('adding servers without friction', () => {
  let ui: AppInBrowser;
  let app: RunningApp;
  let page: Page;
  const field = (name: string) => page.locator(`[data-field="${name}"]`);
  const form = () => page.locator('[data-dialog="server-form"]');
  const testResult = () => form().locator('[data-connection-test]');
  const serversFile = () => readFile(path.join(app.dataDir, 'servers.json'), 'utf8').catch(() => 'absent');

  beforeAll(async () => {
    ui = await openAppInBrowser({ args: ['--no-demo'] });
    ({ app, page } = ui);
  });
  afterAll(() => ui?.close());

  it('Test connection reports the demo server, then a command that does not exist, and saves nothing', async () => {
    const fileBefore = await serversFile();
    await page.locator('[data-action="header-add-server"]').click();
    await field('command').fill(DEMO.command);
    await field('args').fill(DEMO.args.join('\n'));
    await field('label').fill('Tried');
    await form().locator('[data-action="test-connection"]').click();
    await poll(() => testResult().getAttribute('data-connection-test')).toBe('connected');
    expect(await testResult().locator('.mantine-Alert-title').textContent()).toBe('Connected');
    expect(await testResult().locator('[data-test-detail]').textContent()).toMatch(/^skill-inspector-samples 1\.0\.0 \(self-reported\) answered, protocol version \d{4}-\d{2}-\d{2}\. Disconnected again; nothing was saved\.$/);

    // Editing a field makes the result stale: it goes.
    await field('command').fill('si-e2e-no-such-command');
    await field('args').fill('');
    expect(await testResult().count()).toBe(0);
    await form().locator('[data-action="test-connection"]').click();
    await poll(() => testResult().getAttribute('data-connection-test')).toBe('failed');
    expect(await testResult().locator('.mantine-Alert-title').textContent()).toBe('Command not found');
    expect(await testResult().locator('[data-test-hint]').textContent()).toBe('Check the spelling, give the full path to the program, or install it.');

    expect(await callContract(page, app.token, 'servers.list', {})).toEqual([]);
    expect(await page.locator('[data-server-label]').count()).toBe(0);
    expect(await serversFile()).toBe(fileBefore);
    await page.keyboard.press('Escape');
  });

  it('offers an mcpServers snippet pasted into Command as an import, and Connect all connects every imported server', async () => {
    const snippet = JSON.stringify({ mcpServers: { 'demo-one': { ...DEMO, env: { DEMO_MODE: 'plain', API_TOKEN: 'sk-e2e-not-shown' } }, 'demo-two': DEMO } }, null, 2);
    await page.locator('[data-action="header-add-server"]').click();
    await field('command').focus();
    // A real paste event, with the snippet on its clipboard data (the e2e code is typed without the DOM's types).
    await field('command').evaluate((input, text) => {
      const dom = globalThis as unknown as { DataTransfer: new () => { setData(type: string, value: string): void }; ClipboardEvent: new (type: string, init: object) => unknown };
      const data = new dom.DataTransfer();
      data.setData('text/plain', text);
      (input as unknown as { dispatchEvent(event: unknown): boolean }).dispatchEvent(new dom.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, snippet);
    await poll(() => form().locator('[data-offer="import-pasted"]').count()).toBe(1);
    // The snippet went to the offer, not into Command.
    expect(await field('command').inputValue()).toBe('');
    await form().locator('[data-action="import-pasted"]').click();

    const dialog = page.locator('[data-dialog="import"]');
    await poll(() => dialog.locator('[data-import-candidate]').count()).toBe(2);
    // Env values are shown; a secret-looking one is masked.
    const one = dialog.locator('[data-import-candidate="demo-one"]');
    expect(await one.locator('[data-import-setting]').allTextContents()).toEqual(['DEMO_MODE=plain', 'API_TOKEN=••••••••']);
    expect(await one.locator('[data-import-setting="API_TOKEN"]').getAttribute('data-masked')).toBe('true');
    expect(await dialog.textContent()).not.toContain('sk-e2e-not-shown');

    await dialog.locator('[data-action="apply-import"]').click();
    await poll(() => dialog.locator('[data-import-done]').getAttribute('data-import-done')).toBe('2');
    await dialog.locator('[data-action="connect-imported"]').click();
    for (const label of ['demo-one', 'demo-two']) {
      await poll(() => page.locator(`[data-server-label="${label}"] [data-connection]`).getAttribute('data-connection')).toBe('connected');
    }
    const servers = await callContract(page, app.token, 'servers.list', {});
    expect(servers.map((s) => [s.config.label, s.connection.status]).sort()).toEqual([['demo-one', 'connected'], ['demo-two', 'connected']]);
  });

  it('the palette finds commands with their words in any order, and Connect all connects what is not connected', async () => {
    const ids = (await callContract(page, app.token, 'servers.list', {})).map((s) => s.config.id);
    for (const serverId of ids) await callContract(page, app.token, 'servers.disconnect', { serverId });
    await poll(() => page.locator('[data-connection="connected"]').count()).toBe(0);

    const labels = () => page.locator('.mantine-Spotlight-action').evaluateAll((els) => els.map((e) => e.querySelector('.mantine-Spotlight-actionLabel')?.textContent ?? e.textContent));
    const search = page.getByPlaceholder('Type a command, a server or a skill…');
    await page.keyboard.press('Control+k');
    await search.fill('review all');
    await poll(labels).toEqual(['Review all skills']);
    await search.fill('all review');
    await poll(labels).toEqual(['Review all skills']);
    await search.fill('servers all connect');
    await poll(labels).toEqual(['Connect all servers']);
    await page.locator('.mantine-Spotlight-action', { hasText: 'Connect all servers' }).click();
    await poll(() => page.locator('[data-connection="connected"]').count()).toBe(2);
  });
});
