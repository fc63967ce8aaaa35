// A file two skills of one job list is read once (issue 13, item 8: no
// duplicate reads in a job). The bundled demo server's docs-style lists the
// files of docs-style/headlines, which is a skill of its own: Verify all and
// check read headlines/SKILL.md once, and each skill still verifies it
// against its own entry. Counted from the requests the app sent (the
// protocol log), and for check from the server's own read log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerifyJob } from '../../shared/model.js';
import { HostileBench } from '../fixtures/hostile/harness.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { HOSTILE_EDGES_SERVER } from '../fixtures/hostile-edges/harness.js';

const PARENT = 'skill://docs-style/SKILL.md';
const NESTED = 'skill://docs-style/headlines/SKILL.md';

let bench: HostileBench;
beforeAll(async () => {
  bench = await HostileBench.open();
});
afterAll(async () => {
  await bench.close();
});

/** How many resources/read requests for each URI the app sent to the server. */
async function readsByUri(serverId: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const entry of await bench.log(serverId)) {
    if (entry.direction !== 'out' || entry.method !== 'resources/read') continue;
    const uri = (entry.message as { params?: { uri?: string } } | undefined)?.params?.uri;
    if (uri) counts.set(uri, (counts.get(uri) ?? 0) + 1);
  }
  return counts;
}

describe('a file a skill and its nested skill both list', () => {
  it('the demo lists it under both (the premise)', async () => {
    const entries = await bench.call('skills.list', { serverId: bench.demoId });
    const parent = entries.find((e) => e.uri === PARENT)!;
    expect(Array.isArray(parent.resources) && parent.resources.map((r) => r.uri)).toContain(NESTED);
    expect(entries.some((e) => e.uri === NESTED)).toBe(true);
  });

  it('Verify all reads it once, and both skills are verified', async () => {
    await bench.call('log.clear', { serverId: bench.demoId });
    const started = await bench.call('skills.verifyAll', { serverId: bench.demoId });
    const job = await new Promise<VerifyJob>((resolve) => {
      const stop = bench.inspector.subscribe((event, payload) => {
        const j = payload as VerifyJob;
        if (event === 'job.progress' && j.jobId === started.jobId && j.state !== 'running') {
          stop();
          resolve(j);
        }
      });
    });
    expect(job.state).toBe('done');
    const reads = await readsByUri(bench.demoId);
    expect(reads.get(NESTED)).toBe(1);
    expect([...reads.values()].every((n) => n === 1), JSON.stringify([...reads])).toBe(true);
    const entries = await bench.call('skills.list', { serverId: bench.demoId });
    for (const uri of [PARENT, NESTED]) {
      const entry = entries.find((e) => e.uri === uri)!;
      expect([uri, entry.status, entry.files[NESTED]?.state]).toEqual([uri, 'verified', 'verified']);
    }
  });

  it('check reads it once too, each SKILL.md twice on purpose, nothing else twice', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'si-shared-'));
    const readLog = path.join(dir, 'reads.jsonl');
    const server = commandLine(process.execPath, HOSTILE_EDGES_SERVER, 'catalogs/nested-overlap');
    const run = await runCli(['check', '--stdio', server, '--env', `HOSTILE_READ_LOG=${readLog}`, '--json', '--fail-on', 'error']);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { skills: Array<{ uri: string; status: string }> };
    expect(report.skills.map((s) => [s.uri, s.status])).toEqual([
      ['skill://parent/SKILL.md', 'verified'],
      ['skill://parent/child/SKILL.md', 'verified'],
    ]);
    const reads = new Map<string, number>();
    for (const line of readFileSync(readLog, 'utf8').split('\n').filter(Boolean)) {
      const { method, uri } = JSON.parse(line) as { method: string; uri: string };
      if (method === 'resources/read') reads.set(uri, (reads.get(uri) ?? 0) + 1);
    }
    expect(Object.fromEntries(reads)).toEqual({
      'skill://parent/SKILL.md': 2,
      'skill://parent/child/SKILL.md': 2,
      'skill://parent/child/references/notes.md': 1,
    });
    rmSync(dir, { recursive: true, force: true });
  });
});
