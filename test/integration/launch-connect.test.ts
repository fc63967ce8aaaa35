// The app connects its saved servers when it starts (autoConnect: the desktop
// app and browser mode) a few at a time, as Connect all does — never every
// stdio process forked at once — and every one of them ends up connected.
import { afterEach, expect, test } from 'vitest';
import type { ServerView } from '../../shared/model.js';
import { createInspector, LAUNCH_CONNECTS_AT_ONCE, type Inspector } from '../../electron/inspector.js';
import { SkillFolder, skillMd, tempDir } from '../fixtures/mutable-server/fixture.js';

const SERVERS = 7;
let inspector: Inspector | undefined;
afterEach(async () => {
  await inspector?.close();
  inspector = undefined;
});

const open = (dataDir: string, autoConnect: boolean) =>
  createInspector({
    dataDir,
    mode: 'browser',
    appVersion: '0.0.0-test',
    demoTransport: () => {
      throw new Error('no demo server here');
    },
    seedDemo: false,
    autoConnect,
    inAppGateway: false,
    settingsOverrides: { requestTimeoutMs: 20_000 },
  });

test(`starting with ${SERVERS} saved stdio servers connects at most ${LAUNCH_CONNECTS_AT_ONCE} at a time, and all of them`, async () => {
  const folder = await SkillFolder.create();
  await folder.write('notes/SKILL.md', skillMd('notes', 'Take notes.'));
  const dataDir = await tempDir('launch-connect');
  const first = await open(dataDir, false);
  for (let i = 0; i < SERVERS; i++) {
    const added = await first.call('servers.add', { label: `Server ${i}`, transport: folder.stdio() });
    expect(added.ok).toBe(true);
  }
  await first.close();

  const views: ServerView[][] = [];
  inspector = await open(dataDir, true);
  inspector.subscribe((event, payload) => {
    if (event === 'servers.changed') views.push(payload as ServerView[]);
  });
  const statuses = async () => {
    const listed = await inspector!.call('servers.list', {});
    return listed.ok ? (listed.result as ServerView[]).map((s) => s.connection.status) : [];
  };
  await expect.poll(statuses, { timeout: 60_000 }).toEqual(Array.from({ length: SERVERS }, () => 'connected'));
  const mostAtOnce = Math.max(...views.map((list) => list.filter((s) => s.connection.status === 'connecting').length));
  expect(mostAtOnce).toBeGreaterThan(0);
  expect(mostAtOnce).toBeLessThanOrEqual(LAUNCH_CONNECTS_AT_ONCE);
});
