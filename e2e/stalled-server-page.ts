// The app in browser mode at 1280×800 with a mutable server whose reads the
// test can hold: while the stall file exists the server answers no read, so a
// job over its skills stays where it is and sends no progress. Reads go one at
// a time and are never given up within a test (the default bound, 30 s, would
// end a held read and push progress), so the job stays on its first skill.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { addAndConnect, callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { SkillFolder } from '../test/fixtures/mutable-server/fixture.js';
import { launchBrowser, openApp, startApp, type RunningApp } from './harness.js';

export interface StalledServerPage {
  readonly app: RunningApp;
  readonly browser: Browser;
  readonly page: Page;
  readonly folder: SkillFolder;
  /** The id of the server added under the label asked for. */
  readonly serverId: string;
  /** From now on the server answers no read. */
  holdReads(): void;
  /** The server answers reads again (a read already held is let go). */
  releaseReads(): void;
  /** Releases the reads, closes Chromium, stops the app and removes the server's folder. */
  close(): Promise<void>;
}

/** The app with a server labelled `label` connected, serving the skills `write` puts in its folder, reads not yet held. */
export async function stalledServerPage(label: string, write: (folder: SkillFolder) => Promise<void>): Promise<StalledServerPage> {
  const folder = await SkillFolder.create();
  // Outside the served folder, so it is never listed as a skill's file.
  const stall = path.join(path.dirname(folder.dir), `${path.basename(folder.dir)}.stall`);
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const releaseReads = () => rmSync(stall, { force: true });
  const close = async () => {
    releaseReads();
    await browser?.close();
    await app?.stop();
    rmSync(folder.dir, { recursive: true, force: true });
  };
  try {
    await write(folder);
    app = await startApp();
    browser = await launchBrowser();
    const page = await openApp(browser, app, { width: 1280, height: 800 });
    await page.locator('[data-skill-uri="skill://repo-audit/SKILL.md"]').waitFor({ timeout: 30_000 });
    await callContract(page, app.token, 'settings.update', { readConcurrency: 1, requestTimeoutMs: 600_000 });
    const serverId = await addAndConnect(page, app.token, { label, transport: folder.stdio({ stallReads: stall }) });
    await page.locator(`[data-server-label="${label}"] [data-connection="connected"]`).waitFor({ timeout: 30_000 });
    return { app, browser, page, folder, serverId, holdReads: () => writeFileSync(stall, ''), releaseReads, close };
  } catch (error) {
    await close();
    throw error;
  }
}
