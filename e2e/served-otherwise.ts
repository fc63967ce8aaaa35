// The app in browser mode at 1280×800 with a server whose files the test can
// change underneath: it keeps its listing as first served (reload on signal
// only) while the bytes it reads out change. Its notes skill is approved, then
// served otherwise: Verify finds the mismatch and the approval is revoked.
// The state the catalog's badges and the Changes tab must tell the truth about.
import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { addAndConnect } from '../test/fixtures/broken-server/e2e-support.js';
import { SkillFolder, skillMd } from '../test/fixtures/mutable-server/fixture.js';
import { launchBrowser, openApp, pollWithin, startApp, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);

export const MUTABLE_LABEL = 'Mutable skills';
export const NOTES = 'skill://notes/SKILL.md';
export const row = (uri: string) => `[data-skill-uri="${uri}"]`;

export interface NotesApp {
  readonly app: RunningApp;
  readonly browser: Awaited<ReturnType<typeof launchBrowser>>;
  readonly page: Page;
  readonly folder: SkillFolder;
  /** Closes Chromium, stops the app and removes the server's folder. */
  close(): Promise<void>;
}

/** The app with the mutable server connected, serving the notes skill (and what `more` writes) as first listed. */
export async function openWithNotes(more?: (folder: SkillFolder) => Promise<void>): Promise<NotesApp> {
  const folder = await SkillFolder.create();
  let app: RunningApp | undefined;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  const close = async () => {
    await browser?.close();
    await app?.stop();
    rmSync(folder.dir, { recursive: true, force: true });
  };
  try {
    await folder.write('notes/SKILL.md', skillMd('notes', 'Keeps meeting notes. Use when the user takes notes.', [], '# Notes\n\nRead [the guide](references/guide.md).\n'));
    await folder.write('notes/references/guide.md', '# Guide\n\nStep 1: open the notes.\n');
    await more?.(folder);
    app = await startApp();
    browser = await launchBrowser();
    const page = await openApp(browser, app, { width: 1280, height: 800 });
    await page.locator(row('skill://repo-audit/SKILL.md')).waitFor({ timeout: 30_000 });
    await addAndConnect(page, app.token, { label: MUTABLE_LABEL, transport: folder.stdio({ reload: 'signal' }) });
    await page.locator(`[data-server-label="${MUTABLE_LABEL}"] [data-connection="connected"]`).waitFor({ timeout: 30_000 });
    return { app, browser, page, folder, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Reviews and approves notes, then serves `guide` for its guide.md and verifies: mismatch, approval changed. */
export async function approveThenServeOtherwise(page: Page, folder: SkillFolder, guide: string): Promise<void> {
  await page.locator(`[data-server-label="${MUTABLE_LABEL}"]`).click();
  await page.locator(row(NOTES)).click();
  await page.locator('[data-tab="review"]').click();
  await page.locator('[data-action="start-review"]').click();
  await page.locator('[data-review-report]').waitFor({ timeout: 20_000 });
  await page.locator('[data-action="approve"]').click();
  await poll(() => page.locator(`${row(NOTES)} [data-approval]`).getAttribute('data-approval')).toBe('approved');
  await folder.write('notes/references/guide.md', guide);
  await page.locator('[data-action="verify-skill"]').click();
  await poll(() => page.locator(`${row(NOTES)} [data-status]`).getAttribute('data-status')).toBe('mismatch');
  await poll(() => page.locator(`${row(NOTES)} [data-approval]`).getAttribute('data-approval')).toBe('changed');
}
