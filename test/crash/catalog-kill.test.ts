// Crash safety of the server catalog: a real process saving servers.json as
// fast as it can is killed with SIGKILL at random moments, again and again.
// After every kill the catalog must load without a problem, holding exactly
// the last saved state or the one that was being saved — never a mix, never
// an older one, never nothing.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ServerCatalog } from '../../electron/servers/catalog.js';
import { CRASH_SEED, bundleCrashWriter, runAndKill, seededRandom } from '../fixtures/hostile/crash-harness.js';
import { catalogGeneration, expectedCatalog } from '../fixtures/hostile/crash-writer.js';

const ITERATIONS = 60;

describe('server catalog under kill -9', () => {
  let writer: string;
  beforeAll(async () => {
    writer = await bundleCrashWriter();
  });

  it(`loads the old or the new state after each of ${ITERATIONS} kills (seed ${CRASH_SEED})`, async () => {
    const random = seededRandom(CRASH_SEED);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'si-crash-catalog-'));
    let generation = 0;
    let startupKills = 0;
    for (let i = 0; i < ITERATIONS; i++) {
      // Most kills land in the write loop; some while the store loads (loading can write too).
      const duringStartup = random() < 0.15;
      const delay = duringStartup ? random() * 150 : random() * 40;
      const outcome = await runAndKill(writer, 'catalog', dataDir, delay, duringStartup);
      const where = `kill ${i + 1} (seed ${CRASH_SEED}, ${duringStartup ? 'startup' : 'writing'} +${delay.toFixed(1)} ms)`;
      expect(outcome.signal, `${where}: the writer died by itself: ${outcome.stderr}`).toBe('SIGKILL');
      if (outcome.ready === undefined) startupKills++;

      const catalog = new ServerCatalog(dataDir);
      const problem = await catalog.load({ seedDemo: false });
      expect(problem, where).toBeUndefined();
      const labels = catalog.list().map((s) => s.label);
      if (labels.length === 0) {
        // Killed before the very first save: nothing was lost because nothing was there.
        expect(generation, where).toBe(0);
        continue;
      }
      const loaded = catalogGeneration(labels);
      expect(loaded, `${where}: ${labels.join(', ')} is no state the writer ever saved`).toBeDefined();
      const base = outcome.committed ?? outcome.ready ?? generation;
      expect([base, base + 1], `${where}: loaded generation ${loaded}`).toContain(loaded);
      expect(loaded!, `${where}: went back in time`).toBeGreaterThanOrEqual(generation);
      expect(labels).toEqual(expectedCatalog(loaded!));
      generation = loaded!;

      // A killed writer's temp file is swept on load; the backup is always a whole, earlier state.
      expect(readdirSync(dataDir).filter((n) => n.endsWith('.tmp')), where).toEqual([]);
      const backup = path.join(dataDir, 'servers.json.bak');
      if (existsSync(backup)) {
        const saved = JSON.parse(readFileSync(backup, 'utf8')) as { servers: Array<{ label: string }> };
        const backupGeneration = catalogGeneration(saved.servers.map((s) => s.label));
        expect(backupGeneration, `${where}: the backup is no saved state`).toBeDefined();
        expect(backupGeneration!).toBeLessThanOrEqual(generation);
      }
    }
    // The loop really wrote: many generations went by, across kills in both phases.
    expect(generation).toBeGreaterThan(ITERATIONS / 2);
    expect(startupKills).toBeGreaterThan(0);
  }, 180_000);
});
