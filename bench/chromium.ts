// The bench's Chromium and its in-page timing, shared by the UI steps: the
// Chromium every launch uses (scripts/find-chromium.mjs), headless; and the
// moment a DOM change is painted (the first frame after it, and a posted
// message so the frame's own work has run), on the page's performance.now().
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';

export async function launchChromium(executablePath?: string): Promise<Browser> {
  return chromium.launch({ executablePath: executablePath ?? (await findChromium()).path, headless: true, args: [...CHROMIUM_ARGS] });
}

/** In-page source of `afterPaint(callback)`: calls back with performance.now() once the current DOM is painted. */
export const AFTER_PAINT = `(callback) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => callback(performance.now());
    channel.port2.postMessage(0);
  })`;
