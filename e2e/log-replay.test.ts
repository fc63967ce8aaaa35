// The developer's protocol log in the real app (browser mode, Chromium),
// against the mutable server — a real SDK server over stdio: paired rows with
// latency and why the app sent each request; the JSON-lines export, whose
// lines parse and pair; replay of a skills/list and edit-and-replay of a
// resources/read, each a new row; params the SDK's schema rejects are refused.
import { promises as fs } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAndConnect, callContract } from '../test/fixtures/broken-server/e2e-support.js';
import { SkillFolder, skillMd } from '../test/fixtures/mutable-server/fixture.js';
import { openAppInBrowser, pollWithin, type AppInBrowser, type RunningApp } from './harness.js';

const poll = pollWithin(20_000);
const LABEL = 'Mutable skills';
const SKILL = 'skill://notes/SKILL.md';
const GUIDE = 'skill://notes/references/guide.md';

describe('protocol log: pairs, JSON lines, replay', () => {
  let ui: AppInBrowser;
  let app: RunningApp;
  let page: Page;
  let folder: SkillFolder;
  let serverId: string;
  const log = () => page.locator(`[data-protocol-log="${LABEL}"]`);
  /** The paired rows of one method: [status, why, summary], in order. */
  const pairRows = (method: string) =>
    log()
      .locator(`[data-log-pair][data-log-method="${method}"]`)
      .evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-log-pair'), r.getAttribute('data-log-why'), r.querySelector('[data-log-summary]')?.textContent ?? '']));

  beforeAll(async () => {
    folder = await SkillFolder.create();
    await folder.write('notes/SKILL.md', skillMd('notes', 'Takes short notes. Use when the user asks for notes.'));
    await folder.write('notes/references/guide.md', '# Guide\n\nWrite short notes.\n');
    ui = await openAppInBrowser();
    ({ app, page } = ui);
    serverId = await addAndConnect(page, app.token, { label: LABEL, transport: folder.stdio() });
    await page.locator(`[data-server-label="${LABEL}"] [data-connection="connected"]`).waitFor({ timeout: 20_000 });
    // A file opened: the request the edit-and-replay starts from.
    await callContract(page, app.token, 'skills.readFile', { serverId, skillUri: SKILL, fileUri: GUIDE });
    await page.locator(`[data-server-label="${LABEL}"]`).click();
    await page.locator('[data-action="protocol-log"]').click();
    await log().waitFor();
    await page.locator('[data-log-paired]').click();
  });
  afterAll(async () => {
    await ui?.close();
    if (folder) await fs.rm(folder.dir, { recursive: true, force: true });
  });

  it('shows each request and its answer on one row, with latency, params inline and why', async () => {
    await page.locator('[data-log-method-filter]').fill('resources/read');
    await poll(() => pairRows('resources/read')).toContainEqual(['answered', 'File opened', expect.stringMatching(new RegExp(`^resources/read ${GUIDE.replaceAll('/', '\\/')} #\\d+$`))]);
    const latency = await log().locator('[data-log-pair][data-log-method="resources/read"][data-log-why="File opened"]').last().getAttribute('data-log-latency');
    expect(Number(latency)).toBeGreaterThanOrEqual(0);
    // No answer has a row of its own.
    expect(await log().locator('[data-log-pair][data-log-kind="response"]').count()).toBe(0);
    await page.locator('[data-log-method-filter]').fill('');
  });

  it('exports JSON lines: every line parses, and each answered request carries its answer', async () => {
    const download = page.waitForEvent('download');
    await page.locator('[data-action="export-log-jsonl"]').click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('protocol-log-Mutable-skills.jsonl');
    const text = await fs.readFile(await saved.path(), 'utf8');
    const lines = text.trimEnd().split('\n').map((l) => JSON.parse(l) as { kind: string; method?: string; status?: string; why?: string; latencyMs?: number; params?: { uri?: string }; response?: { result?: { contents?: Array<{ uri: string }> } } });
    const reads = lines.filter((l) => l.kind === 'request' && l.method === 'resources/read' && l.why === 'File opened');
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ status: 'answered', params: { uri: GUIDE }, response: { result: { contents: [{ uri: GUIDE }] } } });
    expect(reads[0]!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(lines.filter((l) => l.kind === 'response')).toEqual([]);
  });

  it('replays a skills/list: a new answered row says Replay', async () => {
    await page.locator('[data-log-method-filter]').fill('skills/list');
    await poll(async () => (await pairRows('skills/list')).length).toBeGreaterThan(0);
    const before = (await pairRows('skills/list')).length;
    await log().locator('[data-log-pair][data-log-method="skills/list"]').first().click();
    await page.locator('[data-action="replay-request"]').click();
    await poll(async () => (await pairRows('skills/list')).length).toBe(before + 1);
    await poll(async () => (await pairRows('skills/list')).at(-1)?.slice(0, 2)).toEqual(['answered', 'Replay']);
  });

  it('edits and replays a resources/read; params the SDK schema rejects are refused and send nothing', async () => {
    await page.locator('[data-log-method-filter]').fill('resources/read');
    await log().locator('[data-log-pair][data-log-method="resources/read"][data-log-why="File opened"]').last().click();
    await page.locator('[data-action="edit-replay"]').click();
    const editor = page.locator('[data-replay-params]');
    expect(JSON.parse(await editor.inputValue())).toEqual({ uri: GUIDE });
    const before = (await pairRows('resources/read')).length;

    await editor.fill('{"uri": 5}');
    await page.locator('[data-action="send-edited"]').click();
    await poll(() => page.locator('[data-replay-error]').textContent()).toMatch(/^These params are not a valid resources\/read request: uri: /);
    expect((await pairRows('resources/read')).length).toBe(before);

    await editor.fill(JSON.stringify({ uri: SKILL }));
    await page.locator('[data-action="send-edited"]').click();
    await poll(async () => (await pairRows('resources/read')).length).toBe(before + 1);
    // The replayed request's row shows pending until its answer arrives.
    await poll(async () => (await pairRows('resources/read')).at(-1)!.slice(0, 2)).toEqual(['answered', 'Replay']);
    const last = (await pairRows('resources/read')).at(-1)!;
    expect(last[2]).toMatch(new RegExp(`^resources/read ${SKILL.replaceAll('/', '\\/')} #\\d+$`));
  });
});
