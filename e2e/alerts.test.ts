// A store damaged while the app was closed is recovered at startup — and the
// window, which opens after that happened, still says so.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, openApp, startApp, type RunningApp } from './harness.js';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'si-alerts-e2e-'));
  // The last good catalog is in the backup; the catalog itself was damaged while the app was closed.
  const good = {
    version: 1,
    demoSeeded: true,
    servers: [{ id: 'kept', label: 'Kept server', transport: { kind: 'stdio', command: 'node', args: ['server.js'], env: {} }, createdAt: '2026-11-30T00:00:00.000Z' }],
  };
  writeFileSync(path.join(dataDir, 'servers.json.bak'), JSON.stringify(good));
  writeFileSync(path.join(dataDir, 'servers.json'), '{"version": 1, "servers": [ oops');
  app = await startApp({ dataDir, args: ['--no-connect'] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('shows the recovery of a damaged server catalog in the window opened afterwards', async () => {
  const page = await openApp(browser, app);
  const notice = page.locator('.mantine-Notification-root', { hasText: 'Recovered servers.json' });
  await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(1);
  expect(await notice.textContent()).toContain('The last good version was restored from its backup.');
  // The catalog came back from the backup, nothing lost.
  await expect.poll(() => page.locator('[data-server-label="Kept server"]').count()).toBe(1);
});
