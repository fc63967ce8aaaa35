// The reading classes of the hostile-edges catalog (issue 13, items 5–7),
// through the app's own engine (createInspector, as the app composes it)
// rather than the command: ambiguous reads, reads under another URI, declared
// sizes that are no byte count, byte budgets counted on the bytes read, and
// the per-file limit applied on the wire. For each, over stdio and Streamable
// HTTP, the file's check is exactly the failure expected — never "verified" —
// and the benign twin's same file verifies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileCheck, Finding, Settings, SkillEntry } from '../../shared/model.js';
import { HostileBench, type TransportInput } from '../fixtures/hostile/harness.js';
import { HOSTILE_EDGES_SERVER, startHostileEdgesHttp, type HostileEdgesHttp } from '../fixtures/hostile-edges/harness.js';

const ALPHA = 'skill://alpha/SKILL.md';
const GUIDE = 'skill://alpha/references/guide.md';
const GUIDE_BYTES = Buffer.byteLength('Guide text.\n');
const KiB = 1024;
const MiB = 1024 * KiB;

type Route = 'stdio' | 'http';
const ROUTES: ReadonlyArray<{ route: Route; era: 'legacy' | 'modern' }> = [
  { route: 'stdio', era: 'legacy' },
  { route: 'stdio', era: 'modern' },
  { route: 'http', era: 'modern' },
];

interface Served {
  readonly serverId: string;
  readonly entry: SkillEntry;
  readonly findings: readonly Finding[];
  end(): Promise<void>;
}

