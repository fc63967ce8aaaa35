// A sign-in the app kept whose secret-store entry another program deleted
// while the app was closed: the data folder notes the sign-in
// (oauth-sign-ins.json), the encrypted file has no entry for it. The server's
// overview says so, not "Not signed in", and Sign out, which can revoke
// nothing, says that in the window's alert before the card reads signed out.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openAppInBrowser, pollWithin, type AppInBrowser } from './harness.js';

const poll = pollWithin(15_000);
const STORE = 'an encrypted file in the data folder (secrets.enc.json)';
let dataDir: string;
let running: AppInBrowser;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'si-lost-sign-in-e2e-'));
  const servers = {
    version: 1,
    demoSeeded: true,
    servers: [{ id: 'docs', label: 'Docs', transport: { kind: 'http', url: 'http://127.0.0.1:9/mcp', headers: {}, auth: { type: 'oauth' } }, createdAt: '2026-12-01T00:00:00.000Z' }],
  };
  writeFileSync(path.join(dataDir, 'servers.json'), JSON.stringify(servers));
  writeFileSync(path.join(dataDir, 'oauth-sign-ins.json'), JSON.stringify({ docs: 'encrypted-file' }));
  running = await openAppInBrowser({ dataDir, args: ['--no-connect'], env: { SKILL_INSPECTOR_SECRETS: 'file' } });
}, 60_000);
afterAll(async () => {
  await running?.close();
});

it('the overview says the sign-in is missing from the store; Sign out says nothing was revoked, then reads signed out', async () => {
  const page = running.page;
  const row = page.locator('[data-server-label="Docs"]');
  await row.locator('[data-server-menu]').click();
  await page.getByRole('menuitem', { name: 'Overview' }).click();
  const card = page.locator('[data-authorization]');
  await card.waitFor();

  await poll(() => card.getAttribute('data-authorization')).toBe('sign-in-lost');
  expect(await card.locator('[data-oauth-state]').textContent()).toBe('Sign-in missing');
  expect(await card.locator('[data-lost-sign-in="missing"]').textContent()).toBe(
    `You signed in before, but that sign-in is no longer in ${STORE} (it has no entry for it): another program may have deleted it. Sign in again.`,
  );

  await card.locator('[data-action="sign-out"]').click();
  expect(await page.locator('[data-confirm="sign-out"]').textContent()).toContain('Nothing can be revoked with the authorization server: the token is gone from the secret store.');
  await page.locator('[data-action="confirm-sign-out"]').click();
  const notice = page.locator('.mantine-Notification-root', { hasText: 'Nothing was revoked at sign-out' });
  await poll(() => notice.count()).toBe(1);
  expect(await notice.textContent()).toContain(
    `"Docs": Signed out, but nothing could be revoked at the authorization server: its token is no longer in ${STORE} (it has no entry for it), so there was no token to send it. The app's record of the sign-in is cleared.`,
  );
  await poll(() => card.getAttribute('data-authorization')).toBe('signed-out');
  expect(await card.locator('[data-lost-sign-in]').count()).toBe(0);
  expect(JSON.parse(readFileSync(path.join(dataDir, 'oauth-sign-ins.json'), 'utf8'))).toEqual({});
}, 60_000);
