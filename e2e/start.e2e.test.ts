// `npm start` on a machine without the Electron binary (this one): one line
// explains the fallback, then the same app is served in browser mode.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../test/support/paths.js';
import { launchBrowser } from './harness.js';
import { saveScreenshotIfChanged } from './screenshot-file.js';

it('npm start falls back to browser mode with a one-line explanation, and the page works', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'si-start-'));
  // An empty home, so the local-folders panel (and so the screenshot) is the same on every machine.
  const home = mkdtempSync(path.join(os.tmpdir(), 'si-start-home-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs'), '--port', '0', '--data-dir', dataDir, '--json'], {
    cwd: ROOT,
    env: { ...process.env, HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const lines = await new Promise<string[]>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no output: ${out}`)), 20_000);
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const got = out.split('\n');
        if (got.length >= 3) {
          clearTimeout(timer);
          resolve(got);
        }
      });
    });
    expect(lines[0]).toBe('Electron is not installed on this machine (its binary download failed or was skipped), so Skill Inspector starts in browser mode instead.');
    const info = JSON.parse(lines[1]!) as { pageUrl: string };
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(info.pageUrl);
      await expect.poll(() => page.locator('[data-server-label="Sample skills (bundled)"]').count(), { timeout: 20_000 }).toBe(1);
      // A round trip through the contract: opening a skill reads and verifies its SKILL.md in the main process.
      await expect.poll(() => page.locator('[data-skill-uri="skill://hello-world/SKILL.md"]').count(), { timeout: 20_000 }).toBe(1);
      await page.locator('[data-skill-uri="skill://hello-world/SKILL.md"]').click();
      await expect.poll(() => page.getByTestId('markdown').locator('h1').first().textContent(), { timeout: 20_000 }).toBe('Hello, world');
      // The README's first picture: what `npm start` opens, taken by this test.
      // Still and without the pointer over a row, so the same app gives the same bytes.
      await page.mouse.move(0, 0);
      const shot = await page.screenshot({ animations: 'disabled', caret: 'hide' });
      expect(shot.subarray(1, 4).toString()).toBe('PNG');
      await saveScreenshotIfChanged(page, path.join(ROOT, 'docs', 'screenshots', 'first-start.png'), shot);
    } finally {
      await browser.close();
    }
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
});
