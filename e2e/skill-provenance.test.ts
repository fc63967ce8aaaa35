// A skill's Provenance and Checks tabs in the real app (browser mode,
// Chromium), against real servers: the bundled demo over stdio, the same
// demo over Streamable HTTP (the built CLI's demo-server), the broken-skills
// fixture, and the hostile fixture answering with the wrong error codes.
// Provenance says which server (by the label you gave it), how it is reached,
// its era, how the skill was found, its URI scheme, when it was fetched, the
// cache hint the server sent, nesting and same-name skills. Checks groups
// findings by severity, errors first.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect, BROKEN_SERVER, brokenServerInput, callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { startDemoHttp, type DemoHttp } from './demo-http.js';
import { openAppInBrowser, pollWithin, ROOT, type AppInBrowser, type RunningApp } from './harness.js';

const poll = pollWithin(20_000);

const DEMO = 'Sample skills (bundled)';
const HOSTILE_SERVER = path.join(ROOT, 'test/fixtures/hostile/hostile-server.mjs');
const MODERN_ERA = 'Current (server/discover, stateless) — 2026-07-28';
const LISTED = 'Listed by the server (skills/list)';

describe('a skill’s provenance and checks', () => {
  let ui: AppInBrowser;
  let app: RunningApp;
  let page: Page;
  let demoHttp: DemoHttp;
  const ids = new Map<string, string>();
  let started: number;

  const sidebarRow = (label: string) => page.locator(`[data-server-label="${label}"]`);
  /** The evidence cell of one row of the Provenance table, by its exact label. */
  const fact = (label: string) => page.locator(`[data-provenance] tr:has(th:text-is("${label}")) td`);
  /** The lines of a fact's evidence: its paragraphs and code blocks. */
  const lines = (label: string) => fact(label).locator('p, pre').allTextContents();
  const openProvenance = async (server: string, uri: string) => {
    await sidebarRow(server).click();
    await page.locator(`[data-skill-uri="${uri}"]`).click();
    await poll(() => page.locator('[data-detail-skill]').getAttribute('data-detail-skill')).toBe(uri);
    await page.locator('[data-tab="provenance"]').click();
    await poll(() => page.locator('[data-provenance] [data-provenance-label]').textContent()).toBe(server);
  };
  /** "Fetched" as the page's own locale writes the time the server view records; that time lies within this test run. */
  const expectFetched = async (server: string, uri: string) => {
    const entry = (await callContract(page, app.token, 'skills.list', { serverId: ids.get(server)! })).find((e) => e.uri === uri)!;
    const at = Date.parse(entry.fetchedAt);
    expect(at).toBeGreaterThanOrEqual(started);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(await fact('Fetched').textContent()).toBe(await page.evaluate((iso) => new Date(iso).toLocaleString(), entry.fetchedAt));
  };

  beforeAll(async () => {
    started = Date.now() - 1000;
    demoHttp = await startDemoHttp();
    ui = await openAppInBrowser();
    ({ app, page } = ui);
    // A step that cannot happen fails with its locator, well inside the test's own timeout.
    page.setDefaultTimeout(15_000);
    await sidebarRow(DEMO).locator('[data-connection="connected"]').waitFor({ timeout: 20_000 });
    ids.set(DEMO, (await callContract(page, app.token, 'servers.list', {})).find((s) => s.config.label === DEMO)!.config.id);
    ids.set('Broken fixture', await addAndConnect(page, app.token, brokenServerInput('Broken fixture')));
    ids.set('Demo over HTTP', await addAndConnect(page, app.token, { label: 'Demo over HTTP', transport: { kind: 'http', url: demoHttp.url, headers: {} } }));
    ids.set(
      'Wrong codes',
      await addAndConnect(page, app.token, { label: 'Wrong codes', transport: { kind: 'stdio', command: process.execPath, args: [HOSTILE_SERVER, 'wrong-error-codes', '--era', 'modern'], env: {} } }),
    );
    for (const label of ids.keys()) await sidebarRow(label).locator('[data-connection="connected"]').waitFor({ timeout: 20_000 });
  });
  afterAll(async () => {
    await ui?.close();
    demoHttp?.stop();
  });

  it('says where a nested skill on an HTTP server comes from, and links its parent', async () => {
    const uri = 'skill://docs-style/headlines/SKILL.md';
    await openProvenance('Demo over HTTP', uri);
    expect(await fact('Qualified name').textContent()).toBe('Demo over HTTP › docs-style/headlines');
    expect(await fact('Server').textContent()).toBe('Demo over HTTP(the name you gave it)');
    expect(await lines('How the app reaches it')).toEqual(['Streamable HTTP', demoHttp.url]);
    expect(await fact('Server says it is').locator('[data-self-reported]').textContent()).toBe('skill-inspector-samples 1.0.0');
    expect(await fact('Server says it is').locator('.mantine-Badge-root').textContent()).toBe('self-reported');
    expect(await fact('Protocol era').textContent()).toBe(MODERN_ERA);
    expect(await page.locator('[data-provenance-source]').getAttribute('data-provenance-source')).toBe('listed');
    expect(await fact('How the skill was found').textContent()).toBe(LISTED);
    expect(await fact('Skill URI').textContent()).toBe(uri);
    expect(await fact('URI scheme').textContent()).toBe('skill:');
    expect(await fact('Path prefix').textContent()).toBe('docs-style');
    await expectFetched('Demo over HTTP', uri);
    // The demo's catalog sends ttlMs 60000, cacheScope public.
    expect(await fact('Cache hint').textContent()).toBe('ttlMs 60,000 (60 s) · cacheScope public');
    expect(await fact('Nested in').textContent()).toBe('skill://docs-style/SKILL.md');
    expect(await fact('Contains skills').textContent()).toBe('none');
    // The bundled demo serves a skill of the same name: named by its server's label, one click away.
    expect(await fact('Same-name skills').locator('[data-same-name]').getAttribute('data-same-name')).toBe('1');
    expect(await fact('Same-name skills').locator('p').first().textContent()).toBe('1 other skill called “headlines”: an agent may confuse them. See every name clash');
    expect(await fact('Same-name skills').locator('[data-same-name-skill]').allTextContents()).toEqual([`${DEMO} › docs-style/headlines skill://docs-style/headlines/SKILL.md`]);

    // "Nested in" opens the parent (on its Overview), whose Provenance lists this skill under "Contains skills".
    await fact('Nested in').getByRole('button', { name: 'skill://docs-style/SKILL.md' }).click();
    await poll(() => page.locator('[data-detail-skill]').getAttribute('data-detail-skill')).toBe('skill://docs-style/SKILL.md');
    await page.locator('[data-tab="provenance"]').click();
    await poll(() => fact('Contains skills').textContent()).toBe(uri);
    expect(await fact('Nested in').textContent()).toBe('not nested');
    expect(await fact('Path prefix').textContent()).toBe('none');
    expect(await fact('Qualified name').textContent()).toBe('Demo over HTTP › docs-style');
  });

  it('names the bundled server, and every same-name skill across servers', async () => {
    const uri = 'skill://acme/billing/refunds/SKILL.md';
    await openProvenance(DEMO, uri);
    expect(await fact('Qualified name').textContent()).toBe(`${DEMO} › acme/billing/refunds`);
    expect(await lines('How the app reaches it')).toEqual(['the bundled sample server (stdio, started by the app)']);
    expect(await fact('Protocol era').textContent()).toBe(MODERN_ERA);
    expect(await fact('Path prefix').textContent()).toBe('acme/billing');
    await expectFetched(DEMO, uri);
    expect(await fact('Nested in').textContent()).toBe('not nested');
    expect(await fact('Same-name skills').locator('[data-same-name]').getAttribute('data-same-name')).toBe('3');
    // In the order the servers' listings arrived: compared as a set.
    expect((await fact('Same-name skills').locator('[data-same-name-skill]').allTextContents()).sort()).toEqual([
      'Demo over HTTP › acme/billing/refunds skill://acme/billing/refunds/SKILL.md',
      'Demo over HTTP › acme/support/refunds skill://acme/support/refunds/SKILL.md',
      `${DEMO} › acme/support/refunds skill://acme/support/refunds/SKILL.md`,
    ]);
    // One click opens the twin on the other server.
    await fact('Same-name skills').locator('[data-same-name-skill]', { hasText: 'Demo over HTTP › acme/billing/refunds' }).click();
    await poll(() => page.locator('[data-detail-skill]').getAttribute('data-detail-skill')).toBe(uri);
    await page.locator('[data-tab="provenance"]').click();
    await poll(() => page.locator('[data-provenance] [data-provenance-label]').textContent()).toBe('Demo over HTTP');
    expect(await fact('Qualified name').textContent()).toBe('Demo over HTTP › acme/billing/refunds');
  });

  it('shows a stdio server’s command and the cache hint it sent', async () => {
    const uri = 'skill://clean-skill/SKILL.md';
    await openProvenance('Broken fixture', uri);
    expect(await lines('How the app reaches it')).toEqual(['stdio: the app starts this command', `${process.execPath} ${BROKEN_SERVER}`]);
    expect(await fact('Server says it is').locator('[data-self-reported]').textContent()).toBe('broken-skills-fixture 0.0.1');
    expect(await fact('Protocol era').textContent()).toBe(MODERN_ERA);
    expect(await fact('How the skill was found').textContent()).toBe(LISTED);
    expect(await fact('URI scheme').textContent()).toBe('skill:');
    await expectFetched('Broken fixture', uri);
    // The fixture sends ttlMs 30000, cacheScope private.
    expect(await fact('Cache hint').textContent()).toBe('ttlMs 30,000 (30 s) · cacheScope private');
    expect(await fact('Contains skills').textContent()).toBe('none');
    expect(await fact('Same-name skills').textContent()).toBe('none');
  });

  it('groups a broken skill’s findings by severity, errors before warnings', async () => {
    const uri = 'skill://alpha/SKILL.md';
    await sidebarRow('Wrong codes').click();
    await page.locator(`[data-skill-uri="${uri}"]`).click();
    await page.locator('[data-action="verify-skill"]').click();
    await poll(() => page.locator(`[data-skill-uri="${uri}"] [data-status]`).getAttribute('data-status')).toBe('mismatch');
    await page.locator('[data-tab="checks"]').click();
    const groups = page.locator('[data-checks] [data-findings-group]');
    await poll(() => groups.evaluateAll((gs) => gs.map((g) => `${g.getAttribute('data-findings-group')}: ${[...g.querySelectorAll('[data-finding]')].map((f) => f.getAttribute('data-finding')).join(', ')}`))).toEqual([
      'error: inspector-read-failed',
      'warning: inspector-wrong-error-code',
    ]);
    expect(await groups.locator('h3').allTextContents()).toEqual(['Errors', 'Warnings']);
    expect(await groups.locator(':scope > div:first-child .mantine-Badge-root').allTextContents()).toEqual(['1 error', '1 warning']);

    const failed = groups.nth(0).locator('[data-finding="inspector-read-failed"]');
    expect(await failed.getAttribute('data-finding-file')).toBe('skill://alpha/references/guide.md');
    expect(await failed.textContent()).toContain(
      'resources/read of skill://alpha/references/guide.md failed (-32002): Resource not found: skill://alpha/references/guide.md — the server says the file does not exist.',
    );
    const code = groups.nth(1).locator('[data-finding="inspector-wrong-error-code"]');
    expect(await code.locator('[data-expected]').textContent()).toBe('-32602');
    expect(await code.locator('[data-actual]').textContent()).toBe('-32002');
    // The tab's badge counts both, red because one is an error.
    expect(await page.locator('[data-tab="checks"] .mantine-Badge-root').textContent()).toBe('2');
  });
});
