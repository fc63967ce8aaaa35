// The protocol log of one skill in the real app (browser mode, Chromium),
// against the bundled sample skills server: "Show in protocol log" on a skill
// leaves only the messages about its folder — not those of the other skill of
// the same name (acme/support/refunds) — in the paired and the flat view, with
// the count saying so; the text filter narrows it further; the picker offers
// every skill the log names, and clearing it shows every message again.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairLog } from '../shared/log-pairs.js';
import { callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { openAppInBrowser, pollWithin, type AppInBrowser, type RunningApp } from './harness.js';

const poll = pollWithin(20_000);
const LABEL = 'Sample skills (bundled)';
const BILLING = 'skill://acme/billing/refunds/SKILL.md';
const SUPPORT = 'skill://acme/support/refunds/SKILL.md';
const TEMPLATE = 'skill://acme/billing/refunds/templates/refund-request.md';

describe('protocol log: one skill', () => {
  let ui: AppInBrowser;
  let app: RunningApp;
  let page: Page;
  let serverId: string;
  const log = () => page.locator(`[data-protocol-log="${LABEL}"]`);
  /** Every row on screen: [method, status or kind, why, summary]. */
  const rows = () =>
    log()
      .locator('.log-row')
      .evaluateAll((els) => els.map((r) => [r.getAttribute('data-log-method'), r.getAttribute('data-log-pair') ?? r.getAttribute('data-log-kind'), r.getAttribute('data-log-why'), r.querySelector('[data-log-summary]')?.textContent?.replace(/ #\d+$/, '') ?? null]));
  const count = () => log().locator('[data-log-count]').textContent();
  const total = async () => (await callContract(page, app.token, 'log.get', { serverId })).length;

  beforeAll(async () => {
    ui = await openAppInBrowser();
    ({ app, page } = ui);
    await page.locator(`[data-server-label="${LABEL}"] [data-connection="connected"]`).waitFor({ timeout: 20_000 });
    serverId = (await callContract(page, app.token, 'servers.list', {})).find((s) => s.config.builtin === 'demo')!.config.id;
    // Two skills named refunds, in other folders: each verified, so the log holds both.
    await callContract(page, app.token, 'skills.verify', { serverId, skillUri: BILLING });
    await callContract(page, app.token, 'skills.verify', { serverId, skillUri: SUPPORT });
    await page.locator(`[data-skill-uri="${BILLING}"]`).click();
    await page.locator('[data-action="skill-protocol-log"]').click();
    await log().waitFor();
  });
  afterAll(() => ui?.close());

  it('"Show in protocol log" leaves only that skill’s requests and their answers, and the count says how many of all', async () => {
    // The picker names the skill by its path once the log's skills are known; until then (a loaded machine) its URI.
    await poll(() => log().locator('[data-log-skill-filter]').inputValue()).toBe('acme/billing/refunds');
    // Verify's skills/get, its two reads and its directory walk (the folder and its templates/), and the read of
    // SKILL.md the Overview made on opening the skill: each request, then its answer.
    const asked = ['skills/get', 'resources/read', 'resources/read', 'resources/directory/read', 'resources/directory/read', 'resources/read'];
    await poll(rows).toEqual(asked.flatMap((method) => [
      [method, 'request', null, null],
      [method, 'response', null, null],
    ]));
    // The log grows on its own (the server's notification stream): count and total are read together until they agree.
    await poll(async () => (await count()) === `12 of ${await total()} messages`).toBe(true);
  });

  it('paired: each request with its answer, why it was sent and the URI inline; the text filter narrows further (a placeholder only the template’s answer holds)', async () => {
    await page.locator('[data-log-paired]').click();
    await poll(rows).toEqual([
      ['skills/get', 'answered', 'Verify', `skills/get ${BILLING}`],
      ['resources/read', 'answered', 'Verify', `resources/read ${BILLING}`],
      ['resources/read', 'answered', 'Verify', `resources/read ${TEMPLATE}`],
      ['resources/directory/read', 'answered', 'Verify', 'resources/directory/read skill://acme/billing/refunds'],
      ['resources/directory/read', 'answered', 'Verify', 'resources/directory/read skill://acme/billing/refunds/templates'],
      ['resources/read', 'answered', 'File opened', `resources/read ${BILLING}`],
    ]);
    await poll(async () => (await count()) === `6 rows of ${await total()} messages`).toBe(true);
    await log().getByLabel('Filter by text').fill('{{approver}}');
    await poll(rows).toEqual([['resources/read', 'answered', 'Verify', `resources/read ${TEMPLATE}`]]);
    await log().getByLabel('Filter by text').fill('');
  });

  it('the picker offers the skills the log names, by path; picking the other refunds shows its rows alone; clearing shows all', async () => {
    await log().locator('[data-log-skill-filter]').click();
    const offered = page.locator('[data-log-skill-option]');
    await poll(() => offered.evaluateAll((els) => els.map((e) => e.textContent))).toEqual(expect.arrayContaining(['acme/billing/refunds', 'acme/support/refunds', 'hello-world', 'release-notes']));
    await page.locator(`[data-log-skill-option="${SUPPORT}"]`).click();
    await poll(rows).toEqual([
      ['skills/get', 'answered', 'Verify', `skills/get ${SUPPORT}`],
      ['resources/read', 'answered', 'Verify', `resources/read ${SUPPORT}`],
      ['resources/directory/read', 'answered', 'Verify', 'resources/directory/read skill://acme/support/refunds'],
    ]);
    await log().locator('[data-action="clear-skill-filter"]').click();
    await poll(() => log().locator('[data-log-skill-filter]').inputValue()).toBe('');
    await poll(async () => {
      const all = await callContract(page, app.token, 'log.get', { serverId });
      return (await count()) === `${pairLog(all).length} rows of ${all.length} messages`;
    }).toBe(true);
  });
});