describe('hostile edges, reading: nothing read ambiguously, under another URI, or past a limit is verified', () => {
  let bench: HostileBench;
  const https = new Set<HostileEdgesHttp>();
  beforeAll(async () => {
    bench = await HostileBench.open();
  });
  afterAll(async () => {
    await bench?.close();
    await Promise.all([...https].map((h) => h.stop()));
  });

  /** Serves one case (or its twin) over the route, connects it like the app, and runs Verify on skill://alpha. */
  async function verifyCase(name: string, route: Route, era: 'legacy' | 'modern', twin = false): Promise<Served> {
    const args = [HOSTILE_EDGES_SERVER, name, ...(twin ? ['--twin'] : []), '--era', era];
    const http = route === 'http' ? await startHostileEdgesHttp(args) : undefined;
    if (http) https.add(http);
    const transport: TransportInput = http ? { kind: 'http', url: http.url, headers: {} } : { kind: 'stdio', command: process.execPath, args, env: {} };
    const added = await bench.add(`${name}${twin ? ' (twin)' : ''} over ${route} (${era})`, transport);
    expect(added.connection.status).toBe('connected');
    const entry = await bench.call('skills.verify', { serverId: added.serverId, skillUri: ALPHA });
    const findings = await bench.findings(added.serverId, ALPHA);
    return {
      serverId: added.serverId,
      entry,
      findings,
      end: async () => {
        await bench.remove(added.serverId);
        await http?.stop();
        if (http) https.delete(http);
      },
    };
  }

  /** Applies settings through the contract for the duration of `body` (as the Settings screen does). */
  async function withSettings(patch: Partial<Settings>, body: () => Promise<void>): Promise<void> {
    const before = await bench.call('settings.get', {});
    await bench.call('settings.update', patch);
    try {
      await body();
    } finally {
      await bench.call('settings.update', Object.fromEntries(Object.keys(patch).map((k) => [k, before[k as keyof Settings]])));
    }
  }

  const on = (findings: readonly Finding[], fileUri: string) => findings.filter((f) => f.location.fileUri === fileUri);

  /** The twin's guide verifies: what the case changed is what made the difference. */
  async function expectTwinVerifies(name: string, route: Route, era: 'legacy' | 'modern', files: readonly string[] = [GUIDE]): Promise<void> {
    const twin = await verifyCase(name, route, era, true);
    for (const uri of files) expect(twin.entry.files[uri], `${name} twin: ${uri}`).toMatchObject({ state: 'verified' });
    expect(twin.findings.filter((f) => f.severity === 'error')).toEqual([]);
    await twin.end();
  }

  for (const { route, era } of ROUTES) {
    describe(`over ${route} (${era} era)`, () => {
      it.each([
        ['read-two-contents', '2 content items'],
        ['read-extra-content', '2 content items'],
        ['read-text-and-blob', 'both "text" and "blob"'],
      ])('%s: the read is ambiguous, an error, and the file is not verified', async (name, says) => {
        const served = await verifyCase(name, route, era);
        const check: FileCheck | undefined = served.entry.files[GUIDE];
        expect(check).toMatchObject({ state: 'failed', reason: 'read-error' });
        const ids = on(served.findings, GUIDE).map((f) => [f.id, f.severity]);
        expect(ids).toEqual([['inspector-read-ambiguous', 'error']]);
        expect(on(served.findings, GUIDE)[0]?.message).toContain(says);
        expect(served.entry.status).toBe('mismatch');
        await bench.expectUnharmed(served.serverId, { verifiedFiles: [ALPHA] });
        await served.end();
        await expectTwinVerifies(name, route, era);
      });

      it('read-wrong-uri: honest bytes under another URI are an error and not verified', async () => {
        const served = await verifyCase('read-wrong-uri', route, era);
        expect(served.entry.files[GUIDE]).toMatchObject({ state: 'failed', reason: 'read-error' });
        expect(on(served.findings, GUIDE).map((f) => [f.id, f.severity, f.expected, f.actual])).toEqual([
          ['inspector-read-wrong-uri', 'error', GUIDE, 'skill://alpha/references/other.md'],
        ]);
        await bench.expectUnharmed(served.serverId, { verifiedFiles: [ALPHA] });
        await served.end();
        await expectTwinVerifies('read-wrong-uri', route, era);
      });

      it.each([
        ['size-negative', '-5'],
        ['size-fractional', '1.5'],
        ['size-missing', 'absent'],
      ])('%s: the honest bytes fail on size, the declared %s reported against the bytes served', async (name, declared) => {
        const served = await verifyCase(name, route, era);
        expect(served.entry.files[GUIDE]).toMatchObject({ state: 'failed', reason: 'size', expected: declared, actual: `${GUIDE_BYTES}` });
        const mismatch = on(served.findings, GUIDE).filter((f) => f.id === 'sep-2640-host-size-mismatch-failure');
        expect(mismatch.map((f) => [f.severity, f.expected, f.actual])).toEqual([['error', declared, `${GUIDE_BYTES} bytes`]]);
        // The entry is invalid (its size is no byte count), so even the honest SKILL.md is not verified.
        expect(served.entry.files[ALPHA]?.state).toBe('unverifiable');
        await bench.expectUnharmed(served.serverId);
        await served.end();
        await expectTwinVerifies(name, route, era, [ALPHA, GUIDE]);
      });

      it('file-limit-streamed: an answer far over the per-file limit is stopped on the wire, not held whole', async () => {
        const { maxFileBytes } = await bench.call('settings.get', {});
        expect(maxFileBytes).toBe(64 * KiB);
        const served = await verifyCase('file-limit-streamed', route, era);
        expect(served.entry.files[GUIDE]).toMatchObject({ state: 'failed', reason: 'too-large' });
        const [tooLarge, ...others] = on(served.findings, GUIDE);
        expect(others).toEqual([]);
        expect(tooLarge).toMatchObject({ id: 'inspector-file-too-large', severity: 'error', expected: `≤ ${64 * KiB}` });
        expect(tooLarge?.message).toContain(`was stopped after`);
        expect(tooLarge?.message).toContain('raise Settings › Largest file');
        const received = Number(/\((\d+) received\)/.exec(tooLarge?.actual ?? '')?.[1]);
        // Stopped past the wire cap (2 × 64 KiB + 64 KiB), well before the 1 MiB frame and the 8 MiB served.
        expect(received).toBeGreaterThan(192 * KiB);
        expect(received).toBeLessThan(MiB);
        await bench.expectUnharmed(served.serverId, { verifiedFiles: [ALPHA] });
        await served.end();
        await expectTwinVerifies('file-limit-streamed', route, era);
      });

      it('skill-budget-bytes-read: three unsized 9 MiB files pass the 16 MiB skill budget on the bytes read', async () => {
        await withSettings({ maxFileBytes: 16 * MiB }, async () => {
          const served = await verifyCase('skill-budget-bytes-read', route, era);
          const [a, b, c] = ['a', 'b', 'c'].map((x) => `skill://alpha/data/${x}.txt`) as [string, string, string];
          // The first is read (and fails on its absent size); the second's bytes pass the budget; the third is not read.
          expect(served.entry.files[a]).toMatchObject({ state: 'failed', reason: 'size', expected: 'absent', actual: `${9 * MiB}` });
          expect(served.entry.files[b]).toMatchObject({ state: 'failed', reason: 'too-large' });
          expect(served.entry.files[c]).toMatchObject({ state: 'failed', reason: 'too-large' });
          const budget = served.findings.filter((f) => f.id === 'inspector-skill-budget-exceeded');
          expect(budget.map((f) => [f.location.fileUri, f.actual])).toEqual([
            [b, `${9 * MiB} bytes`],
            [c, 'any bytes'],
          ]);
          expect(budget[0]?.message).toContain("passed this skill's byte budget");
          expect(budget[0]?.message).toContain('raise Settings › Bytes per skill');
          await bench.expectUnharmed(served.serverId);
          await served.end();
          await expectTwinVerifies('skill-budget-bytes-read', route, era, [ALPHA, 'skill://alpha/data/a.txt', 'skill://alpha/data/b.txt', 'skill://alpha/data/c.txt']);
        });
      });
    });
  }
});
