// Verify of one skill can be cancelled from the skill's header: the button
// goes, no error is shown, and the file whose read was stopped stays "not yet
// read" — a cancelled read is not a failed one.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addAndConnect, brokenServerInput } from '../test/fixtures/broken-server/e2e-support.js';
import { openAppInBrowser, pollWithin, type AppInBrowser } from './harness.js';

const poll = pollWithin(20_000);
const SKILL = 'skill://clean-skill/SKILL.md';

let ui: AppInBrowser;
let page: Page;

beforeAll(async () => {
  ui = await openAppInBrowser();
  page = ui.page;
  // Every read takes 4 s, so the Verify is still running when Cancel is pressed.
  await addAndConnect(page, ui.app.token, brokenServerInput('Slow fixture', 4_000));
  await page.locator('[data-server-label="Slow fixture"] [data-connection="connected"]').waitFor({ timeout: 20_000 });
  await page.locator('[data-server-label="Slow fixture"]').click();
});
afterAll(() => ui?.close());

it('Cancel stops a running Verify: no error, and the reference stays not yet read', async () => {
  await page.locator(`[data-skill-uri="${SKILL}"]`).click();
  // Opening the skill reads SKILL.md; wait for it so only the reference is left to Verify.
  await poll(() => page.getByTestId('markdown').locator('h1').textContent()).toBe('Clean skill');
  const cancel = page.locator('[data-action="cancel-verify-skill"]');
  expect(await cancel.count()).toBe(0);
  await page.locator('[data-action="verify-skill"]').click();
  await cancel.waitFor();
  await cancel.click();
  await poll(() => cancel.count()).toBe(0);
  expect(await page.locator('[data-action="verify-skill"]').getAttribute('data-loading')).toBeNull();
  expect(await page.getByText('Verify failed').count()).toBe(0);

  await page.locator('[data-tab="files"]').click();
  await poll(() => page.locator('[data-file-node="references/CHECKLIST.md"] [data-file-state]').getAttribute('data-file-state')).toBe('unread');
  expect(await page.locator('[data-file-node="SKILL.md"] [data-file-state]').getAttribute('data-file-state')).toBe('verified');
});
