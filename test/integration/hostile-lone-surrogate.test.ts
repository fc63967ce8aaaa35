// A lone UTF-16 surrogate in a URI, from a real server process (stdio and
// Streamable HTTP), through the app's engine and the command. Such a string is
// no URI (no UTF-8 form, no percent-encoding): listing and reading must give a
// finding, never throw. The listing keeps its honest skills; the entry that
// lists such a file is not loadable; a read answered under such a URI is a
// failed read, also after an earlier honest Verify all, which then counts it failed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillEntry, VerifyJob } from '../../shared/model.js';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { HostileBench, type TransportInput } from '../fixtures/hostile/harness.js';
import { HOSTILE_EDGES_SERVER, startHostileEdgesHttp, type HostileEdgesHttp } from '../fixtures/hostile-edges/harness.js';
import { ALPHA, HONEST, LONE_FILE, PDF_TOOLS } from '../fixtures/hostile-edges/catalogs/lone-surrogate.mjs';

const CATALOG = 'catalogs/lone-surrogate';
const ROUTES = [
  { route: 'stdio', era: 'legacy' },
  { route: 'http', era: 'modern' },
] as const;

/** Rejects after `ms`: before the fix the first listing never finished, and a wait for it would hang. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms))]);
}

describe('hostile: a lone UTF-16 surrogate in a URI', () => {
  let bench: HostileBench;
  const https = new Set<HostileEdgesHttp>();
  beforeAll(async () => {
    bench = await HostileBench.open();
  });
  afterAll(async () => {
    await bench?.close();
    await Promise.all([...https].map((h) => h.stop()));
  });

  async function serve(route: 'stdio' | 'http', era: 'legacy' | 'modern', twin = false) {
    const args = [HOSTILE_EDGES_SERVER, CATALOG, ...(twin ? ['--twin'] : []), '--era', era];
    const http = route === 'http' ? await startHostileEdgesHttp(args) : undefined;
    if (http) https.add(http);
    const transport: TransportInput = http ? { kind: 'http', url: http.url, headers: {} } : { kind: 'stdio', command: process.execPath, args, env: {} };
    const added = await within(bench.add(`lone surrogate${twin ? ' (twin)' : ''} over ${route}`, transport), 15_000, 'the first listing');
    return {
      ...added,
      end: async () => {
        await bench.remove(added.serverId);
        await http?.stop();
      },
    };
  }

  async function verifyAll(serverId: string): Promise<VerifyJob> {
    const seen: VerifyJob[] = [];
    const stop = bench.inspector.subscribe((event, payload) => {
      if (event === 'job.progress') seen.push(payload as VerifyJob);
    });
    try {
      const started = await bench.call('skills.verifyAll', { serverId });
      return await within(
        new Promise<VerifyJob>((resolve) => {
          const poll = setInterval(() => {
            const end = seen.find((j) => j.jobId === started.jobId && j.state !== 'running');
            if (end) {
              clearInterval(poll);
              resolve(end);
            }
          }, 10);
        }),
        15_000,
        'Verify all',
      );
    } finally {
      stop();
    }
  }

  const byUri = (entries: readonly SkillEntry[]) => new Map(entries.map((e) => [e.uri, e]));

  for (const { route, era } of ROUTES) {
    it(`${route} (${era}): the listing keeps its honest skills and reports the entry, which is not loadable`, async () => {
      const served = await serve(route, era);
      expect(served.connection.status).toBe('connected');
      const listed = byUri(await bench.call('skills.list', { serverId: served.serverId }));
      expect([...listed.keys()].sort()).toEqual([ALPHA, HONEST, PDF_TOOLS].sort());
      expect(listed.get(PDF_TOOLS)?.status).toBe('invalid');
      expect(listed.get(HONEST)?.status).toBe('unread');
      const findings = await bench.findings(served.serverId, PDF_TOOLS);
      expect(findings.filter((f) => f.location.fileUri === LONE_FILE).map((f) => f.message).join('\n')).toMatch(/lone UTF-16 surrogate/);
      expect(findings.map((f) => f.id)).toContain('sep-2640-resources-invalid-entry');
      // skills.refresh resolves too (it rejected with "URI malformed").
      expect((await bench.call('skills.refresh', { serverId: served.serverId })).map((e) => e.uri).sort()).toEqual([ALPHA, HONEST, PDF_TOOLS].sort());
      await served.end();
    });

    it(`${route} (${era}): a read answered under a URI with a lone surrogate, after an honest Verify all, fails the file and the job counts it failed`, async () => {
      const served = await serve(route, era);
      const first = await verifyAll(served.serverId);
      expect(first).toMatchObject({ state: 'done', total: 3, verified: 2, failed: 1 });
      expect(byUri(await bench.call('skills.list', { serverId: served.serverId })).get(ALPHA)?.status).toBe('verified');

      const second = await verifyAll(served.serverId);
      expect(second).toMatchObject({ state: 'done', total: 3, verified: 1, failed: 2 });
      const alpha = byUri(await bench.call('skills.list', { serverId: served.serverId })).get(ALPHA);
      expect(alpha?.status).toBe('mismatch');
      expect(alpha?.files[ALPHA]).toMatchObject({ state: 'failed', reason: 'read-error' });
      expect((await bench.findings(served.serverId, ALPHA)).map((f) => f.id)).toContain('inspector-read-wrong-uri');

      // Opened on its own: a failed read with the finding, not "URI malformed".
      const opened = await bench.call('skills.readFile', { serverId: served.serverId, skillUri: ALPHA, fileUri: ALPHA });
      expect(opened.check).toMatchObject({ state: 'failed', reason: 'read-error' });
      await served.end();
    });

    it(`${route} (${era}): the benign twin verifies every skill`, async () => {
      const served = await serve(route, era, true);
      expect(await verifyAll(served.serverId)).toMatchObject({ state: 'done', total: 3, verified: 3, failed: 0 });
      await served.end();
    });
  }

  it('check reports the entry with a finding and exits 1 (not 2 on a thrown URIError); the twin exits 0', async () => {
    for (const twin of [false, true]) {
      const run = await runCli(['check', '--stdio', commandLine(process.execPath, HOSTILE_EDGES_SERVER, CATALOG, ...(twin ? ['--twin'] : [])), '--json', '--fail-on', 'error']);
      expect(run.code, `exit code (twin: ${twin}); stderr: ${run.stderr}`).toBe(twin ? 0 : 1);
      const report = JSON.parse(run.stdout) as { findings: Array<{ id: string; location: { skillUri?: string; fileUri?: string } }> };
      const invalid = report.findings.filter((f) => f.id === 'sep-2640-resources-invalid-entry' && f.location.skillUri === PDF_TOOLS);
      expect(invalid).toHaveLength(twin ? 0 : 1);
    }
  });
});
