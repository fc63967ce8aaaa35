#!/usr/bin/env node
// Renders assets/icon.svg to the PNG electron-builder turns into every
// platform's icon format (AppImage/deb, icns, ico). Run after editing the SVG.
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1024, height: 1024 } });
await page.goto(`file://${path.join(root, 'assets/icon.svg')}`);
await page.screenshot({ path: path.join(root, 'assets/icon.png'), omitBackground: true });
await browser.close();
