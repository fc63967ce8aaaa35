import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, startApp, type RunningApp } from './harness.js';

describe('browser mode, end to end', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('opens the app, lists the bundled sample skills and renders one through the contract', async () => {
    const page = await openApp(browser, app);
    const demo = page.locator('[data-server-label="Sample skills (bundled)"]');
    await expect.poll(() => demo.locator('[data-connection]').getAttribute('data-connection'), { timeout: 20_000 }).toBe('connected');
    await expect.poll(() => page.locator('[data-skill-uri]').count(), { timeout: 20_000 }).toBe(7);
    // The token left the address bar once read.
    expect(page.url()).not.toContain('token=');

    await page.locator('[data-skill-uri="skill://hello-world/SKILL.md"]').click();
    await expect.poll(() => page.getByTestId('markdown').locator('h1').textContent()).toBe('Hello, world');
    // Reading SKILL.md verified it: the only file of this skill matched the listing.
    await expect.poll(() => page.locator('[data-skill-uri="skill://hello-world/SKILL.md"] [data-status]').getAttribute('data-status')).toBe('verified');
  });
});
