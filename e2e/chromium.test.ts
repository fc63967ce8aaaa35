// The browser suites drive the Chromium npm installs: on Linux x64 (unless
// CHROMIUM_PATH says otherwise) it is @sparticuz/chromium's binary, unpacked
// from the package — no system Chromium needed — and the app runs in it.
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sparticuzPackage } from '../scripts/find-chromium.mjs';
import { chromiumInUse, openAppInBrowser, ROOT, type AppInBrowser } from './harness.js';

let session: AppInBrowser;
beforeAll(async () => {
  session = await openAppInBrowser();
});
afterAll(async () => {
  await session?.close();
});

test.runIf(process.platform === 'linux' && process.arch === 'x64' && !process.env['CHROMIUM_PATH'])('the harness launches the package\'s Chromium, and the app runs in it', async () => {
  const pkg = sparticuzPackage()!;
  const found = await chromiumInUse();
  expect(found).toEqual({ path: pkg.executable, source: '@sparticuz/chromium' });
  expect(path.relative(ROOT, found.path)).toBe(path.join('node_modules', '.cache', 'skill-inspector', `chromium-${pkg.version}`, 'chromium'));
  // The browser running is that binary: the package's version is its Chromium major (the system one differs).
  expect(session.browser.version().split('.')[0]).toBe(pkg.version.split('.')[0]);
  await expect.poll(() => session.page.getByText('Sample skills').first().isVisible(), { timeout: 30_000 }).toBe(true);
});
