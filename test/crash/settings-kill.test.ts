// Crash safety of the settings store: a real process saving settings.json as
// fast as it can is killed with SIGKILL at random moments. After every kill
// the settings load without a problem, as the last saved values or the ones
// being saved — every field from the same save.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../electron/settings-store.js';
import { DEFAULT_SETTINGS } from '../../shared/model.js';
import { CRASH_SEED, bundleCrashWriter, runAndKill, seededRandom } from '../fixtures/hostile/crash-harness.js';
import { expectedSettings, settingsGeneration } from '../fixtures/hostile/crash-writer.js';

const ITERATIONS = 60;

describe('settings under kill -9', () => {
  let writer: string;
  beforeAll(async () => {
    writer = await bundleCrashWriter();
  });

  it(`loads the old or the new settings after each of ${ITERATIONS} kills (seed ${CRASH_SEED})`, async () => {
    const random = seededRandom(CRASH_SEED + 1);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'si-crash-settings-'));
    let generation = 0;
    for (let i = 0; i < ITERATIONS; i++) {
      const duringStartup = random() < 0.15;
      const delay = duringStartup ? random() * 150 : random() * 30;
      const outcome = await runAndKill(writer, 'settings', dataDir, delay, duringStartup);
      const where = `kill ${i + 1} (seed ${CRASH_SEED}, ${duringStartup ? 'startup' : 'writing'} +${delay.toFixed(1)} ms)`;
      expect(outcome.signal, `${where}: the writer died by itself: ${outcome.stderr}`).toBe('SIGKILL');

      const store = new SettingsStore(dataDir);
      expect(await store.load(), where).toBeUndefined();
      const settings = store.get();
      const loaded = settingsGeneration(settings);
      expect(loaded, `${where}: ${JSON.stringify(settings)} mixes two saves`).toBeDefined();
      const base = outcome.committed ?? outcome.ready ?? generation;
      expect([base, base + 1], where).toContain(loaded);
      expect(loaded!, `${where}: went back in time`).toBeGreaterThanOrEqual(generation);
      generation = loaded!;
      // Every other setting is still its default: nothing leaked in from a torn write.
      const expected = generation === 0 ? {} : expectedSettings(generation);
      expect(settings).toEqual({ ...DEFAULT_SETTINGS, ...expected });

      expect(readdirSync(dataDir).filter((n) => n.endsWith('.tmp')), where).toEqual([]);
      const backup = path.join(dataDir, 'settings.json.bak');
      if (existsSync(backup)) {
        const saved = JSON.parse(readFileSync(backup, 'utf8')) as { maxListEntries?: number };
        expect(saved.maxListEntries ?? 1, where).toBeLessThanOrEqual(generation + 1);
      }
    }
    expect(generation).toBeGreaterThan(ITERATIONS / 2);
  }, 180_000);
});
