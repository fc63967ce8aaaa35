// The UI at scale: the real app in browser mode (the built web.js) with the
// synthetic catalog as its only server, in the Chromium every launch uses
// (scripts/find-chromium.mjs). Measures, in the page, the time from the first
// skills reaching it to the first rows painted, and keystroke-to-updated-list
// latency in the catalog search box.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { AFTER_PAINT, launchChromium } from './chromium.js';
import { percentile } from './stats.js';

export interface UiResult {
  readonly skills: number;
  readonly firstRowsMs: number | null;
  readonly filterP50Ms: number | null;
  readonly filterP95Ms: number | null;
  /** Keystroke latencies, in order; null where the list did not change within the wait. */
  readonly samples: ReadonlyArray<number | null>;
  readonly listingMs: number | null;
  /** With a Review all first: the verdicts the catalog showed while typing (from the verdict filter's counts), and how long the review took. */
  readonly verdicts?: { readonly risky: number; readonly needsLook: number; readonly clean: number; readonly notReviewed: number } | null;
  readonly reviewAllMs?: number | null;
  /** Verdict-filter change → updated list painted. */
  readonly verdictFilterP50Ms?: number | null;
  readonly verdictFilterP95Ms?: number | null;
  readonly verdictSamples: ReadonlyArray<number | null>;
  readonly failure?: string;
}

const SERVER_ID = 'bench-catalog';
export const SETTLE_MS = 3000;

// Runs in the page before the app: timestamps what the app's WebSocket
// receives (MessageEvent.timeStamp is when it arrived, on performance.now()'s
// clock) and the first row the app paints (a frame after the DOM change).
const INSTRUMENT = `(() => {
  const bench = { dataAt: null, doneAt: null, firstRowAt: null, reviewDoneAt: null, events: {} };
  window.__bench = bench;
  const Native = window.WebSocket;
  window.__NativeWebSocket = Native;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        const text = typeof event.data === 'string' ? event.data : '';
        const name = /^\\{"event":"([^"]+)"/.exec(text);
        if (name) bench.events[name[1]] = (bench.events[name[1]] || 0) + 1;
        if (text.startsWith('{"event":"review.job"') && /"state":"(done|cancelled)"/.test(text)) bench.reviewDoneAt = event.timeStamp;
        // Only the synthetic server's listing: local skill folders announce theirs as done too.
        if (!text.startsWith('{"event":"skills.listed","payload":{"serverId":"${SERVER_ID}"')) return;
        if (bench.dataAt === null && text.includes('"uri":"skill://synthetic/')) bench.dataAt = event.timeStamp;
        if (text.endsWith('"done":true}}')) bench.doneAt = event.timeStamp;
      });
    }
  };
  const afterPaint = ${AFTER_PAINT};
  // Rows added, removed or changed; or the app's own count of visible rows, where it shows one.
  const touchesRows = (records) => records.some((r) => {
    if (r.type === 'attributes') return true;
    const nodes = [...r.addedNodes, ...r.removedNodes];
    if (nodes.some((n) => n.nodeType === 1 && (n.matches('[data-skill-uri]') || n.querySelector('[data-skill-uri]')))) return true;
    const target = r.target.nodeType === 1 ? r.target : r.target.parentElement;
    return Boolean(target && target.closest('[data-skill-uri]'));
  });
  new MutationObserver((records, observer) => {
    if (bench.dataAt === null || !touchesRows(records)) return;
    observer.disconnect();
    afterPaint((t) => { bench.firstRowAt = t; });
  }).observe(document, { childList: true, subtree: true });
  /** Resolves with keydown (or, for a select, input) to painted-list latency, or null when the rows did not change. */
  window.__benchKey = (input, eventName) => new Promise((resolve) => {
    let keyAt = null;
    const timer = setTimeout(() => { observer.disconnect(); resolve(null); }, 3000);
    input.addEventListener(eventName || 'keydown', (e) => { keyAt = e.timeStamp; }, { capture: true, once: true });
    const observer = new MutationObserver((records) => {
      if (keyAt === null || !touchesRows(records)) return;
      observer.disconnect();
      afterPaint((t) => { clearTimeout(timer); resolve(t - keyAt); });
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['data-visible-count'] });
  });
  window.__benchArm = () => {
    window.__benchPending = window.__benchKey(document.querySelector('input[aria-label="Search skills"]'));
  };
  window.__benchArmSelect = () => {
    window.__benchPending = window.__benchKey(document.querySelector('select[aria-label="Show only skills with the verdict"]'), 'input');
  };
  /** One call on the contract, as the app's own buttons make it (servers.connect, review.startAll). */
  window.__benchCall = (token, method, params) => new Promise((resolve, reject) => {
    const ws = new Native('ws://' + location.host + '/bridge?token=' + encodeURIComponent(token));
    ws.onopen = () => ws.send(JSON.stringify({ id: 1, method, params }));
    ws.onmessage = (event) => {
      const reply = JSON.parse(String(event.data));
      if (reply.id !== 1) return;
      ws.close();
      if (reply.ok) resolve(true);
      else reject(new Error((reply.error && reply.error.message) || method + ' failed'));
    };
    ws.onerror = () => reject(new Error('bridge WebSocket failed'));
  });
  window.__benchConnect = (token, serverId) => window.__benchCall(token, 'servers.connect', { serverId });
})();`;

