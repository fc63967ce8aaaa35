// The cold start (issue 20): from spawning browser mode (the built web.js)
// with N configured servers (a data folder whose servers.json holds N
// synthetic catalog servers over stdio, each connected at launch as saved
// servers are) to the first catalog row (`[data-skill-uri]`) painted in
// Chromium. Each run has a fresh data folder, home and browser context (no
// HTTP cache); the browser itself is already up, as a user's is. The same
// page's scripts that finished loading before that first row are counted
// from its Resource Timing entries; the built index.html's own entry script
// and module preloads are counted on disk. The floor, run by run in
// between: the same launch with the page's JavaScript off, to the page's
// load event: the process's start and the served page, without the app.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { AFTER_PAINT, launchChromium } from './chromium.js';
import type { ConnectFloorResult } from './connect-floor-run.js';
import { lastJson, runToEnd } from './processes.js';

export interface ColdStartRun {
  /** Spawn → the first catalog row painted. */
  readonly firstRowMs: number;
  /** Spawn → browser mode printed its address (listening). */
  readonly listeningMs: number;
  /** Spawn → the page's DOMContentLoaded (its entry script has run by then). */
  readonly domReadyMs: number;
  /** Spawn → the first server's first skills reached the page over the bridge (null if the row came first). */
  readonly firstListingMs?: number | null;
  /** Scripts that finished loading before the first row: how many, and their bytes (decoded). */
  readonly scripts: number;
  readonly scriptBytes: number;
}

export interface ColdStartResult {
  readonly servers: number;
  readonly skillsPerServer: number;
  readonly runs: readonly ColdStartRun[];
  /** Spawn → the page (JavaScript off) loaded, run by run. */
  readonly floorMs: readonly number[];
  /**
   * The servers' own floor, run by run: a bare-SDK process (started like browser mode)
   * connecting all N at once, from its spawn to the first server's skills listed.
   */
  readonly bareFirstListedMs?: readonly number[];
  /** The built index.html's entry script and module preloads, as on disk. */
  readonly initialScript: { readonly files: readonly string[]; readonly bytes: number };
  readonly stylesheetBytes: number;
  readonly failure?: string;
}

// Before the app: when the first skills reached the page (MessageEvent.timeStamp
// of the bridge's first skills.listed naming one), and the first row added to
// the DOM, timed at its first paint.
const PROBE = `(() => {
  const probe = { firstRowAt: null, firstListingAt: null };
  window.__coldStart = probe;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (probe.firstListingAt !== null || typeof event.data !== 'string') return;
        if (event.data.startsWith('{"event":"skills.listed"') && event.data.includes('"uri":"skill://')) probe.firstListingAt = event.timeStamp;
      });
    }
  };
  const afterPaint = ${AFTER_PAINT};
  new MutationObserver((records, observer) => {
    const added = records.some((r) => [...r.addedNodes].some((n) => n.nodeType === 1 && (n.matches('[data-skill-uri]') || n.querySelector('[data-skill-uri]'))));
    if (!added) return;
    observer.disconnect();
    afterPaint((t) => { probe.firstRowAt = t; });
  }).observe(document, { childList: true, subtree: true });
})();`;

/** The entry script and module preloads a built index.html names, and its stylesheets. */
export function initialAssets(html: string): { scripts: string[]; stylesheets: string[] } {
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]+)"`).exec(tag)?.[1];
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    if (tag.startsWith('<script') && attr(tag, 'type') === 'module' && attr(tag, 'src')) scripts.push(attr(tag, 'src')!);
    else if (tag.startsWith('<link') && attr(tag, 'rel') === 'modulepreload' && attr(tag, 'href')) scripts.push(attr(tag, 'href')!);
    else if (tag.startsWith('<link') && attr(tag, 'rel') === 'stylesheet' && attr(tag, 'href')) stylesheets.push(attr(tag, 'href')!);
  }
  return { scripts, stylesheets };
}

