#!/usr/bin/env node
// `npm run screenshots`: starts the built app in browser mode with the bundled
// sample server and the broken-skills test fixture, drives it in Chromium
// like a user, and saves the main screens into docs/screenshots/ (1440×900).
// Uses the build in $SI_OUT_DIR (default out/), as the tests do.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.resolve(ROOT, process.env.SI_OUT_DIR ?? 'out');
const WEB = path.join(OUT_DIR, 'main', 'web.js');
const SHOTS = path.join(ROOT, 'docs', 'screenshots');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'broken-server', 'server.mjs');
const VIEWPORT = { width: 1440, height: 900 };
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function startApp(dataDir) {
  const child = spawn(process.execPath, [WEB, '--port', '0', '--data-dir', dataDir, '--json'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`browser mode did not start: ${stderr}`)), 20_000);
    child.stdout.on('data', (d) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl >= 0) {
        clearTimeout(timer);
        resolve({ child, ...JSON.parse(out.slice(0, nl)) });
      }
    });
    child.once('exit', (code) => reject(new Error(`browser mode exited with ${code}: ${stderr}`)));
  });
}

/** One contract call over the page's own bridge (same origin, same token). */
async function call(page, token, method, params) {
  const envelope = await page.evaluate(
    async ({ token, method, params }) => {
      const ws = new WebSocket(`ws://${globalThis.location.host}/bridge?token=${encodeURIComponent(token)}`);
      await new Promise((resolve, reject) => {
        ws.onopen = resolve;
        ws.onerror = () => reject(new Error('bridge socket failed'));
      });
      const reply = await new Promise((resolve) => {
        ws.onmessage = (m) => {
          const data = JSON.parse(String(m.data));
          if (data.id === 1) resolve(data);
        };
        ws.send(JSON.stringify({ id: 1, method, params }));
      });
      ws.close();
      return reply;
    },
    { token, method, params },
  );
  if (!envelope.ok) throw new Error(`${method}: ${envelope.error.message}`);
  return envelope.result;
}

async function shot(page, name) {
  // Let tooltips, notifications and highlighting settle; screenshots are of a calm screen.
  await page.mouse.move(VIEWPORT.width - 2, VIEWPORT.height / 2);
  await page.waitForTimeout(400);
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`  ${path.relative(ROOT, file)}`);
}

const row = (uri) => `[data-skill-uri="${uri}"]`;

async function main() {
  mkdirSync(SHOTS, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'si-screens-'));
  const app = await startApp(dataDir);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: VIEWPORT, colorScheme: 'light' });
    await page.goto(app.pageUrl);
    await page.locator('[data-server-label="Sample skills (bundled)"] [data-connection="connected"]').waitFor({ timeout: 30_000 });
    const fixture = await call(page, app.token, 'servers.add', { label: 'Broken fixture', transport: { kind: 'stdio', command: process.execPath, args: [FIXTURE], env: {} } });
    await call(page, app.token, 'servers.connect', { serverId: fixture.id });
    await page.locator(row('skill://tampered-guide/SKILL.md')).waitFor({ timeout: 30_000 });

    console.log('Screens:');
    // Catalog, after Verify all: every state in the list, the summary below.
    await page.locator('[data-action="header-verify-all"]').click();
    await page.locator('[data-verify-job="done"]').waitFor({ timeout: 60_000 });
    await page.locator(row('skill://release-notes/SKILL.md')).click();
    await page.getByTestId('markdown').locator('h1').waitFor();
    await page.waitForTimeout(5_500); // the finish notification fades
    await shot(page, 'catalog');

    await page.locator('[data-server-label="Broken fixture"]').click();
    await page.locator(row('skill://hidden-instructions/SKILL.md')).click();
    await page.locator('[data-overview-hidden]').waitFor();
    await shot(page, 'skill-overview');

    await page.locator('[data-tab="bytes"]').click();
    await page.locator('[data-invisible-summary]').waitFor();
    await shot(page, 'bytes-hidden-characters');

    await page.locator(row('skill://tampered-guide/SKILL.md')).click();
    await page.locator('[data-tab="checks"]').click();
    await page.locator('[data-finding="sep-2640-host-verify-digest"]').waitFor();
    await shot(page, 'checks');

    await page.locator('[data-finding="sep-2640-host-verify-digest"] [data-finding-link="file"]').click();
    await page.locator('[data-file-check="failed"]').waitFor();
    await shot(page, 'files-digest-mismatch');

    await page.locator(row('skill://frontmatter-drift/SKILL.md')).click();
    await page.locator('[data-tab="frontmatter"]').click();
    await page.locator('[data-frontmatter-state="different"]').waitFor();
    await shot(page, 'frontmatter');

    await page.locator('[data-action="server-overview"]').click();
    await page.locator('[data-server-overview]').waitFor();
    await shot(page, 'server-overview');

    await page.locator('[data-tab="protocol-log"]').click();
    await page.locator('[data-log-method="server/discover"][data-log-kind="response"]').click();
    await shot(page, 'protocol-log');
    await page.locator('[data-action="back-to-skills"]').click();

    await page.locator('[data-action="header-add-server"]').click();
    await page.locator('[data-field="command"]').fill('npx');
    await page.locator('[data-field="args"]').fill('-y\n@acme/skills-server\n--root\n./skills');
    await page.locator('[data-field="env"]').fill('ACME_TOKEN');
    await page.locator('[data-action="save-server"]').click();
    await page.locator('.mantine-InputWrapper-error').first().waitFor();
    await shot(page, 'server-form');
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+k');
    await page.getByPlaceholder('Type a command, a server or a skill…').fill('verify');
    await shot(page, 'command-palette');
    await page.keyboard.press('Escape');

    const dark = await browser.newPage({ viewport: VIEWPORT, colorScheme: 'dark' });
    await dark.goto(app.pageUrl);
    await dark.locator('[data-server-label="Broken fixture"]').click();
    await dark.locator(row('skill://hidden-instructions/SKILL.md')).click();
    await dark.locator('[data-tab="bytes"]').click();
    await dark.locator('[data-invisible-summary]').waitFor();
    await shot(dark, 'dark-bytes');
  } finally {
    await browser.close();
    app.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`screenshots failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
