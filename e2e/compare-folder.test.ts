// "Compare with a folder" and its watch mode in the real app (browser mode,
// Chromium), with the mutable server — a real SDK server over stdio — serving
// folder A, compared with a copy B: the same skills are clean; with Watch on,
// an edit of B shows the different bytes (the server restarted and listed
// again first), and undoing it makes the comparison clean again.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect } from '../test/fixtures/broken-server/e2e-support.js';
import { SkillFolder, skillMd, tempDir } from '../test/fixtures/mutable-server/fixture.js';
import { openAppInBrowser, pollWithin, type AppInBrowser } from './harness.js';

const poll = pollWithin(30_000);
const LABEL = 'Mutable skills';
const GUIDE = '# Guide\n\nWrite short notes.\n';

describe('compare a server with a local folder, and watch it', () => {
  let ui: AppInBrowser;
  let page: Page;
  let served: SkillFolder;
  let copy: string;

  beforeAll(async () => {
    served = await SkillFolder.create();
    await served.write('notes/SKILL.md', skillMd('notes', 'Takes short notes. Use when the user asks for notes.'));
    await served.write('notes/references/guide.md', GUIDE);
    copy = path.join(await tempDir('compare-copy'), 'skills');
    await fs.cp(served.dir, copy, { recursive: true });
    ui = await openAppInBrowser();
    page = ui.page;
    await addAndConnect(page, ui.app.token, { label: LABEL, transport: served.stdio() });
    await page.locator(`[data-server-label="${LABEL}"] [data-connection="connected"]`).waitFor({ timeout: 20_000 });
    await page.locator(`[data-server-label="${LABEL}"]`).click();
    await page.locator('[data-action="server-overview"]').click();
    await page.locator('[data-tab="compare-folder"]').click();
    await page.locator('[data-compare-folder]').waitFor();
  });
  afterAll(async () => {
    await ui?.close();
    if (served) await fs.rm(served.dir, { recursive: true, force: true });
    if (copy) await fs.rm(path.dirname(copy), { recursive: true, force: true });
  });

  const findings = () => page.locator('[data-compare-folder] [data-finding]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-finding'), e.getAttribute('data-finding-file')]));

  it('a relative path is refused; the same skills in another folder are clean', async () => {
    await page.locator('[data-source-folder]').fill('skills');
    await page.locator('[data-action="compare-folder"]').click();
    await poll(() => page.locator('[data-compare-error]').textContent()).toContain('Give the folder as an absolute path; "skills" is relative.');
    await page.locator('[data-source-folder]').fill(copy);
    await page.locator('[data-action="compare-folder"]').click();
    await poll(() => page.locator('[data-comparison]').getAttribute('data-comparison')).toBe('clean');
    expect(await page.locator('[data-comparison-summary]').textContent()).toContain(': 1 skill(s) in the folder, 0 difference(s).');
  });

  it('watching: an edit of the folder shows its different bytes; undoing it is clean again', async () => {
    await page.locator('[data-source-watch]').click();
    await poll(() => page.locator('[data-comparison-summary]').textContent()).toContain('Watching the folder.');
    await fs.writeFile(path.join(copy, 'notes/references/guide.md'), `${GUIDE}One more line.\n`);
    await poll(() => page.locator('[data-comparison]').getAttribute('data-comparison')).toBe('different');
    expect(await findings()).toEqual([['inspector-source-bytes', 'skill://notes/references/guide.md']]);
    expect(await page.locator('[data-comparison-summary]').textContent()).toContain('after changes to notes/references/guide.md');

    await fs.writeFile(path.join(copy, 'notes/references/guide.md'), GUIDE);
    await poll(() => page.locator('[data-comparison]').getAttribute('data-comparison')).toBe('clean');
  });

  it('Watch off: a comparison by hand sees the next edit, and says it is not watching', async () => {
    await page.locator('[data-source-watch]').click();
    await fs.writeFile(path.join(copy, 'notes/references/guide.md'), `${GUIDE}Edited again.\n`);
    await page.locator('[data-action="compare-folder"]').click();
    await poll(() => findings()).toEqual([['inspector-source-bytes', 'skill://notes/references/guide.md']]);
    expect(await page.locator('[data-comparison-summary]').textContent()).not.toContain('Watching');
  });
});
