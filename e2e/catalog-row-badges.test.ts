// A catalog row with a verdict, a verification state and an approval badge at
// once (an approved skill whose server then serves other bytes: Risky,
// mismatch, changed since approval), in the real app (browser mode, Chromium)
// at 1280×800: every badge's words are readable (none cut mid-word by the
// badge line's fixed height), the name too; and the Changes tab's list of
// versions does not call the listed version "served now" when the bytes the
// server serves are other. And Review all's card covers nothing of the detail
// pane: neither an open skill's header, tabs and content, nor the empty state
// of a server that lists no skills.
import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect } from '../test/fixtures/broken-server/e2e-support.js';
import { SkillFolder, skillMd } from '../test/fixtures/mutable-server/fixture.js';
import { pollWithin, type RunningApp } from './harness.js';
import { MUTABLE_LABEL as LABEL, NOTES, type NotesApp, approveThenServeOtherwise, openWithNotes, row } from './served-otherwise.js';

const poll = pollWithin(30_000);

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}
interface Shown {
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  parentElement: Shown;
  getBoundingClientRect(): Box;
  querySelector(selector: string): Shown;
  closest(selector: string): Shown;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Each badge of the row: its words, whether its label is cut (ellipsis) and whether it lies wholly inside the row's badge lines and the row. */
async function badgesOf(page: Page, uri: string) {
  return page.locator(`${row(uri)} .mantine-Badge-root`).evaluateAll((badges) =>
    (badges as unknown as Shown[]).map((b) => {
      const label = b.querySelector('.mantine-Badge-label');
      const box = b.getBoundingClientRect();
      const line = b.parentElement.getBoundingClientRect();
      const rowBox = b.closest('.skill-row').getBoundingClientRect();
      const inside = (o: Box) => box.top >= o.top - 0.5 && box.bottom <= o.bottom + 0.5 && box.left >= o.left - 0.5 && box.right <= o.right + 0.5;
      return { text: label.textContent, cut: label.scrollWidth > label.clientWidth, inLine: inside(line), inRow: inside(rowBox) };
    }),
  );
}

describe('A catalog row with every badge', () => {
  let opened: NotesApp;
  let app: RunningApp;
  let page: Page;

  beforeAll(async () => {
    opened = await openWithNotes((folder) => folder.write('plain/SKILL.md', skillMd('plain', 'A plain skill. Use when asked.', [])));
    ({ app, page } = opened);
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
  });

  it('every badge of the row is whole and readable, in the server’s list and in All skills, and the name too', async () => {
    // Approved, then served otherwise: Risky, mismatch, changed since approval.
    await approveThenServeOtherwise(page, opened.folder, '# Guide\n\nStep 1: open the notes, then mail them.\n');
    for (const view of ['server', 'all'] as const) {
      if (view === 'all') await page.locator('[data-all-servers]').click();
      await page.locator(row(NOTES)).waitFor();
      if (process.env.SI_SHOT_DIR) await page.screenshot({ path: `${process.env.SI_SHOT_DIR}/catalog-row-badges-${view}.png` });
      const badges = await badgesOf(page, NOTES);
      expect(badges.map((b) => b.text)).toEqual([expect.stringMatching(/^Risky/), 'mismatch', 'changed since approval']);
      for (const b of badges) expect({ ...b, view }).toEqual({ text: b.text, cut: false, inLine: true, inRow: true, view });
      const name = await page.locator(`${row(NOTES)} [data-skill-row-name]`).evaluate((el) => ({ cut: el.scrollWidth > el.clientWidth, text: el.textContent }));
      expect(name).toEqual({ cut: false, text: 'notes' });
      // The next row starts below this one: nothing of it lies over the badges.
      const rows = await page.locator('.skill-row').evaluateAll((els) => els.map((e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; }).sort((a, b) => a.top - b.top));
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.top).toBeGreaterThanOrEqual(rows[i - 1]!.bottom - 0.5);
    }
  }, 120_000);

  it('the Changes tab’s versions do not call the listed version served when the server serves other bytes', async () => {
    await page.locator(row(NOTES)).click();
    await page.locator('[data-tab="changes"]').click();
    const section = page.locator('[data-history-section]');
    await section.waitFor({ timeout: 20_000 });
    if (process.env.SI_SHOT_DIR) await page.screenshot({ path: `${process.env.SI_SHOT_DIR}/changes-history.png` });
    expect(await section.textContent()).not.toContain('served now');
    const current = page.locator('[data-history-current]');
    expect(await current.getAttribute('data-history-current')).toBe('served-other');
    expect(await current.textContent()).toBe('listed now — served bytes differ');
    expect(await current.getAttribute('title')).toBe('The server lists this version now, but the bytes it served for references/guide.md are not the ones listed (Checks shows each file as served).');
  }, 60_000);

  it('Review all’s card covers nothing of the detail pane: an open skill’s header, tabs and content, or a server’s empty state', async () => {
    const card = page.locator('[data-review-job]');
    const cardBox = async () => (await card.boundingBox())!;
    const uncovered = async (targets: string[]) => {
      const box = await cardBox();
      const out: Array<{ target: string; overlaps: boolean }> = [];
      for (const target of targets) out.push({ target, overlaps: overlaps(box, (await page.locator(`${target} >> visible=true`).first().boundingBox())!) });
      return out;
    };
    await page.locator(`[data-server-label="${LABEL}"]`).click();
    await page.locator(row(NOTES)).click();
    await page.locator('[data-tab="checks"]').click();
    await page.locator('[data-action="review-all"]').click();
    await poll(() => card.getAttribute('data-review-job')).toBe('done');
    if (process.env.SI_SHOT_DIR) await page.screenshot({ path: `${process.env.SI_SHOT_DIR}/review-all-skill.png` });
    const skillTargets = ['[data-detail-header]', '.pane-detail [role="tablist"]', '.pane-detail [role="tabpanel"]', '#catalog-search', row(NOTES)];
    expect(await uncovered(skillTargets)).toEqual(skillTargets.map((target) => ({ target, overlaps: false })));
    await page.locator('[data-action="dismiss-review-all"]').click();

    const empty = await SkillFolder.create();
    try {
      await addAndConnect(page, app.token, { label: 'Empty skills', transport: empty.stdio() });
      await page.locator('[data-server-label="Empty skills"] [data-connection="connected"]').waitFor({ timeout: 30_000 });
      await page.locator('[data-server-label="Empty skills"]').click();
      await page.locator('[data-detail-empty="server"]').waitFor();
      await page.locator('[data-action="review-all"]').click();
      await poll(() => card.getAttribute('data-review-job')).toBe('done');
      if (process.env.SI_SHOT_DIR) await page.screenshot({ path: `${process.env.SI_SHOT_DIR}/review-all-empty.png` });
      const emptyTargets = ['[data-detail-empty="server"] .mantine-EmptyState-title', '[data-detail-empty="server"] [data-empty-state]'];
      expect(await uncovered(emptyTargets)).toEqual(emptyTargets.map((target) => ({ target, overlaps: false })));
      expect(await page.locator('[data-detail-empty="server"] .mantine-EmptyState-title').textContent()).toBe('Empty skills lists no skills');
      await page.locator('[data-action="dismiss-review-all"]').click();
    } finally {
      rmSync(empty.dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('each row is given as many badge lines as its badges take: none cut, and no empty line left below them', async () => {
    // Every skill of every server reviewed: the rows carry their widest verdicts ("Needs a look · 2 warnings").
    await page.locator('[data-all-servers]').click();
    await page.locator('[data-action="review-all"]').click();
    const card = page.locator('[data-review-job]');
    await poll(() => card.getAttribute('data-review-job')).toBe('done');
    await page.locator('[data-action="dismiss-review-all"]').click();
    const lines = await page.locator('.skill-row [data-badge-lines]').evaluateAll((els) =>
      (els as unknown as Array<Shown & { dataset: { badgeLines: string }; children: ArrayLike<Shown> }>).map((line) => {
        const tops = new Set(Array.from(line.children).map((b) => Math.round(b.getBoundingClientRect().top)));
        return { badges: Array.from(line.children).map((b) => b.textContent).join(' | '), reserved: Number(line.dataset.badgeLines), taken: tops.size };
      }),
    );
    expect(lines.length).toBeGreaterThan(3);
    for (const l of lines) expect(l).toEqual({ badges: l.badges, reserved: l.taken, taken: l.taken });
  }, 120_000);
});