/**
 * Letters, each followed by Backspace (back to the whole catalog): 50 keystrokes.
 * None is in the descriptions' fixed start ("Synthetic skill N to") and each is
 * rare enough in the generated words to keep a part of the catalog (or none of
 * it), so every keystroke changes the list.
 */
const KEYS = ['b', 'd', 'f', 'g', 'j', 'm', 'p', 'q', 'u', 'v', 'w', 'x', 'z', 'b', 'd', 'f', 'g', 'j', 'm', 'p', 'q', 'u', 'v', 'w', 'x'].flatMap((k) => [k, 'Backspace']);

/** The verdict filter's values, each followed by "any verdict" (back to the whole catalog): every change changes the list. */
const VERDICT_CHOICES = ['risky', 'needs-look', 'clean-as-checked', 'not-reviewed'].flatMap((v) => [v, 'any', v, 'any', v, 'any']);

export async function measureUi(options: { webEntry: string; serverEntry: string; skills: number; files: number; reviewAll?: boolean; chromium?: string; cpuProfile?: string }): Promise<UiResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'si-bench-ui-'));
  writeFileSync(
    path.join(dataDir, 'servers.json'),
    JSON.stringify({
      version: 1,
      demoSeeded: true,
      servers: [
        {
          id: SERVER_ID,
          label: 'Synthetic catalog',
          transport: { kind: 'stdio', command: process.execPath, args: [options.serverEntry, '--skills', String(options.skills), '--files', String(options.files)], env: {} },
          createdAt: new Date().toISOString(),
        },
      ],
    }),
  );
  const app = spawn(process.execPath, [options.webEntry, '--port', '0', '--data-dir', dataDir, '--json', '--no-demo', '--no-connect'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  app.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const browser = await launchChromium(options.chromium);
  try {
    const info = await new Promise<{ pageUrl: string; token: string }>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`browser mode did not start: ${stderr}`)), 30_000);
      app.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const nl = out.indexOf('\n');
        if (nl >= 0) {
          clearTimeout(timer);
          resolve(JSON.parse(out.slice(0, nl)) as { pageUrl: string; token: string });
        }
      });
      app.once('exit', (code) => reject(new Error(`browser mode exited with ${code}: ${stderr}`)));
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript(INSTRUMENT);
    await page.goto(info.pageUrl);
    await page.locator('input[aria-label="Search skills"]').waitFor({ timeout: 30_000 });
    await page.locator('[data-server-label="Synthetic catalog"]').waitFor({ timeout: 30_000 }).catch(() => undefined);

    const connectStarted = Date.now();
    await page.evaluate(`window.__benchConnect(${JSON.stringify(info.token)}, ${JSON.stringify(SERVER_ID)})`);
    const bench = () => page.evaluate<{ dataAt: number | null; doneAt: number | null; firstRowAt: number | null }>('window.__bench');
    const deadline = Date.now() + 10 * 60_000;
    let state = await bench();
    while ((state.doneAt === null || state.firstRowAt === null) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      state = await bench();
    }
    const listingMs = state.doneAt !== null ? Date.now() - connectStarted : null;
    if (state.dataAt === null || state.firstRowAt === null) {
      return { skills: options.skills, firstRowsMs: null, filterP50Ms: null, filterP95Ms: null, samples: [], verdictSamples: [], listingMs, failure: 'the catalog did not reach the page, or no row was painted, within 10 minutes' };
    }
    const firstRowsMs = state.firstRowAt - state.dataAt;
    let reviewAllMs: number | null = null;
    let verdicts: UiResult['verdicts'] = null;
    const notes: string[] = [];
    if (options.reviewAll) {
      // Review all of the whole catalog in the page's app, as its button starts it; the filters are then timed over rows that carry verdicts.
      await page.waitForTimeout(SETTLE_MS);
      const reviewStarted = Date.now();
      await page.evaluate(`window.__benchCall(${JSON.stringify(info.token)}, 'review.startAll', { serverId: ${JSON.stringify(SERVER_ID)} })`);
      const reviewDeadline = Date.now() + 60 * 60_000;
      while ((await page.evaluate<number | null>('window.__bench.reviewDoneAt')) === null && Date.now() < reviewDeadline) await page.waitForTimeout(1000);
      reviewAllMs = (await page.evaluate<number | null>('window.__bench.reviewDoneAt')) === null ? null : Date.now() - reviewStarted;
      if (reviewAllMs === null) notes.push('the Review all did not end within 60 minutes');
      // The verdicts as the catalog shows them: the verdict filter's own counts, once no skill is left unreviewed (or after a minute).
      const countsDeadline = Date.now() + 60_000;
      do {
        verdicts = await verdictCounts(page);
        if (verdicts && verdicts.notReviewed === 0) break;
        await page.waitForTimeout(500);
      } while (Date.now() < countsDeadline);
    }
    const firstRowsAndReview = { firstRowsMs, reviewAllMs, verdicts };
    // Typing starts once the page has settled after the last listing page (its
    // final render and the collection of the listing's garbage), as a person
    // would start to type; the settle time is part of the method, reported with the figures.
    await page.waitForTimeout(SETTLE_MS);
    // With --ui-profile, the page's JavaScript is profiled while typing (for finding the cost, not for the figures).
    const cdp = options.cpuProfile ? await page.context().newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const before = await page.evaluate<Record<string, number>>('({ ...window.__bench.events })');
    const samples = await typeAndTime(page);
    const verdictSamples = options.reviewAll ? await chooseAndTime(page) : [];
    const after = await page.evaluate<Record<string, number>>('({ ...window.__bench.events })');
    process.stderr.write(`bench: events before typing ${JSON.stringify(before)}; during ${JSON.stringify(Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]).filter(([, v]) => Number(v) > 0)))}\n`);
    if (cdp && options.cpuProfile) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(options.cpuProfile, JSON.stringify(profile));
    }
    const measured = samples.filter((s): s is number => s !== null);
    const chosen = verdictSamples.filter((s): s is number => s !== null);
    if (measured.length < samples.length) notes.push(`${samples.length - measured.length} of ${samples.length} keystrokes left the visible rows unchanged within 3 s`);
    if (chosen.length < verdictSamples.length) notes.push(`${verdictSamples.length - chosen.length} of ${verdictSamples.length} verdict-filter changes left the visible rows unchanged within 3 s (a verdict no skill has)`);
    return {
      skills: options.skills,
      ...firstRowsAndReview,
      filterP50Ms: percentile(measured, 50),
      filterP95Ms: percentile(measured, 95),
      samples,
      listingMs,
      ...(options.reviewAll ? { verdictFilterP50Ms: percentile(chosen, 50), verdictFilterP95Ms: percentile(chosen, 95) } : {}),
      verdictSamples,
      ...(notes.length > 0 ? { failure: notes.join('; ') } : {}),
    };
  } finally {
    await browser.close();
    const exited = new Promise((r) => app.once('exit', r));
    app.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (app.exitCode === null) app.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function typeAndTime(page: Page): Promise<Array<number | null>> {
  const input = page.locator('input[aria-label="Search skills"]');
  // Focused, not clicked: a notification (Review all's "Reviewed 10,000 skills") may lie over the box for a while.
  await input.focus();
  await input.fill('');
  const samples: Array<number | null> = [];
  for (const key of KEYS) {
    await page.evaluate('window.__benchArm()');
    await page.keyboard.press(key);
    samples.push(await page.evaluate<number | null>('window.__benchPending'));
    // A pause between keystrokes, as a person types; each measurement stands alone.
    await page.waitForTimeout(120);
  }
  return samples;
}

async function chooseAndTime(page: Page): Promise<Array<number | null>> {
  const select = page.locator('select[aria-label="Show only skills with the verdict"]');
  const samples: Array<number | null> = [];
  for (const value of VERDICT_CHOICES) {
    await page.evaluate('window.__benchArmSelect()');
    await select.selectOption(value);
    samples.push(await page.evaluate<number | null>('window.__benchPending'));
    await page.waitForTimeout(120);
  }
  return samples;
}

/** The verdict filter's counts, from its option labels ("Risky (1,000)"). */
async function verdictCounts(page: Page): Promise<NonNullable<UiResult['verdicts']> | null> {
  const labels = await page.evaluate<Array<[string, string]>>(`[...document.querySelectorAll('select[aria-label="Show only skills with the verdict"] option')].map((o) => [o.value, o.textContent || ''])`);
  const count = (value: string) => {
    const label = labels.find(([v]) => v === value)?.[1];
    const match = label ? /\(([\d,]+)\)\s*$/.exec(label) : null;
    return match ? Number(match[1]!.replace(/,/g, '')) : undefined;
  };
  const risky = count('risky');
  const needsLook = count('needs-look');
  const clean = count('clean-as-checked');
  const notReviewed = count('not-reviewed');
  if (risky === undefined || needsLook === undefined || clean === undefined || notReviewed === undefined) return null;
  return { risky, needsLook, clean, notReviewed };
}
