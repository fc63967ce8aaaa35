// A seeded, randomized hostile server (test/fixtures/seeded-hostile: the
// official SDK over stdio) against the app's engine and the command: each
// seed perturbs what the listing says and what reads answer (digests, sizes,
// URI spellings, duplicates, several contents, text vs blob, base64 forms,
// lone surrogates, CRLF, frontmatter, a listing or a SKILL.md that changes).
// Verify all runs through createInspector; the test's own judge (oracle.ts)
// reads what the server logged it sent and checks that nothing the app calls
// verified was not, that the job ends, and that every problem is a finding
// with a known ID. `check` must fail whenever the judge saw a mismatch.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFindingId } from '../../shared/findings.js';
import type { SkillEntry, VerifyJob } from '../../shared/model.js';
import { App } from '../fixtures/mutable-server/app.js';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { buildCatalog } from '../fixtures/seeded-hostile/catalog.mjs';
import { anyMismatch, isSkillMdSpelling, listedRefs, readLog, wronglyVerified, type LoggedAnswer } from '../fixtures/seeded-hostile/oracle.js';

const SERVER = path.resolve(import.meta.dirname, '../fixtures/seeded-hostile/server.mjs');
const SEEDS = Array.from({ length: 40 }, (_, i) => 1000 + i);
const CLI_SEEDS = [1001, 1009, 1030];
/** No honest server takes this long: a job still running after it has hung. */
const JOB_BOUND_MS = 20_000;

function untilJobEnds(app: App, jobId: string): Promise<VerifyJob> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const end = app.eventsOf('job.progress').find((j) => j.jobId === jobId && j.state !== 'running');
      if (end) {
        clearInterval(poll);
        resolve(end);
      } else if (Date.now() - started > JOB_BOUND_MS) {
        clearInterval(poll);
        reject(new Error(`Verify all (job ${jobId}) did not end within ${JOB_BOUND_MS} ms`));
      }
    }, 10);
  });
}

/** Why the app's view of a skill claims more than the bytes served allow; empty when it does not. */
function overclaims(log: readonly LoggedAnswer[], entry: SkillEntry): string[] {
  const problems: string[] = [];
  const refs = Array.isArray(entry.resources) ? entry.resources : [];
  const sent = listedRefs(log, entry.uri);
  for (const [uri, check] of Object.entries(entry.files)) {
    if (check.state !== 'verified') continue;
    const ref = refs.find((r) => r.uri === uri);
    if (!ref) {
      problems.push(`${uri} is verified but not among the resources the app holds`);
      continue;
    }
    if (!sent.some((s) => s.uri === ref.uri && s.size === ref.size && s.digest === ref.digest)) problems.push(`${uri}: the app holds size ${ref.size} / ${ref.digest}, which the server never listed`);
    const why = wronglyVerified(log, ref, isSkillMdSpelling(ref.uri, entry.uri) ? entry.uri : ref.uri);
    if (why) problems.push(`${uri} is verified, but ${why}`);
  }
  if (entry.status === 'verified') {
    if (!Array.isArray(entry.resources) || entry.resources.length === 0) problems.push(`${entry.uri} is verified with no listed files`);
    for (const ref of refs) if (entry.files[ref.uri]?.state !== 'verified') problems.push(`${entry.uri} is verified, but its file ${ref.uri} is ${entry.files[ref.uri]?.state ?? 'absent'}`);
    // A host loads the skill by its own URI: those are the bytes that must have been checked.
    const own = wronglyVerified(log, refs.find((r) => isSkillMdSpelling(r.uri, entry.uri)) ?? { uri: entry.uri, size: undefined, digest: undefined }, entry.uri);
    if (own) problems.push(`${entry.uri} is verified, but its SKILL.md as a host loads it: ${own}`);
  }
  return problems;
}

describe('hostile (seeded): nothing is verified that the served bytes do not match', () => {
  let app: App;
  let dataDir: string;
  let logDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'si-seeded-'));
    logDir = mkdtempSync(path.join(os.tmpdir(), 'si-seeded-log-'));
    app = await App.open(dataDir, { requestTimeoutMs: 10_000, readConcurrency: 4 });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(logDir, { recursive: true, force: true });
  });

  it(`Verify all over ${SEEDS.length} seeds: every verified file and skill agrees with the judge; every job ends; every finding has a known ID`, async () => {
    const failures: string[] = [];
    let controlsVerified = 0;
    for (const seed of SEEDS) {
      const log = path.join(logDir, `${seed}.jsonl`);
      const catalog = buildCatalog(seed);
      const serverId = await app.addServer(`seed ${seed}`, { kind: 'stdio', command: process.execPath, args: [SERVER, '--seed', String(seed), '--log', log], env: {} });
      const started = await app.call('skills.verifyAll', { serverId });
      const job = await untilJobEnds(app, started.jobId);
      const entries = await app.call('skills.list', { serverId });
      const what = catalog.skills.map((s) => `${s.name}: ${s.applied.map((a) => a.what).join(', ') || 'honest'}`).join('; ');
      if (job.state !== 'done') failures.push(`seed ${seed}: the job ended ${job.state} (${what})`);
      if (job.total !== entries.length || job.done !== job.total) failures.push(`seed ${seed}: job counted ${job.done}/${job.total} of ${entries.length} skills`);
      const served = readLog(log);
      for (const entry of entries) {
        for (const problem of overclaims(served, entry)) failures.push(`seed ${seed}: ${problem} (${what})`);
      }
      const control = entries.find((e) => e.uri === catalog.skills[0]!.entry.uri);
      if (control?.status === 'verified') controlsVerified += 1;
      else failures.push(`seed ${seed}: the honest control ${catalog.skills[0]!.entry.uri} is ${control?.status}`);
      for (const f of await app.call('skills.findings', { serverId })) {
        if (!isFindingId(f.id) || f.message.trim() === '') failures.push(`seed ${seed}: finding ${JSON.stringify(f).slice(0, 200)}`);
      }
      await app.call('servers.remove', { serverId });
    }
    expect(failures).toEqual([]);
    expect(controlsVerified).toBe(SEEDS.length);
  }, 180_000);

  it('check exits non-zero on every seed where the judge saw a listed file served with other bytes', async () => {
    const runs: Array<{ seed: number; code: number | null; mismatch: boolean }> = [];
    for (const seed of CLI_SEEDS) {
      const log = path.join(logDir, `cli-${seed}.jsonl`);
      const run = await runCli(['check', '--stdio', commandLine(process.execPath, SERVER, '--seed', String(seed), '--log', log), '--json', '--fail-on', 'error']);
      const served = readLog(log);
      const report = JSON.parse(run.stdout) as { skills: Array<{ uri: string; status: string }>; findings: Array<{ id: string; message: string }> };
      for (const f of report.findings) expect(isFindingId(f.id) && f.message.trim() !== '', JSON.stringify(f)).toBe(true);
      runs.push({ seed, code: run.code, mismatch: anyMismatch(served) });
    }
    // The seeds were picked so the judge sees a mismatch in each; the command must say so by its exit code.
    expect(runs.filter((r) => r.mismatch).length).toBe(CLI_SEEDS.length);
    expect(runs.filter((r) => r.mismatch && r.code === 0)).toEqual([]);
    expect(runs.every((r) => r.code === 0 || r.code === 1)).toBe(true);
  }, 120_000);
});
