// Every limit that protects the app is a setting with a sane default, and each
// one is honoured, live, by the engine: per-file cap, per-server byte budget,
// page, entry and listing-byte caps, request timeout, log size, and how many
// reads run at once. Each is changed through the contract (settings.update),
// as the Settings screen does, and put back afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsPatchSchema, type Params } from '../../shared/api.js';
import { DEFAULT_SETTINGS } from '../../shared/model.js';
import { HostileBench, idsOf, maxInFlight } from '../fixtures/hostile/harness.js';

const ALPHA = 'skill://alpha/SKILL.md';
const GUIDE = 'skill://alpha/references/guide.md';
const KiB = 1024;
const MiB = 1024 * KiB;

describe('limits are settings, with sane defaults', () => {
  it('every limit has a default inside the range the settings screen accepts', () => {
    expect(settingsPatchSchema.safeParse(DEFAULT_SETTINGS).success).toBe(true);
    // The spec's numbers: hosts must handle a 16 MiB skill (SEP-2640 §Limits).
    expect(DEFAULT_SETTINGS.maxFileBytes).toBe(16 * MiB);
    expect(DEFAULT_SETTINGS.serverByteBudget).toBeGreaterThanOrEqual(DEFAULT_SETTINGS.maxFileBytes * 8);
    expect(DEFAULT_SETTINGS.requestTimeoutMs).toBe(30_000);
    expect(DEFAULT_SETTINGS.maxListPages).toBe(1_000);
    expect(DEFAULT_SETTINGS.maxListEntries).toBe(100_000);
    // Nonsense is refused with a message that names the setting.
    const bad = settingsPatchSchema.safeParse({ requestTimeoutMs: 0, maxFileBytes: -1 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['maxFileBytes', 'requestTimeoutMs']);
  });
});

describe('limits are honoured against hostile servers', () => {
  let bench: HostileBench;
  beforeAll(async () => {
    bench = await HostileBench.open();
  });
  afterAll(async () => bench?.close());

  /** Applies `patch` through the contract for the duration of `body`, then restores the previous values. */
  async function withSettings(patch: Params<'settings.update'>, body: () => Promise<void>): Promise<void> {
    const before = await bench.call('settings.get', {});
    const applied = await bench.call('settings.update', patch);
    expect(applied).toMatchObject(patch);
    try {
      await body();
    } finally {
      const restore = Object.fromEntries(Object.keys(patch).map((k) => [k, before[k as keyof typeof before]]));
      await bench.call('settings.update', restore);
    }
  }

  it('requestTimeoutMs: a read is abandoned no sooner than the timeout, and then it fails', async () => {
    const attack = await bench.attack('silent-read');
    await withSettings({ requestTimeoutMs: 1_500 }, async () => {
      const started = performance.now();
      const content = await bench.call('skills.readFile', { serverId: attack.serverId, skillUri: ALPHA, fileUri: GUIDE });
      expect(performance.now() - started).toBeGreaterThanOrEqual(1_450);
      expect(content.check.state === 'failed' && content.check.message).toMatch(/no answer within 1\.5 s|Request timed out/);
    });
    await bench.expectUnharmed(attack.serverId);
    await attack.end();
  });

  it('maxFileBytes: bytes over the cap are refused even when the listing lied small; raising it lets the read through', async () => {
    const attack = await bench.attack('oversized-file');
    await withSettings({ maxFileBytes: 64 * KiB }, async () => {
      const refused = await bench.call('skills.readFile', { serverId: attack.serverId, skillUri: ALPHA, fileUri: GUIDE });
      expect(refused.check).toMatchObject({ state: 'failed', reason: 'too-large' });
      expect(idsOf(await bench.findings(attack.serverId, ALPHA))).toEqual(['inspector-file-too-large']);
    });
    await withSettings({ maxFileBytes: MiB }, async () => {
      // Read now, and caught by the size check instead: 200 KiB is not the 23 bytes listed.
      const read = await bench.call('skills.readFile', { serverId: attack.serverId, skillUri: ALPHA, fileUri: GUIDE });
      expect(read.check).toMatchObject({ state: 'failed', reason: 'size', expected: '23', actual: `${200 * KiB}` });
    });
    await bench.expectUnharmed(attack.serverId);
    await attack.end();
  });

  it('serverByteBudget: once a server has used its budget, its next read is refused; other servers keep theirs', async () => {
    const attack = await bench.attack('oversized-file');
    await withSettings({ maxFileBytes: MiB, serverByteBudget: 100 * KiB }, async () => {
      // Listed at 23 bytes, 200 KiB arrive: the bytes read pass the budget, so they are refused too.
      const first = await bench.call('skills.readFile', { serverId: attack.serverId, skillUri: ALPHA, fileUri: GUIDE });
      expect(first.check).toMatchObject({ state: 'failed', reason: 'too-large' });
      const next = await bench.call('skills.readFile', { serverId: attack.serverId, skillUri: ALPHA, fileUri: ALPHA });
      expect(next.check).toMatchObject({ state: 'failed', reason: 'too-large' });
      const budgets = (await bench.findings(attack.serverId, ALPHA)).filter((f) => f.id === 'inspector-budget-exceeded');
      expect(budgets.map((f) => f.location.fileUri)).toEqual([GUIDE, ALPHA]);
      expect(budgets[0]).toMatchObject({ expected: `≤ ${100 * KiB} bytes`, actual: `${200 * KiB} bytes` });
      const budget = budgets[1];
      expect(budget?.message).toMatch(/\(\d+ bytes\) would pass this server's byte budget \(0 bytes left of 102400\); it was not read\. To read it, raise Settings › Bytes per server\./);
      // The bystander has its own budget.
      const demo = await bench.call('skills.verify', { serverId: bench.demoId, skillUri: 'skill://hello-world/SKILL.md' });
      expect(demo.status).toBe('verified');
    });
    await attack.end();
  });

  it('maxListPages: an endless listing stops at exactly that many pages', async () => {
    await withSettings({ maxListPages: 7 }, async () => {
      const attack = await bench.attack('endless-listing');
      const requests = (await bench.log(attack.serverId)).filter((e) => e.direction === 'out' && e.method === 'skills/list');
      expect(requests).toHaveLength(7);
      const limit = (await bench.findings(attack.serverId)).find((f) => f.id === 'inspector-list-limit');
      expect(limit?.message).toMatch(/^Stopped at the page limit \(7\)/);
      await attack.end();
    });
  });

  it('maxListEntries: a huge catalog stops at exactly that many entries', async () => {
    await withSettings({ maxListEntries: 45 }, async () => {
      const attack = await bench.attack('many-skills');
      expect(attack.entries).toHaveLength(45);
      const limit = (await bench.findings(attack.serverId)).find((f) => f.id === 'inspector-list-limit');
      expect(limit?.message).toMatch(/^Stopped at the entry limit \(45\)/);
      await attack.end();
    });
  });

  it('maxListBytes: a listing that grows past the byte cap stops', async () => {
    await withSettings({ maxListBytes: 4 * KiB }, async () => {
      const attack = await bench.attack('many-skills');
      // One page of 20 skills is already past 4 KiB: the walk stops after it.
      expect(attack.entries).toHaveLength(20);
      expect((await bench.log(attack.serverId)).filter((e) => e.direction === 'out' && e.method === 'skills/list')).toHaveLength(1);
      const limit = (await bench.findings(attack.serverId)).find((f) => f.id === 'inspector-list-limit');
      expect(limit?.message).toMatch(/^The listing passed 4096 bytes; listing stopped\./);
      await attack.end();
    });
  });

  it('logLimit: the protocol log never holds more than the limit, even under a flood', async () => {
    await withSettings({ logLimit: 100 }, async () => {
      const attack = await bench.attack('notification-flood', { args: ['--count', '3000'] });
      const log = await bench.log(attack.serverId);
      expect(log).toHaveLength(100);
      // The newest entries are the ones kept: the answer that ended the flood is there.
      expect(log.some((e) => e.direction === 'in' && e.kind === 'response' && e.method === 'skills/list')).toBe(true);
      await attack.end();
    });
  });

  for (const readConcurrency of [2, 4]) {
    it(`readConcurrency ${readConcurrency}: Verify all never has more reads in flight than that`, async () => {
      await withSettings({ readConcurrency }, async () => {
        const attack = await bench.attack('slow-reads');
        expect(attack.entries).toHaveLength(12);
        const job = await bench.call('skills.verifyAll', { serverId: attack.serverId });
        await waitForJob(job.jobId);
        const skills = await bench.call('skills.list', { serverId: attack.serverId });
        expect(skills.every((s) => s.status === 'verified')).toBe(true);
        expect(maxInFlight(await bench.log(attack.serverId), 'resources/read')).toBe(readConcurrency);
        await attack.end();
      });
    });
  }

  function waitForJob(jobId: string): Promise<void> {
    return new Promise((resolve) => {
      const stop = bench.inspector.subscribe((event, payload) => {
        const job = payload as { jobId?: string; state?: string };
        if (event === 'job.progress' && job.jobId === jobId && job.state !== 'running') {
          stop();
          resolve();
        }
      });
    });
  }
});
