// Saves a screenshot into the repository only when it looks different from
// the one already there. Headless Chromium's pixels wobble by a few dozen
// between runs of the same app (anti-aliasing), and a test that rewrote a
// committed picture on every run would leave every checkout dirty.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** Pixels that may differ (of about a million) before the picture counts as changed. */
const NOISE_PIXELS = 500;

// Runs in the page (the e2e code has no DOM types): decodes both PNGs and counts the pixels that differ.
const COUNT_DIFFERING_PIXELS = `async ([before, after]) => {
  const pixels = async (base64) => {
    const image = new Image();
    image.src = 'data:image/png;base64,' + base64;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    return { width: image.width, height: image.height, data: context.getImageData(0, 0, image.width, image.height).data };
  };
  const a = await pixels(before);
  const b = await pixels(after);
  if (a.width !== b.width || a.height !== b.height) return Infinity;
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4) if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) count++;
  return count;
}`;

export async function saveScreenshotIfChanged(page: Page, file: string, shot: Buffer): Promise<'written' | 'unchanged'> {
  if (existsSync(file)) {
    const differing = (await page.evaluate(`(${COUNT_DIFFERING_PIXELS})(${JSON.stringify([readFileSync(file).toString('base64'), shot.toString('base64')])})`)) as number;
    if (differing <= NOISE_PIXELS) return 'unchanged';
  }
  writeFileSync(file, shot);
  return 'written';
}
