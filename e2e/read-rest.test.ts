// A skill whose SKILL.md fails verification, in the real app (browser mode,
// Chromium), served by the hostile-edges fixture over stdio: Verify reads
// nothing else of it, the Files and Checks tabs say "not read: SKILL.md failed
// verification", and "Read the rest for inspection" reads the rest — shown
// checked file by file — while the skill stays unverified.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addAndConnect, callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { HOSTILE_EDGES_SERVER } from '../test/fixtures/hostile-edges/harness.js';
import { openAppInBrowser, pollWithin, type AppInBrowser } from './harness.js';

const poll = pollWithin(20_000);
const SKILL = 'skill://alpha/SKILL.md';
const GUIDE = 'skill://alpha/references/guide.md';

let ui: AppInBrowser;
let page: Page;
let serverId: string;
let dir: string;
let readLog: string;

const reads = (uri: string) =>
  readFileSync(readLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { method: string; uri: string })
    .filter((r) => r.method === 'resources/read' && r.uri === uri).length;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'si-e2e-read-rest-'));
  readLog = path.join(dir, 'reads.jsonl');
  ui = await openAppInBrowser({ args: ['--no-demo'] });
  page = ui.page;
  serverId = await addAndConnect(page, ui.app.token, { label: 'Tampered', transport: { kind: 'stdio', command: process.execPath, args: [HOSTILE_EDGES_SERVER, 'skillmd-fails-stop'], env: { HOSTILE_READ_LOG: readLog } } });
  await page.locator('[data-server-label="Tampered"] [data-connection="connected"]').waitFor({ timeout: 20_000 });
  await page.locator('[data-server-label="Tampered"]').click();
  await page.locator(`[data-skill-uri="${SKILL}"]`).click();
});
afterAll(async () => {
  await ui?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('Verify stops at the failed SKILL.md; "Read the rest for inspection" reads the rest and the skill stays unverified', async () => {
  await page.locator('[data-action="verify-skill"]').click();
  await page.locator('[data-tab="files"]').click();
  const guideState = page.locator('[data-file-node="references/guide.md"] [data-file-state]');
  await poll(() => guideState.getAttribute('aria-label')).toBe('not read: SKILL.md failed verification');
  expect(await page.locator('[data-file-node="SKILL.md"] [data-file-state]').getAttribute('data-file-state')).toBe('failed');
  expect(reads(GUIDE)).toBe(0);

  await page.locator('[data-tab="checks"]').click();
  const notice = page.locator('[data-not-read="1"]');
  await notice.waitFor();
  expect(await notice.textContent()).toContain('Not read: SKILL.md failed verification');

  await notice.locator('[data-action="read-rest-for-inspection"]').click();
  await page.locator('[data-tab="files"]').click();
  await poll(() => guideState.getAttribute('data-file-state')).toBe('verified');
  expect(reads(GUIDE)).toBe(1);
  // Inspection reads the bytes; it never makes the skill verified.
  const entry = (await callContract(page, ui.app.token, 'skills.list', { serverId })).find((e) => e.uri === SKILL)!;
  expect(entry.status).toBe('mismatch');
  expect(entry.files[SKILL]).toMatchObject({ state: 'failed', reason: 'digest' });
  await poll(() => page.locator(`[data-skill-uri="${SKILL}"] [data-status]`).getAttribute('data-status')).toBe('mismatch');
});
