// Managing servers through the real UI (browser mode, Chromium): the add
// form with its validation, connecting, the protocol log with its filters,
// pretty JSON and export, a failing server's diagnostic, editing, import
// from pasted JSON, removal, and the settings.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_SERVER, callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { openAppInBrowser, pollWithin, type AppInBrowser, type RunningApp } from './harness.js';

const poll = pollWithin(20_000);

describe('servers', () => {
  let ui: AppInBrowser;
  let app: RunningApp;
  let page: Page;

  const dialog = () => page.locator('.mantine-Modal-content');
  const field = (name: string) => page.locator(`[data-field="${name}"]`);
  const fieldError = (name: string) => page.locator(`.mantine-InputWrapper-root:has([data-field="${name}"]) .mantine-InputWrapper-error`);

  beforeAll(async () => {
    ui = await openAppInBrowser({ args: ['--no-demo'] });
    ({ app, page } = ui);
  });
  afterEach(async () => {
    // A failed step must not leave a dialog over the next test.
    while ((await dialog().count()) > 0) {
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
    }
  });
  afterAll(() => ui?.close());

  it('starts empty and says what to do', async () => {
    await poll(() => page.locator('[data-empty-state]').first().textContent()).toContain('No servers yet');
  });

  it('validates the form in place, then adds a server that connects', async () => {
    await page.locator('[data-action="header-add-server"]').click();
    await field('label').waitFor();
    await page.locator('[data-action="save-server"]').click();
    await poll(() => fieldError('label').textContent()).toBe('a label is required');
    expect(await fieldError('command').textContent()).toBe('a command is required');

    await field('command').fill(process.execPath);
    await field('args').fill(BROKEN_SERVER);
    await field('env').fill('NOT A PAIR');
    // Until the user names it, the label follows the command.
    await poll(() => field('label').inputValue()).toBe('server');
    await page.locator('[data-action="save-server"]').click();
    await poll(() => fieldError('env').textContent()).toBe('Line 1: expected NAME=value (got "NOT A PAIR").');

    await field('env').fill('FIXTURE_MODE=e2e');
    await field('label').fill('Broken');
    await page.locator('[data-action="save-server"]').click();
    await poll(() => dialog().count()).toBe(0);

    const row = page.locator('[data-server-label="Broken"]');
    await poll(() => row.locator('[data-connection]').getAttribute('data-connection')).toBe('connected');
    await poll(() => row.getByTestId('skill-count').textContent()).toBe('5');
    expect(await row.textContent()).toContain('connected · stdio · protocol 2026-07-28');
    await poll(() => page.locator('[data-skill-uri]').count()).toBe(5);
    const servers = await callContract(page, app.token, 'servers.list', {});
    expect(servers.map((s) => [s.config.label, s.config.transport])).toEqual([
      ['Broken', { kind: 'stdio', command: process.execPath, args: [BROKEN_SERVER], env: { FIXTURE_MODE: 'e2e' } }],
    ]);
  });

  it('refuses a second server with the same label, on the label field', async () => {
    await page.locator('[data-action="header-add-server"]').click();
    await field('label').fill('broken');
    await field('command').fill(process.execPath);
    await page.locator('[data-action="save-server"]').click();
    await poll(() => fieldError('label').textContent()).toBe('A server labelled "Broken" is already in the catalog. Labels must be unique; choose another.');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });

  it('opens the protocol log and finds the discovery exchange, filtered, as JSON, exportable', async () => {
    await page.locator('[data-server-label="Broken"]').click();
    await page.locator('[data-action="protocol-log"]').click();
    const log = page.locator('[data-protocol-log="Broken"]');
    const discoverRequest = log.locator('[data-log-method="server/discover"][data-log-kind="request"]');
    await discoverRequest.first().waitFor();
    const discoverResponse = log.locator('[data-log-method="server/discover"][data-log-kind="response"]');
    await discoverResponse.first().click();
    const detail = page.locator('[data-log-detail] [data-json-view]');
    const json = JSON.parse((await detail.textContent()) ?? '') as { result: { _meta: Record<string, { name: string }> } };
    expect(json.result._meta['io.modelcontextprotocol/serverInfo']?.name).toBe('broken-skills-fixture');

    // Method filter: only skills/list, request and response.
    await page.locator('[data-log-method-filter]').fill('skills/list');
    await poll(() => log.locator('[data-log-kind]').evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-log-direction')} ${r.getAttribute('data-log-kind')} ${r.getAttribute('data-log-method')}`))).toEqual([
      'out request skills/list',
      'in response skills/list',
    ]);
    await page.locator('[data-log-method-filter]').fill('');
    // Direction filter: without "received", nothing that came in is listed.
    await page.locator('[data-log-direction-filter="in"]').click();
    await poll(() => log.locator('[data-log-direction="in"]').count()).toBe(0);
    expect(await log.locator('[data-log-direction="out"]').count()).toBeGreaterThan(0);
    await page.locator('[data-log-direction-filter="in"]').click();
    // Errors only: this server answered everything.
    await page.locator('[data-log-errors-only]').click();
    await poll(() => page.locator('[data-log-count]').getAttribute('data-log-count')).toBe('0');
    await page.locator('[data-log-errors-only]').click();

    const download = page.waitForEvent('download');
    await page.locator('[data-action="export-log"]').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('protocol-log-Broken.json');
    const exported = JSON.parse(await readFile((await file.path())!, 'utf8')) as { format: string; entries: { method?: string; kind: string }[] };
    expect(exported.format).toBe('skill-inspector-protocol-log');
    expect(exported.entries.some((e) => e.method === 'server/discover' && e.kind === 'request')).toBe(true);
    await page.locator('[data-action="back-to-skills"]').click();
  });

  it('shows a failing server’s diagnostic in place, with what to do', async () => {
    await page.locator('[data-action="header-add-server"]').click();
    await field('label').fill('Missing');
    await field('command').fill('skill-inspector-no-such-command-e2e');
    await page.locator('[data-action="save-server"]').click();
    const row = page.locator('[data-server-label="Missing"]');
    await poll(() => row.locator('[data-connection]').getAttribute('data-connection')).toBe('failed');
    const notice = page.locator('[data-diagnostic="command-not-found"]');
    await poll(() => notice.count()).toBe(1);
    expect(await notice.textContent()).toContain('What to do:');

    await page.locator('[data-action="server-overview"]').click();
    await poll(() => page.locator('[data-server-overview] [data-diagnostic="command-not-found"]').count()).toBe(1);
    await page.locator('[data-action="back-to-skills"]').click();
  });

  it('edits a server: the new label shows everywhere', async () => {
    await page.locator('[data-server-label="Missing"] [data-server-menu]').click();
    await page.getByRole('menuitem', { name: 'Edit…' }).click();
    expect(await field('command').inputValue()).toBe('skill-inspector-no-such-command-e2e');
    await field('label').fill('Still missing');
    await page.getByRole('checkbox', { name: 'Reconnect after saving' }).uncheck();
    await page.locator('[data-action="save-server"]').click();
    await poll(() => page.locator('[data-server-label="Still missing"]').count()).toBe(1);
    expect(await page.locator('[data-server-label="Missing"]').count()).toBe(0);
  });

  it('imports servers from pasted JSON, renaming a taken label', async () => {
    await page.getByRole('button', { name: 'Import servers' }).click();
    await page.getByRole('tab', { name: 'Paste JSON' }).click();
    await field('import-json').fill(JSON.stringify({ mcpServers: { Broken: { command: process.execPath, args: [BROKEN_SERVER] }, docs: { url: 'https://docs.example.com/mcp' } } }));
    await page.locator('[data-action="preview-import"]').click();
    const taken = page.locator('[data-import-candidate="Broken"]');
    await taken.waitFor();
    expect(await taken.locator('[data-import-conflict]').count()).toBe(1);
    const renamed = await taken.getByRole('textbox').inputValue();
    expect(renamed).not.toBe('Broken');
    // Typing a taken label back is caught before anything is sent.
    await taken.getByRole('textbox').fill('broken');
    await poll(() => taken.locator('.mantine-InputWrapper-error').textContent()).toBe('a server with this label exists');
    expect(await page.locator('[data-action="apply-import"]').isDisabled()).toBe(true);
    await taken.getByRole('textbox').fill('Broken imported');
    await page.locator('[data-action="apply-import"]').click();
    await poll(() => page.locator('[data-import-done]').getAttribute('data-import-done')).toBe('2');
    await dialog().locator('[data-action="close-import"]').click();
    await poll(() => page.locator('[data-server-label="Broken imported"]').count()).toBe(1);
    expect(await page.locator('[data-server-label="docs"]').count()).toBe(1);
  });

  it('removes a server after saying what goes with it', async () => {
    await page.locator('[data-server-label="Broken imported"] [data-server-menu]').click();
    await page.getByRole('menuitem', { name: 'Remove…' }).click();
    await poll(() => dialog().textContent()).toContain('its protocol log');
    await page.locator('[data-action="confirm-remove"]').click();
    await poll(() => page.locator('[data-server-label="Broken imported"]').count()).toBe(0);
    const labels = (await callContract(page, app.token, 'servers.list', {})).map((s) => s.config.label);
    expect(labels).toEqual(['Broken', 'Still missing', 'docs']);
  });

  it('changes a setting, refusing an out-of-range value in place', async () => {
    await page.locator('[data-action="settings"]').click();
    const timeout = page.locator('[data-setting="requestTimeoutMs"]');
    await timeout.waitFor();
    expect(await timeout.inputValue()).toBe('30');
    await timeout.fill('0.5');
    await page.locator('[data-action="save-settings"]').click();
    await poll(() => page.locator('.mantine-InputWrapper-root:has([data-setting="requestTimeoutMs"]) .mantine-InputWrapper-error').textContent()).toMatch(/>= 1 seconds/);
    await timeout.fill('45');
    await page.locator('[data-action="save-settings"]').click();
    await poll(async () => (await callContract(page, app.token, 'settings.get', {})).requestTimeoutMs).toBe(45_000);
  });
});
