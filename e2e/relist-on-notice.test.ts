// A server developer's loop in the real app (browser mode, Chromium): the
// server says its listing changed (notifications/resources/list_changed, the
// SDK's own server over a folder the test edits) and the new skill's row
// appears in the catalog while nobody touches Refresh.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect } from '../test/fixtures/broken-server/e2e-support.js';
import { SkillFolder, skillMd } from '../test/fixtures/mutable-server/fixture.js';
import { launchBrowser, openApp, pollWithin, startApp, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);

const LABEL = 'Notifying skills';
const NOTES = 'skill://notes/SKILL.md';
const DRAFTS = 'skill://drafts/SKILL.md';
const row = (uri: string) => `[data-skill-uri="${uri}"]`;

describe('relisting on the server notification', () => {
  let app: RunningApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let folder: SkillFolder;

  beforeAll(async () => {
    folder = await SkillFolder.create();
    await folder.write('notes/SKILL.md', skillMd('notes', 'Notes for the team. Use when asked for notes.'));
    app = await startApp();
    browser = await launchBrowser();
    page = await openApp(browser, app, { width: 1280, height: 800 });
    await page.locator('[data-server-label="Sample skills (bundled)"] [data-connection="connected"]').waitFor({ timeout: 30_000 });
    await addAndConnect(page, app.token, { label: LABEL, transport: folder.stdio({ notifyChanges: true }) });
    await page.locator(`[data-server-label="${LABEL}"] [data-connection="connected"]`).waitFor({ timeout: 30_000 });
    await page.locator(`[data-server-label="${LABEL}"]`).click();
    await page.locator(row(NOTES)).waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows a skill added to the folder without a click on Refresh', async () => {
    expect(await page.locator(row(DRAFTS)).count()).toBe(0);
    await folder.write('drafts/SKILL.md', skillMd('drafts', 'Keeps drafts. Use when the user drafts a text.'));
    await poll(() => page.locator(row(DRAFTS)).count()).toBe(1);
    expect(await page.locator(row(NOTES)).count()).toBe(1);
  });
});
