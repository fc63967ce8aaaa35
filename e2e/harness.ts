// Starts the real app in browser mode (the built out/main/web.js, as `npm run
// web` does) and Chromium through playwright-core: the one npm installs
// (@sparticuz/chromium) on Linux x64, else CHROMIUM_PATH or a system Chrome —
// whichever scripts/find-chromium.mjs finds, as for every other launch.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

import { CHROMIUM_ARGS, findChromium, type FoundChromium } from '../scripts/find-chromium.mjs';
import { ROOT, WEB } from '../test/support/paths.js';

export { ROOT };

export interface RunningApp {
  readonly pageUrl: string;
  readonly url: string;
  readonly token: string;
  readonly port: number;
  readonly dataDir: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

export interface StartOptions {
  readonly dataDir?: string;
  readonly args?: string[];
  readonly env?: NodeJS.ProcessEnv;
}

export async function startApp(options: StartOptions = {}): Promise<RunningApp> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'si-e2e-'));
  const child = spawn(process.execPath, [WEB, '--port', '0', '--data-dir', dataDir, '--json', ...(options.args ?? [])], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    // An empty home unless a test brings its own: the skill folders of this machine (~/.claude/skills…) stay out of the catalog.
    env: { ...process.env, HOME: mkdtempSync(path.join(os.tmpdir(), 'si-e2e-home-')), ...options.env },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`browser mode did not start: ${stderr}`)), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) {
        clearTimeout(timer);
        resolve(out.slice(0, nl));
      }
    });
    child.once('exit', (code) => reject(new Error(`browser mode exited with ${code}: ${stderr}`)));
  });
  const info = JSON.parse(line) as { url: string; pageUrl: string; token: string; port: number };
  return {
    ...info,
    dataDir,
    process: child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

let found: Promise<FoundChromium> | undefined;

/** The Chromium this process's suites drive (found, and unpacked if need be, once). */
export function chromiumInUse(): Promise<FoundChromium> {
  found ??= findChromium();
  return found;
}

export async function launchBrowser(): Promise<Browser> {
  const { path: executablePath } = await chromiumInUse();
  return chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS] });
}

/** How a suite's page looks: its size and colour scheme. */
export interface PageLook {
  readonly viewport?: { readonly width: number; readonly height: number };
  readonly colorScheme?: 'light' | 'dark';
}

export async function openApp(browser: Browser, app: RunningApp, viewport = { width: 1440, height: 900 }, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await browser.newPage({ viewport, colorScheme });
  await page.goto(app.pageUrl);
  return page;
}

/** The app in browser mode with a Chromium page open on it: how most suites start. */
export interface AppInBrowser {
  readonly app: RunningApp;
  readonly browser: Browser;
  readonly page: Page;
  /** Closes Chromium, then stops the app. */
  close(): Promise<void>;
}

export async function openAppInBrowser(options: StartOptions = {}, look: PageLook = {}): Promise<AppInBrowser> {
  const app = await startApp(options);
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await app.stop();
    throw error;
  });
  const close = async () => {
    await browser.close();
    await app.stop();
  };
  const page = await openApp(browser, app, look.viewport, look.colorScheme).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  return { app, browser, page, close };
}

/** Real servers on a loaded machine: every wait in a suite gets the same generous bound. */
export function pollWithin(timeout: number) {
  return <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout, interval: 100 });
}
