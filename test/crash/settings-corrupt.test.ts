// A damaged settings.json is detected, reported, kept aside, and the last good
// settings come back from the backup — a limit the user set (a lower per-file
// cap, say) is never silently reset to its default.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createInspector } from '../../electron/inspector.js';
import { SettingsStore } from '../../electron/settings-store.js';
import { DEFAULT_SETTINGS } from '../../shared/model.js';

/** Saved twice: settings.json has both changes, its backup only the first. */
async function twoSaves(): Promise<{ dataDir: string; file: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'si-corrupt-settings-'));
  const store = new SettingsStore(dataDir);
  await store.load();
  await store.update({ maxFileBytes: 2 * 1024 * 1024 });
  await store.update({ requestTimeoutMs: 12_000 });
  return { dataDir, file: path.join(dataDir, 'settings.json') };
}

describe('damaged settings', () => {
  for (const [name, text, reason] of [
    ['cut in half', '{\n  "maxFileBytes": 2097', /it is not valid JSON/],
    ['a value out of range', '{"maxFileBytes": -1, "requestTimeoutMs": 12000}', /it does not have the expected shape \(maxFileBytes: /],
    ['not an object', '[1, 2, 3]', /it does not have the expected shape/],
  ] as const) {
    it(`${name}: reported, kept aside, the last good settings restored`, async () => {
      const { dataDir, file } = await twoSaves();
      writeFileSync(file, text);
      const store = new SettingsStore(dataDir);
      const problem = await store.load();
      expect(problem).toMatchObject({ file, recoveredFrom: 'backup' });
      expect(problem?.message).toMatch(reason);
      expect(readFileSync(problem!.keptAs!, 'utf8')).toBe(text);
      // The backup's values: the user's lower cap survives, the later change is the one lost.
      expect(store.get()).toEqual({ ...DEFAULT_SETTINGS, maxFileBytes: 2 * 1024 * 1024 });
      rmSync(dataDir, { recursive: true, force: true });
    });
  }

  it('unknown keys from a newer version are ignored, not treated as damage', async () => {
    const { dataDir, file } = await twoSaves();
    writeFileSync(file, JSON.stringify({ maxFileBytes: 2 * 1024 * 1024, requestTimeoutMs: 12_000, someFutureSetting: true }));
    const store = new SettingsStore(dataDir);
    expect(await store.load()).toBeUndefined();
    expect(store.get()).toEqual({ ...DEFAULT_SETTINGS, maxFileBytes: 2 * 1024 * 1024, requestTimeoutMs: 12_000 });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the app starts with the recovered settings and reports the recovery', async () => {
    const { dataDir, file } = await twoSaves();
    writeFileSync(file, 'garbage');
    const inspector = await createInspector({
      dataDir,
      mode: 'browser',
      appVersion: '0.0.0-test',
      demoTransport: () => ({ kind: 'stdio', command: 'node', args: [], env: {} }),
      seedDemo: false,
    });
    try {
      expect(inspector.startupProblems).toEqual([expect.objectContaining({ file, recoveredFrom: 'backup' })]);
      const settings = await inspector.call('settings.get', {});
      expect(settings).toEqual({ ok: true, result: { ...DEFAULT_SETTINGS, maxFileBytes: 2 * 1024 * 1024 } });
    } finally {
      await inspector.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
