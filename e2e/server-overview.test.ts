// The server screen and the sidebar in the real app (browser mode, Chromium),
// against real servers: the bundled demo over stdio, the same demo served
// over Streamable HTTP by the built `skill-inspector demo-server --http 0`,
// the broken-skills fixture, and a fixture that speaks only the 2025 era.
// The overview shows era, negotiated version, the skills extension, the
// server's instructions and its self-reported identity marked as such; the
// sidebar shows transport, era and the worst finding; skill URIs named in
// the instructions are offered, confirmed by the server, and join the catalog.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect, BROKEN_SERVER, brokenServerInput } from '../test/fixtures/broken-server/e2e-support.js';
import { startDemoHttp, type DemoHttp } from './demo-http.js';
import { openAppInBrowser, pollWithin, ROOT, type AppInBrowser, type RunningApp } from './harness.js';

const poll = pollWithin(20_000);

const DEMO = 'Sample skills (bundled)';
const DEMO_INSTRUCTIONS = 'Sample skills for Skill Inspector. Start with skill://hello-world/SKILL.md; release notes are drafted by skill://release-notes/SKILL.md.';
const BROKEN_INSTRUCTIONS = 'Broken skills for testing. The tampered one is skill://tampered-guide/SKILL.md; an unlisted one lives at skill://unlisted-extra/SKILL.md.';
const LEGACY_SERVER = path.join(ROOT, 'test/fixtures/servers/skills-server.mjs');
/** What the SDK's skills extension declares for a server that serves directory reads. */
const SKILLS_CAPABILITIES = { resources: { listChanged: true }, extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } } };

describe('server overview and sidebar', () => {
  let ui: AppInBrowser;
  let app: RunningApp;
  let page: Page;
  let demoHttp: DemoHttp;

  const sidebarRow = (label: string) => page.locator(`[data-server-label="${label}"]`);
  const overview = () => page.locator('[data-server-overview]');
  /** The evidence cell of one row of the overview's facts table, by its exact label. */
  const fact = (label: string) => overview().locator(`tr:has(th:text-is("${label}")) td`);
  /** Through the row's menu, which opens the overview from any screen. */
  const openOverview = async (label: string) => {
    await sidebarRow(label).locator('[data-server-menu]').click();
    await page.getByRole('menuitem', { name: 'Overview' }).click();
    await poll(() => page.locator('[data-server-overview] tr:has(th:text-is("Label")) td').textContent()).toBe(`${label} (the name you gave it)`);
  };
  const backToSkills = () => page.locator('[data-action="back-to-skills"]').click();
  /** The lines of a fact's evidence: its paragraphs and code blocks. */
  const lines = (label: string) => fact(label).locator('p, pre').allTextContents();

  beforeAll(async () => {
    demoHttp = await startDemoHttp();
    ui = await openAppInBrowser();
    ({ app, page } = ui);
    await sidebarRow(DEMO).locator('[data-connection="connected"]').waitFor({ timeout: 20_000 });
    await addAndConnect(page, app.token, brokenServerInput('Broken fixture'));
    await addAndConnect(page, app.token, { label: 'Demo over HTTP', transport: { kind: 'http', url: demoHttp.url, headers: {} } });
    await addAndConnect(page, app.token, { label: 'Legacy only', transport: { kind: 'stdio', command: process.execPath, args: [LEGACY_SERVER, '--era', 'legacy'], env: {} } });
    for (const label of ['Broken fixture', 'Demo over HTTP', 'Legacy only']) await sidebarRow(label).locator('[data-connection="connected"]').waitFor({ timeout: 20_000 });
  });
  afterEach(async () => {
    // A failed step must not leave the next test on a server screen.
    const back = page.locator('[data-action="back-to-skills"]');
    if ((await back.count()) > 0) await back.click();
  });
  afterAll(async () => {
    await ui?.close();
    demoHttp?.stop();
  });

  it('shows the HTTP server’s era, version, extension, instructions and self-reported identity', async () => {
    await openOverview('Demo over HTTP');
    expect(await lines('How the app reaches it')).toEqual(['Streamable HTTP', demoHttp.url]);
    expect(await fact('Protocol era').locator('[data-era]').getAttribute('data-era')).toBe('modern');
    expect(await fact('Protocol era').textContent()).toBe('Current (server/discover, stateless) — 2026-07-28');
    // What the server says about itself, marked as its own claim.
    expect(await fact('Server says it is').locator('[data-self-reported]').textContent()).toBe('skill-inspector-samples 1.0.0');
    expect(await fact('Server says it is').locator('.mantine-Badge-root').textContent()).toBe('self-reported');
    await poll(() => fact('Skills').textContent()).toBe('7 knownskills extension declared');
    // Capabilities and instructions are the server's words too, and headed as such.
    expect(await overview().locator('h3').allTextContents()).toEqual([
      'Instructions (self-reported: the server wrote them, the model may read them)',
      'Capabilities (self-reported)',
      'Findings about the server',
    ]);
    expect(await overview().locator('[data-instructions]').textContent()).toBe(DEMO_INSTRUCTIONS);
    expect(JSON.parse((await overview().locator('[data-json-view]').textContent()) ?? '')).toEqual(SKILLS_CAPABILITIES);
    await poll(() => overview().locator('h3:text-is("Findings about the server") + *').textContent()).toBe("None. Findings about single skills are in each skill's Checks tab.");
    // An HTTP server has no process of its own.
    expect(await fact('Process id').count()).toBe(0);
    await backToSkills();
  });

  it('shows a stdio server’s command and process, and a 2025-era server as legacy', async () => {
    await openOverview('Broken fixture');
    expect(await lines('How the app reaches it')).toEqual(['stdio: the app starts this command', `${process.execPath} ${BROKEN_SERVER}`]);
    expect(await fact('Server says it is').locator('[data-self-reported]').textContent()).toBe('broken-skills-fixture 0.0.1');
    expect(await fact('Protocol era').textContent()).toBe('Current (server/discover, stateless) — 2026-07-28');
    expect(await overview().locator('[data-instructions]').textContent()).toBe(BROKEN_INSTRUCTIONS);
    expect(await fact('Process id').textContent()).toMatch(/^\d+$/);

    await openOverview('Legacy only');
    expect(await fact('Protocol era').locator('[data-era]').getAttribute('data-era')).toBe('legacy');
    expect(await fact('Protocol era').textContent()).toBe('Legacy (initialize handshake) — 2025-11-25');
    expect(await fact('Server says it is').locator('[data-self-reported]').textContent()).toMatch(/^fixture-skills /);
    await poll(() => fact('Skills').textContent()).toBe('2 knownskills extension declared');
    await backToSkills();
  });

  it('lists transport and era in the sidebar, and marks the worst finding once a broken skill is checked', async () => {
    expect(await sidebarRow(DEMO).innerText()).toBe(`${DEMO}\n\n7\n\nconnected · stdio · protocol 2026-07-28`);
    expect(await sidebarRow('Demo over HTTP').innerText()).toBe('Demo over HTTP\n\n7\n\nconnected · HTTP · protocol 2026-07-28');
    expect(await sidebarRow('Legacy only').innerText()).toBe('Legacy only\n\n2\n\nconnected · stdio · legacy protocol 2025-11-25');
    // The demo's listing has two skills called "refunds": a warning, known without reading a file.
    expect(await sidebarRow(DEMO).locator('[data-worst]').getAttribute('data-worst')).toBe('warning');
    expect(await sidebarRow(DEMO).getByRole('img', { name: 'has warnings' }).count()).toBe(1);
    // The broken fixture's listing looks fine; its files are not read yet, so nothing is marked.
    expect(await sidebarRow('Broken fixture').locator('[data-worst]').count()).toBe(0);

    await sidebarRow('Broken fixture').click();
    await page.locator('[data-catalog-server="Broken fixture"] [data-action="verify-all"]').click();
    await page.locator('[data-verify-job="done"]').waitFor({ timeout: 20_000 });
    await poll(() => sidebarRow('Broken fixture').locator('[data-worst]').getAttribute('data-worst')).toBe('error');
    expect(await sidebarRow('Broken fixture').getByRole('img', { name: 'has errors' }).count()).toBe(1);
    // The server's overview carries the same marker beside its skill count.
    await openOverview('Broken fixture');
    expect(await fact('Skills').locator('[data-worst]').getAttribute('data-worst')).toBe('error');
    await backToSkills();
  });

  it('offers the skill URIs in the instructions; a confirmed one opens and joins the catalog', async () => {
    const catalogUris = () => page.locator('[data-skill-uri]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-skill-uri')));
    await sidebarRow('Broken fixture').click();
    await poll(catalogUris).toEqual([
      'skill://clean-skill/SKILL.md',
      'skill://dynamic-skill/SKILL.md',
      'skill://frontmatter-drift/SKILL.md',
      'skill://hidden-instructions/SKILL.md',
      'skill://tampered-guide/SKILL.md',
    ]);

    await openOverview('Broken fixture');
    await overview().locator('[data-action="instruction-pointers"]').click();
    const pointers = overview().locator('[data-pointer]');
    await poll(() => pointers.evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-pointer')} ${r.getAttribute('data-confirmed')}`))).toEqual([
      'skill://tampered-guide/SKILL.md true',
      'skill://unlisted-extra/SKILL.md true',
    ]);
    expect(await pointers.getByRole('img', { name: 'confirmed' }).count()).toBe(2);

    await overview().locator('[data-pointer="skill://unlisted-extra/SKILL.md"] button').click();
    await poll(() => page.locator('[data-detail-skill]').getAttribute('data-detail-skill')).toBe('skill://unlisted-extra/SKILL.md');
    await poll(catalogUris).toEqual([
      'skill://clean-skill/SKILL.md',
      'skill://dynamic-skill/SKILL.md',
      'skill://frontmatter-drift/SKILL.md',
      'skill://hidden-instructions/SKILL.md',
      'skill://tampered-guide/SKILL.md',
      'skill://unlisted-extra/SKILL.md',
    ]);
    expect(await page.locator('[data-skill-uri="skill://unlisted-extra/SKILL.md"]').getAttribute('aria-selected')).toBe('true');
    // The skill says how it was found.
    await page.locator('[data-tab="provenance"]').click();
    const source = page.locator('[data-provenance-source]');
    expect(await source.getAttribute('data-provenance-source')).toBe('instructions');
    expect(await source.textContent()).toBe("Named in the server's instructions, then confirmed by skills/get");
  });
});