export interface ColdStartOptions {
  readonly webEntry: string;
  readonly serverEntry: string;
  readonly servers: number;
  readonly skills: number;
  readonly files: number;
  readonly runs: number;
  readonly chromium?: string;
  /** The bundled connect-floor-run, for the servers' own floor. */
  readonly connectFloorEntry: string;
  readonly say: (line: string) => void;
}

export async function measureColdStart(options: ColdStartOptions): Promise<ColdStartResult> {
  const rendererDir = path.resolve(path.dirname(options.webEntry), '..', 'renderer');
  const assets = initialAssets(readFileSync(path.join(rendererDir, 'index.html'), 'utf8'));
  const size = (href: string) => statSync(path.join(rendererDir, href)).size;
  const initialScript = { files: assets.scripts.map((s) => s.replace(/^\.\//, '')), bytes: assets.scripts.reduce((n, s) => n + size(s), 0) };
  const stylesheetBytes = assets.stylesheets.reduce((n, s) => n + size(s), 0);
  const browser = await launchChromium(options.chromium);
  const runs: ColdStartRun[] = [];
  const floorMs: number[] = [];
  const bareFirstListedMs: number[] = [];
  const result = (failure?: string): ColdStartResult => ({ servers: options.servers, skillsPerServer: options.skills, runs, floorMs, bareFirstListedMs, initialScript, stylesheetBytes, ...(failure ? { failure } : {}) });
  try {
    for (let run = 1; run <= options.runs; run++) {
      const app = await launchOnce(browser, options, true);
      if ('failure' in app) return result(app.failure);
      const floor = await launchOnce(browser, options, false);
      if ('failure' in floor) return result(floor.failure);
      const bare = await bareFirstListed(options);
      runs.push(app);
      floorMs.push(floor.loadedMs);
      if (bare !== null) bareFirstListedMs.push(bare);
      options.say(
        `bench: cold start run ${run}/${options.runs}: first row ${app.firstRowMs.toFixed(0)} ms after spawn (listening ${app.listeningMs.toFixed(0)} ms, DOM ready ${app.domReadyMs.toFixed(0)} ms, first skills in the page ${app.firstListingMs?.toFixed(0) ?? '—'} ms; ` +
          `${app.scripts} scripts, ${(app.scriptBytes / 1024).toFixed(0)} KiB before it); floor (page without JavaScript) ${floor.loadedMs.toFixed(0)} ms; bare SDK, ${options.servers} at once: first skills listed ${bare?.toFixed(0) ?? '—'} ms after spawn`,
      );
    }
  } finally {
    await browser.close();
  }
  return result();
}

/** Spawn of a bare-SDK process → its first server's skills listed, with all N servers connecting at once. */
async function bareFirstListed(options: ColdStartOptions): Promise<number | null> {
  const args = [options.connectFloorEntry, '--servers', String(options.servers), '--at-once', String(options.servers), '--server-entry', options.serverEntry, '--skills', String(options.skills), '--files', String(options.files)];
  // From the spawn, as the app's figure: the process's own start is in both.
  const spawnedAt = performance.timeOrigin + performance.now();
  const run = await runToEnd(process.execPath, args, { timeoutMs: 5 * 60_000 });
  if (run.code !== 0) return null;
  const floor = lastJson<ConnectFloorResult>(run.stdout);
  return floor.firstListedAtEpochMs === null ? null : floor.firstListedAtEpochMs - spawnedAt;
}

/** One launch: with the app (to the first row painted) or, for the floor, the page with JavaScript off (to its load event). */
async function launchOnce(browser: Browser, options: ColdStartOptions, withApp: true): Promise<ColdStartRun | { failure: string }>;
async function launchOnce(browser: Browser, options: ColdStartOptions, withApp: false): Promise<{ loadedMs: number } | { failure: string }>;
async function launchOnce(browser: Browser, options: ColdStartOptions, withApp: boolean): Promise<ColdStartRun | { loadedMs: number } | { failure: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'si-bench-cold-'));
  // A home of its own: no local skill folder of this machine's user takes part.
  const home = mkdtempSync(path.join(os.tmpdir(), 'si-bench-cold-home-'));
  const createdAt = new Date().toISOString();
  const servers = Array.from({ length: options.servers }, (_, i) => ({
    id: `catalog-${String(i + 1).padStart(3, '0')}`,
    label: `Catalog ${String(i + 1).padStart(3, '0')}`,
    transport: { kind: 'stdio', command: process.execPath, args: [options.serverEntry, '--skills', String(options.skills), '--files', String(options.files)], env: {} },
    createdAt,
  }));
  writeFileSync(path.join(dataDir, 'servers.json'), JSON.stringify({ version: 1, demoSeeded: true, servers }));
  let context: BrowserContext | undefined;
  // Browser mode connects the saved servers at launch (no --no-connect), as a user's launch does.
  const spawnedAt = performance.timeOrigin + performance.now();
  const app = spawn(process.execPath, [options.webEntry, '--port', '0', '--data-dir', dataDir, '--json', '--no-demo'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: home, USERPROFILE: home } });
  let stderr = '';
  app.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  try {
    const pageUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`browser mode did not start within 30 s: ${stderr}`)), 30_000);
      app.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const nl = out.indexOf('\n');
        if (nl >= 0) {
          clearTimeout(timer);
          resolve((JSON.parse(out.slice(0, nl)) as { pageUrl: string }).pageUrl);
        }
      });
      app.once('exit', (code) => reject(new Error(`browser mode exited with ${code}: ${stderr}`)));
    });
    const listeningMs = performance.timeOrigin + performance.now() - spawnedAt;
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, javaScriptEnabled: withApp });
    const page = await context.newPage();
    if (!withApp) {
      await page.goto(pageUrl, { waitUntil: 'load' });
      return { loadedMs: performance.timeOrigin + performance.now() - spawnedAt };
    }
    await page.addInitScript(PROBE);
    await page.goto(pageUrl, { waitUntil: 'commit' });
    // Polled with page.evaluate (the page's CSP allows no eval, which a string predicate would need).
    const deadline = Date.now() + 60_000;
    while ((await page.evaluate<number | null>('window.__coldStart.firstRowAt')) === null) {
      if (Date.now() > deadline) return { failure: `no catalog row was painted within 60 s of the page opening (${options.servers} servers)` };
      await new Promise((r) => setTimeout(r, 50));
    }
    const seen = await page.evaluate<{ origin: number; firstRowAt: number; firstListingAt: number | null; domReady: number; scripts: Array<{ end: number; bytes: number }> }>(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const scripts = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith('.js')).map((e) => ({ end: e.responseEnd, bytes: e.decodedBodySize }));
      return { origin: performance.timeOrigin, firstRowAt: window.__coldStart.firstRowAt, firstListingAt: window.__coldStart.firstListingAt, domReady: nav ? nav.domContentLoadedEventEnd : 0, scripts };
    })()`);
    const before = seen.scripts.filter((s) => s.end <= seen.firstRowAt);
    return {
      firstRowMs: seen.origin + seen.firstRowAt - spawnedAt,
      listeningMs,
      domReadyMs: seen.origin + seen.domReady - spawnedAt,
      firstListingMs: seen.firstListingAt === null ? null : seen.origin + seen.firstListingAt - spawnedAt,
      scripts: before.length,
      scriptBytes: before.reduce((n, s) => n + s.bytes, 0),
    };
  } catch (error) {
    return { failure: error instanceof Error ? error.message : String(error) };
  } finally {
    await context?.close();
    if (app.exitCode === null && app.signalCode === null) {
      const exited = new Promise((r) => app.once('exit', r));
      app.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (app.exitCode === null && app.signalCode === null) app.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}
