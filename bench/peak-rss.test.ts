// The bench's peak RSS is the measured process's own: a process spawned by a
// large one (as every measured run is spawned by the bench's main process)
// must not report its parent's size.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'rolldown';
import { afterAll, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(os.tmpdir(), 'si-peak-rss-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it.runIf(process.platform === 'linux')('a small process spawned by a large one reports its own peak, not the parent’s', async () => {
  await build({ input: path.join(import.meta.dirname, 'peak-rss.ts'), platform: 'node', output: { dir, format: 'esm', entryFileNames: 'peak-rss.mjs' }, logLevel: 'silent' });
  // 300 MB touched here, so this process's resident size is well over it when the child is forked.
  const held = Buffer.alloc(300 * 1024 * 1024, 1);
  const parentMb = process.memoryUsage().rss / (1024 * 1024);
  const script = `import { peakRssMb } from ${JSON.stringify(path.join(dir, 'peak-rss.mjs'))}; process.stdout.write(String(peakRssMb()));`;
  const childMb = Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
  expect(parentMb).toBeGreaterThan(300);
  expect(held[held.length - 1]).toBe(1);
  // A bare Node process is tens of MB; maxRSS would have said the parent's 300 MB and more.
  expect(childMb).toBeGreaterThan(10);
  expect(childMb).toBeLessThan(150);
});
