// The command palette driven from the keyboard, as the palette's e2e suites
// use it: Ctrl+K, the words typed, Enter on the entry wanted, the palette gone.
import type { Page } from 'playwright-core';
import { openAppInBrowser, pollWithin, type AppInBrowser, type StartOptions } from './harness.js';

const poll = pollWithin(30_000);

/** The app in browser mode and a Chromium page on it at 1280×800 (dark), where the palette suites run keyboard only. */
export function openAppForPalette(options: StartOptions = {}): Promise<AppInBrowser> {
  return openAppInBrowser(options, { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
}

/** The palette's search box, found by its placeholder. */
export const PALETTE_SEARCH = 'Type a command, a server or a skill…';

/** Ctrl+K from wherever focus is, then `words` typed; waits until an entry that has `label` is offered. */
export async function openPaletteAt(page: Page, words: string, label: string): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.getByPlaceholder(PALETTE_SEARCH).fill(words);
  await page.locator('.mantine-Spotlight-action', { hasText: label }).first().waitFor({ timeout: 30_000 });
}

/** Ctrl+K, the words typed, once an entry that has `label` is offered Enter on the first entry (the words pick it), and the palette closed. */
export async function runPaletteCommand(page: Page, words: string, label: string): Promise<void> {
  await openPaletteAt(page, words, label);
  await page.keyboard.press('Enter');
  await poll(() => page.getByPlaceholder(PALETTE_SEARCH).isVisible()).toBe(false);
}
