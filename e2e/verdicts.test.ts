// Verdicts wherever skills are listed, in the real app (browser mode,
// Chromium) at 1280×800: the bundled demo server and a hostile fixture server
// (a few skills of the hostile corpus and the listing-facts skills, served by
// the official SDK's loadSkills). Before any read each row tells what the
// listing tells (tools asked for, scripts and programs, nested skills, files)
// and draws a right-to-left override as a marker; after "Review content" the
// hostile skill's row says Risky with its error count, the Errors filter and
// the verdict sort find it first, the bundled repo-audit says Needs a look in
// calm amber words, and the sidebar counts them per server.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect } from '../test/fixtures/broken-server/e2e-support.js';
import { launchBrowser, openApp, pollWithin, ROOT, startApp, type RunningApp } from './harness.js';

const poll = pollWithin(30_000);

const REVIEW_SERVER = path.join(ROOT, 'test/fixtures/review-server/server.mjs');
const CORPUS = path.join(ROOT, 'test/fixtures/hostile-skills/skills');
const FACTS = path.join(ROOT, 'test/fixtures/listing-facts/skills');
const HOSTILE = ['tag-smuggling', 'tag-smuggling-benign'];
const FACT_SKILLS = ['rtl-description', 'quarterly-financial-statement-reconciliation-assistant', 'tool-kit'];
const LABEL = 'Hostile corpus';
const DEMO = 'Sample skills (bundled)';
const RLO = '\u202e';

const row = (name: string) => `[data-skill-uri="skill://${name}/SKILL.md"]`;

