// A damaged servers.json (a disk error, a bad sync tool, a hand edit) is
// detected, reported as a StoreProblem, kept aside byte for byte, and the last
// good version is restored from the backup. Nothing is silently reset.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createInspector } from '../../electron/inspector.js';
import { ServerCatalog } from '../../electron/servers/catalog.js';

const transport = { kind: 'stdio' as const, command: 'node', args: ['server.js'], env: {} };

/** A catalog saved twice: servers.json holds [a, b], its backup [a]. */
async function twoSaves(): Promise<{ dataDir: string; file: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'si-corrupt-catalog-'));
  const catalog = new ServerCatalog(dataDir);
  await catalog.load({ seedDemo: false });
  await catalog.add({ label: 'a', transport });
  await catalog.add({ label: 'b', transport });
  return { dataDir, file: path.join(dataDir, 'servers.json') };
}

async function labelsAfterLoad(dataDir: string) {
  const catalog = new ServerCatalog(dataDir);
  const problem = await catalog.load({ seedDemo: false });
  return { problem, labels: catalog.list().map((s) => s.label) };
}

const DAMAGE: ReadonlyArray<{ name: string; bytes: (good: Buffer) => Buffer; reason: RegExp }> = [
  // Random bytes are almost never UTF-8, which is checked first; should they be, they are not JSON.
  { name: 'random bytes', bytes: () => randomBytes(300), reason: /it is not valid (UTF-8|JSON)/ },
  { name: 'cut in half', bytes: (good) => good.subarray(0, Math.floor(good.length / 2)), reason: /it is not valid JSON/ },
  { name: 'empty', bytes: () => Buffer.alloc(0), reason: /it is not valid JSON/ },
  { name: 'zeros (a lost block)', bytes: (good) => Buffer.alloc(good.length), reason: /it is not valid JSON/ },
  { name: 'valid JSON of the wrong shape', bytes: () => Buffer.from('{"version":1,"servers":"nope"}'), reason: /it does not have the expected shape \(servers: / },
];

describe('a damaged server catalog', () => {
  for (const damage of DAMAGE) {
    it(`${damage.name}: reported, kept aside, and the backup restored`, async () => {
      const { dataDir, file } = await twoSaves();
      const damaged = damage.bytes(readFileSync(file));
      writeFileSync(file, damaged);

      const { problem, labels } = await labelsAfterLoad(dataDir);
      expect(labels).toEqual(['a']);
      expect(problem).toMatchObject({ file, recoveredFrom: 'backup' });
      expect(problem?.message).toMatch(damage.reason);
      expect(problem?.message).toMatch(/The last good version was restored from its backup\.$/);
      // The damaged bytes are kept for a person to look at, exactly.
      expect(problem?.keptAs).toBeDefined();
      expect(readFileSync(problem!.keptAs!).equals(damaged)).toBe(true);
      // The restored file is whole again: the next start has no problem.
      expect(await labelsAfterLoad(dataDir)).toEqual({ problem: undefined, labels: ['a'] });
      rmSync(dataDir, { recursive: true, force: true });
    });
  }

  it('damaged with a damaged backup: reported, both kept, the app starts empty rather than guessing', async () => {
    const { dataDir, file } = await twoSaves();
    writeFileSync(file, '{"version":1,"servers":[');
    writeFileSync(`${file}.bak`, 'not json either');
    const { problem, labels } = await labelsAfterLoad(dataDir);
    expect(labels).toEqual([]);
    expect(problem).toMatchObject({ file, recoveredFrom: 'default' });
    expect(problem?.message).toMatch(/no usable backup exists\. The app started with an empty store; the damaged file was kept beside it\.$/);
    expect(readFileSync(problem!.keptAs!, 'utf8')).toBe('{"version":1,"servers":[');
    // Nothing was overwritten by the load itself.
    expect(readFileSync(file, 'utf8')).toBe('{"version":1,"servers":[');
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe('not json either');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('missing, with its backup present: the backup is restored and the loss reported', async () => {
    const { dataDir, file } = await twoSaves();
    rmSync(file);
    const { problem, labels } = await labelsAfterLoad(dataDir);
    expect(labels).toEqual(['a']);
    expect(problem).toMatchObject({ file, recoveredFrom: 'backup', message: 'The file was missing; its backup was restored.' });
    expect(existsSync(file)).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the app reports the recovery at start and shows the recovered servers', async () => {
    const { dataDir, file } = await twoSaves();
    writeFileSync(file, '\u0000\u0000\u0000');
    const inspector = await createInspector({
      dataDir,
      mode: 'browser',
      appVersion: '0.0.0-test',
      demoTransport: () => transport,
      seedDemo: false,
    });
    try {
      expect(inspector.startupProblems).toEqual([expect.objectContaining({ file, recoveredFrom: 'backup' })]);
      const listed = await inspector.call('servers.list', {});
      expect(listed.ok && (listed.result as Array<{ config: { label: string } }>).map((s) => s.config.label)).toEqual(['a']);
    } finally {
      await inspector.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
