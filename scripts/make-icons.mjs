#!/usr/bin/env node
// Renders assets/icon.svg to the PNG electron-builder turns into every
// platform's icon format (AppImage/deb, icns, ico). Run after editing the SVG.
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const browser = await chromium.launch({ executablePath: (await findChromium()).path, headless: true, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1024, height: 1024 } });
await page.goto(`file://${path.join(root, 'assets/icon.svg')}`);
await page.screenshot({ path: path.join(root, 'assets/icon.png'), omitBackground: true });
await browser.close();