describe('verdicts in the catalog', () => {
  let app: RunningApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let corpus: string;

  const visibleUris = () => page.locator('[data-skill-uri]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-skill-uri')));
  const search = async (text: string) => {
    await page.locator('#catalog-search').fill(text);
  };
  const review = async (name: string) => {
    await search(name.split('/').at(-1)!);
    await page.locator(row(name)).click();
    await poll(() => page.locator('[data-detail-skill]').getAttribute('data-detail-skill')).toBe(`skill://${name}/SKILL.md`);
    await page.locator('[data-action="review-content"]').click();
    await poll(() => page.locator('[data-content-review]').getAttribute('data-content-review')).toBe('reviewed');
  };

  beforeAll(async () => {
    corpus = mkdtempSync(path.join(os.tmpdir(), 'si-e2e-verdicts-'));
    for (const name of HOSTILE) cpSync(path.join(CORPUS, name), path.join(corpus, name), { recursive: true });
    for (const name of FACT_SKILLS) cpSync(path.join(FACTS, name), path.join(corpus, name), { recursive: true });
    app = await startApp();
    browser = await launchBrowser();
    page = await openApp(browser, app, { width: 1280, height: 800 });
    await page.locator(row('repo-audit')).waitFor({ timeout: 30_000 });
    await addAndConnect(page, app.token, { label: LABEL, transport: { kind: 'stdio', command: process.execPath, args: [REVIEW_SERVER, '--dir', corpus, '--name', 'hostile-corpus'], env: {} } });
    await page.locator(`[data-server-label="${LABEL}"] [data-connection="connected"]`).waitFor({ timeout: 30_000 });
    await page.locator(row('rtl-description')).waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (corpus) rmSync(corpus, { recursive: true, force: true });
  });

  it('shows what the listing tells on each row before any read, and draws an RTL override as a marker', async () => {
    // Nothing reviewed yet: every row says so, in a word.
    expect(await page.locator(`${row('tag-smuggling')} [data-verdict]`).first().getAttribute('data-verdict')).toBe('not-reviewed');
    expect(await page.locator(`${row('tag-smuggling')} .mantine-Badge-root[data-verdict]`).textContent()).toBe('Not reviewed yet');

    // repo-audit asks for tools and bundles a shell script: both marked, with their words.
    const audit = page.locator(row('repo-audit'));
    expect(await audit.locator('[data-listing-fact="tools"]').getAttribute('aria-label')).toBe('Asks to use 3 tools without asking each time: Bash(git:*), Bash(./scripts/audit.sh), Read');
    expect(await audit.locator('[data-listing-fact="scripts"]').getAttribute('aria-label')).toBe('1 script by name: scripts/audit.sh (shell)');
    expect(await audit.locator('[data-listing-fact="files"]').getAttribute('data-file-count')).toBe('2');

    // tool-kit: a script, a program and a nested skill, all from the listing.
    await search('tool-kit');
    const kit = page.locator(row('tool-kit'));
    expect(await kit.locator('[data-listing-fact]').evaluateAll((marks) => marks.map((m) => m.getAttribute('data-listing-fact')))).toEqual(['tools', 'scripts', 'executables', 'nested', 'files']);
    expect(await kit.locator('[data-listing-fact="executables"]').getAttribute('aria-label')).toBe('1 program by name: bin/helper.exe (.exe file)');
    expect(await kit.locator('[data-listing-fact="nested"]').getAttribute('aria-label')).toBe('1 nested skill: signing');

    // The override is drawn as a named mark and not applied: the text after it reads as stored.
    await search('rtl');
    const rtl = page.locator(`${row('rtl-description')} [data-skill-row-description]`);
    expect(await rtl.locator('[data-invisible="bidi"]').allTextContents()).toEqual(['RLO', 'PDF']);
    expect(await rtl.textContent()).toBe(`${LABEL} · Summarises the attachment named RLOfdp.exePDF for the team.`);
    expect(await page.locator(row('rtl-description')).locator('[data-listing-fact="hidden"]').getAttribute('aria-label')).toBe('The description holds 2 bidirectional controls, shown marked');
    // Nowhere in the catalog, the header or the Overview is the override itself in the page.
    await page.locator(row('rtl-description')).click();
    await page.locator('[data-skill-description] [data-invisible="bidi"]').first().waitFor();
    await page.locator('[data-listing-item="hidden"]').waitFor();
    expect(await page.evaluate(`document.body.innerText.includes(${JSON.stringify(RLO)})`)).toBe(false);

    // The palette's entry is plain text: the override becomes a visible marker there.
    await page.keyboard.press('Control+k');
    const palette = page.getByPlaceholder('Type a command, a server or a skill…');
    await palette.fill('Open rtl-description');
    const action = page.locator('.mantine-Spotlight-action', { hasText: 'Open rtl-description' });
    await poll(() => action.count()).toBe(1);
    expect(await action.textContent()).toContain('⟦RLO⟧fdp.exe⟦PDF⟧');
    expect(await action.textContent()).not.toContain(RLO);
    expect(await action.locator('[data-verdict]').textContent()).toBe('Not reviewed yet');
    await page.keyboard.press('Escape');
    await search('');
  });

  it('keeps every name readable at 1280×800, a long one on more lines', async () => {
    await search('');
    const clipped = () =>
      page.locator('[data-skill-row-name]').evaluateAll((names) => names.filter((n) => n.scrollWidth > n.clientWidth || n.scrollHeight > n.clientHeight).map((n) => n.textContent));
    await poll(() => page.locator('[data-skill-row-name]').count()).toBeGreaterThan(5);
    expect(await clipped()).toEqual([]);
    await search('quarterly');
    const long = page.locator(`${row('quarterly-financial-statement-reconciliation-assistant')} [data-skill-row-name]`);
    expect(await long.textContent()).toBe('quarterly-financial-statement-reconciliation-assistant');
    expect(Number(await long.getAttribute('data-name-lines'))).toBeGreaterThan(1);
    expect(await clipped()).toEqual([]);
    // The badges below the name are not covered by it.
    const nameBox = (await long.boundingBox())!;
    const badgeBox = (await page.locator(`${row('quarterly-financial-statement-reconciliation-assistant')} .mantine-Badge-root[data-verdict]`).boundingBox())!;
    expect(badgeBox.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height);
    await search('');

    // With one server chosen, its label above the catalog is read in full, not pushed out by the actions.
    await page.locator(`[data-server-label="${DEMO}"]`).click();
    const label = page.locator('[data-catalog-server-label]');
    await poll(() => label.textContent()).toBe(DEMO);
    expect(await label.evaluate((el) => ({ cut: el.scrollWidth > el.clientWidth, title: el.getAttribute('title') }))).toEqual({ cut: false, title: DEMO });
    await page.locator('[data-all-servers]').click();
  });

  it('says Risky with the error count after a review, and the Errors filter, the verdict sort and the sidebar agree', async () => {
    await search('');
    const errorsChip = page.locator('[data-filter="errors"]');
    const errorsBefore = Number(/\((\d+)\)/.exec((await errorsChip.textContent()) ?? '')?.[1]);

    await review('tag-smuggling');
    await review('repo-audit');
    await review('hello-world');
    await search('');

    const risky = page.locator(`${row('tag-smuggling')} .mantine-Badge-root[data-verdict]`);
    await poll(() => risky.getAttribute('data-verdict')).toBe('risky');
    expect(await risky.textContent()).toBe('Risky · 2 errors');
    // Its verification state stays beside it.
    expect(await page.locator(`${row('tag-smuggling')} [data-status]`).getAttribute('data-status')).toBe('verified');
    const audit = page.locator(`${row('repo-audit')} .mantine-Badge-root[data-verdict]`);
    expect(await audit.getAttribute('data-verdict')).toBe('needs-look');
    expect(await audit.textContent()).toBe('Needs a look · 2 warnings');
    expect(await page.locator(`${row('hello-world')} .mantine-Badge-root[data-verdict]`).textContent()).toBe('Clean as checked');

    // The Errors filter counts the review's findings: the hostile skill joins it.
    await poll(async () => Number(/\((\d+)\)/.exec((await errorsChip.textContent()) ?? '')?.[1])).toBe(errorsBefore + 1);
    await errorsChip.click();
    await poll(visibleUris).toContain('skill://tag-smuggling/SKILL.md');
    expect(await visibleUris()).not.toContain('skill://repo-audit/SKILL.md');
    await errorsChip.click();

    // Sorted by verdict, Risky first, then Needs a look.
    await page.locator('select[aria-label="Sort skills by"]').selectOption('verdict');
    await poll(async () => (await visibleUris()).slice(0, 2)).toEqual(['skill://tag-smuggling/SKILL.md', 'skill://repo-audit/SKILL.md']);
    await page.locator('select[aria-label="Sort skills by"]').selectOption('name');

    // Only one verdict.
    await page.locator('select[aria-label="Show only skills with the verdict"]').selectOption('needs-look');
    await poll(visibleUris).toEqual(['skill://repo-audit/SKILL.md']);
    await page.locator('select[aria-label="Show only skills with the verdict"]').selectOption('any');

    // The sidebar rolls them up per server, in words.
    expect(await page.locator(`[data-server-label="${LABEL}"] [data-verdict-rollup]`).getAttribute('data-verdict-rollup')).toBe('1 risky');
    expect(await page.locator(`[data-server-label="${DEMO}"] [data-verdict-rollup]`).getAttribute('data-verdict-rollup')).toBe('1 to look at');
    expect(await page.locator('[data-all-servers] [data-verdict-rollup]').getAttribute('data-verdict-rollup')).toBe('1 risky · 1 to look at');
  });

  it('gives the review banner the verdict: red for Risky alone, amber and calm for warnings only, what was checked for clean', async () => {
    const summary = page.getByTestId('skill-summary');
    await page.locator(row('repo-audit')).click();
    await poll(() => summary.getAttribute('data-verdict')).toBe('needs-look');
    expect(await summary.getAttribute('data-tone')).toBe('caution');
    const calm = (await summary.locator('[data-summary-headline]').textContent()) ?? '';
    expect(calm).toBe('Needs a look: it includes a script the AI could run and it asks to use tools without asking you each time. Nothing found is an error; read the points below before you approve it.');
    expect(calm).not.toMatch(/harm|careful/i);
    // No point in it is drawn in the red of Risky.
    expect(await summary.locator('[data-summary-tone="danger"]').count()).toBe(0);
    // The header says the same word.
    expect(await page.locator('.pane-header .mantine-Badge-root[data-verdict]').first().textContent()).toBe('Needs a look');

    await page.locator(row('tag-smuggling')).click();
    await poll(() => summary.getAttribute('data-verdict')).toBe('risky');
    expect(await summary.getAttribute('data-tone')).toBe('danger');
    expect(await summary.locator('[data-summary-headline]').textContent()).toBe('Be careful: 3 things in this skill could do harm.');

    await page.locator(row('hello-world')).click();
    await poll(() => summary.getAttribute('data-verdict')).toBe('clean-as-checked');
    const clean = (await summary.locator('[data-summary-headline]').textContent()) ?? '';
    expect(clean).toBe("Clean as checked: 1 file read, each matching the listing's size and digest, and the review found nothing to warn about. That is what was checked, not a promise about what the skill will do.");
    expect(clean).not.toMatch(/safe/i);
  });

  it('shows the verdict beside the verification state in the collisions view', async () => {
    await review('acme/billing/refunds');
    await search('');
    // The row takes the review's verdict once the review's event reaches the catalog: wait for it, then read it.
    const rowVerdict = () => page.locator(`${row('acme/billing/refunds')} .mantine-Badge-root[data-verdict]`).getAttribute('data-verdict');
    await poll(rowVerdict).not.toBe('not-reviewed');
    const reviewed = await rowVerdict();
    await page.getByRole('button', { name: /Collisions/ }).first().click();
    const side = page.locator('[data-collision-side][data-side-uri="skill://acme/billing/refunds/SKILL.md"]');
    await poll(() => side.locator('[data-side-verdict]').getAttribute('data-side-verdict')).toBe(reviewed);
    expect(await side.locator('[data-status]').getAttribute('data-status')).toBe('verified');
    expect(await page.locator('[data-collision-side][data-side-uri="skill://acme/support/refunds/SKILL.md"] [data-side-verdict]').getAttribute('data-side-verdict')).toBe('not-reviewed');
  });
});
