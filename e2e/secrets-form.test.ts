// The server form never shows a stored secret: a bearer token typed once is
// "set", with Replace and Remove; the page never holds its value again, and
// neither does servers.json. Against the auth fixture (an official SDK server
// that answers 401 without the token), in Chromium through browser mode.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpFixture, type RunningFixture } from '../test/fixtures/servers/harness.js';
import { openAppInBrowser, pollWithin, type AppInBrowser } from './harness.js';

const TOKEN = 'tok-e2e-8d4c-never-in-the-page';
const poll = pollWithin(20_000);

describe('stored secrets in the server form', () => {
  let ui: AppInBrowser;
  let page: Page;
  let auth: RunningFixture;
  const field = (name: string) => page.locator(`[data-field="${name}"]`);
  const dialog = () => page.locator('.mantine-Modal-content');
  const row = () => page.locator('[data-server-label="Protected"]');
  const secretRow = () => page.locator('[data-secret-field="bearerToken"]');
  const connection = () => row().locator('[data-connection]').getAttribute('data-connection');

  beforeAll(async () => {
    auth = await startHttpFixture('auth-skills-server.mjs', ['--token', TOKEN]);
    ui = await openAppInBrowser({ args: ['--no-demo'] });
    page = ui.page;
  });
  afterAll(async () => {
    await ui?.close();
    await auth?.stop();
  });

  async function edit(): Promise<void> {
    await row().locator('[data-server-menu]').click();
    await page.getByRole('menuitem', { name: 'Edit…' }).click();
    await field('label').waitFor();
  }

  async function pageHolds(secret: string): Promise<boolean> {
    const inputs = await page.locator('input, textarea').evaluateAll((els) => els.map((e) => (e as { value?: string }).value ?? ''));
    return (await page.content()).includes(secret) || inputs.some((v) => v.includes(secret));
  }

  it('a token typed once connects, then shows as set, with no value in the page or servers.json', async () => {
    await page.locator('[data-action="header-add-server"]').click();
    await field('label').waitFor();
    await page.getByText('Streamable HTTP', { exact: true }).click();
    await field('url').fill(auth.url);
    await page.getByText('Bearer token', { exact: true }).click();
    await field('bearerToken').fill(TOKEN);
    await field('label').fill('Protected');
    await page.locator('[data-action="save-server"]').click();
    await poll(() => dialog().count()).toBe(0);
    await poll(connection).toBe('connected');

    await edit();
    expect(await secretRow().getAttribute('data-secret-state')).toBe('set');
    expect(await secretRow().textContent()).toContain('Bearer token · set');
    // No input for the old value: nothing to read it from.
    expect(await field('bearerToken').count()).toBe(0);
    expect(await pageHolds(TOKEN)).toBe(false);
    const saved = await fs.readFile(path.join(ui.app.dataDir, 'servers.json'), 'utf8');
    expect(saved).not.toContain(TOKEN);
    expect(saved).toContain('"secretRefs"');

    // Saved untouched (reconnecting), the token stays and still works.
    await page.locator('[data-action="save-server"]').click();
    await poll(() => dialog().count()).toBe(0);
    await poll(connection).toBe('connected');
  });

  it('Replace sends a new value (a wrong one is refused by the server); Remove deletes it', async () => {
    await edit();
    await secretRow().locator('[data-action="replace-secret"]').click();
    expect(await secretRow().getAttribute('data-secret-state')).toBe('replace');
    await field('secret:bearerToken').fill('tok-wrong');
    await page.locator('[data-action="save-server"]').click();
    await poll(() => dialog().count()).toBe(0);
    await poll(connection).toBe('failed');

    await edit();
    await secretRow().locator('[data-action="remove-secret"]').click();
    expect(await secretRow().textContent()).toContain('Bearer token · will be removed');
    await page.getByRole('checkbox', { name: 'Reconnect after saving' }).uncheck();
    await page.locator('[data-action="save-server"]').click();
    await poll(() => dialog().count()).toBe(0);

    await edit();
    expect(await secretRow().count()).toBe(0);
    // With no token stored the form says no authentication; choosing Bearer token offers an empty field.
    expect(await page.locator('[data-auth-choice]').getAttribute('data-auth-choice')).toBe('none');
    await page.getByText('Bearer token', { exact: true }).click();
    expect(await field('bearerToken').inputValue()).toBe('');
    await page.keyboard.press('Escape');
    const saved = JSON.parse(await fs.readFile(path.join(ui.app.dataDir, 'servers.json'), 'utf8')) as { servers: { label: string; secretRefs?: unknown }[] };
    expect(saved.servers.find((s) => s.label === 'Protected')?.secretRefs).toBeUndefined();
  });
});
