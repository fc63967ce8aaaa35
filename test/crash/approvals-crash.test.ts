// Crash safety of the approvals stores: a real process writing approvals, the
// audit log and snapshots is killed with SIGKILL at random points, many times
// over. After every kill the approvals store loads without needing recovery
// and holds either the state before the write in flight or the state after it;
// the audit log stays readable (a torn last line is skipped and reported); no
// stored snapshot is damaged.
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { beforeAll, describe, expect, test } from 'vitest';
import { ApprovalStore } from '../../electron/approvals/approval-store.js';
import { AuditLog } from '../../electron/approvals/audit-log.js';
import { SnapshotStore } from '../../electron/snapshots/snapshot-store.js';
import { seededRandom } from '../fixtures/hostile/crash-harness.js';
import { App } from '../fixtures/mutable-server/app.js';
import { BYSTANDERS, COUNTER, SERVER } from './approvals-crash-constants.js';

const ITERATIONS = 50;
const MAX_DELAY_MS = 80;

let writer: string;

beforeAll(async () => {
  // The writer is TypeScript that imports the app's own stores: bundle it once into a plain Node script.
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-crash-writer-'));
  await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      ssr: path.resolve(import.meta.dirname, 'approvals-writer.ts'),
      outDir,
      emptyOutDir: true,
      minify: false,
      target: 'node20',
      rolldownOptions: { output: { format: 'es', entryFileNames: 'approvals-writer.mjs' } },
    },
    ssr: { noExternal: true, target: 'node' },
  });
  writer = path.join(outDir, 'approvals-writer.mjs');
});

interface Run {
  readonly output: string;
  /** The last number announced for each step letter. */
  readonly last: Partial<Record<'S' | 'B' | 'E' | 'A' | 'READY', number>>;
  readonly signal: NodeJS.Signals | null;
}

/** Starts the writer and kills it `delayMs` after it is ready (or when it has appended `afterAudit` lines). */
function runAndKill(dataDir: string, kill: { delayMs?: number; afterAudit?: number }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [writer, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let timer: NodeJS.Timeout | undefined;
    let audits = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      if (kill.delayMs !== undefined && timer === undefined && output.includes('READY')) {
        timer = setTimeout(() => child.kill('SIGKILL'), kill.delayMs);
      }
      if (kill.afterAudit !== undefined) {
        audits += (text.match(/^A /gm) ?? []).length;
        if (audits >= kill.afterAudit) child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (_code, signal) => {
      if (timer) clearTimeout(timer);
      const last: Run['last'] = {};
      for (const line of output.split('\n')) {
        const match = /^(S|B|E|A|READY) (\d+)$/.exec(line);
        if (match) last[match[1] as keyof Run['last']] = Number(match[2]);
      }
      resolve({ output, last, signal });
    });
  });
}

async function tempDataDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'si-crash-data-'));
}

describe('kill -9 while writing', () => {
  test(`${ITERATIONS} kills at random points: the store always loads, old or new state, audit readable, snapshots intact`, async () => {
    const seed = Number(process.env['CRASH_SEED'] ?? Date.now() % 1_000_000);
    const next = seededRandom(seed);
    const dataDir = await tempDataDir();
    let state = 0;
    let audited = 0;
    let kills = 0;
    const seenStates = new Set<number>();
    for (let i = 0; i < ITERATIONS; i++) {
      const delayMs = Math.floor(next() * MAX_DELAY_MS);
      const run = await runAndKill(dataDir, { delayMs });
      const where = `seed ${seed}, iteration ${i}, delay ${delayMs} ms; writer said:\n${run.output.slice(-600)}`;
      expect(run.output, where).not.toMatch(/^(ERROR|PROBLEM) /m);
      expect(run.signal, where).toBe('SIGKILL');
      expect(run.last.READY, where).toBe(state);
      kills++;

      // Approvals: loads with no recovery, and holds the state before or after the save in flight.
      const store = new ApprovalStore(dataDir);
      expect(await store.load(), where).toBeUndefined();
      const counter = store.get(SERVER, COUNTER);
      const loaded = Number(counter?.note ?? '0');
      const before = run.last.E ?? state;
      const allowed = new Set([before, run.last.B ?? before]);
      expect([...allowed], where).toContain(loaded);
      const records = store.list(SERVER);
      expect(records.length, where).toBe(loaded === 0 ? 0 : BYSTANDERS + 1);
      for (const r of records) expect(r.note, where).toBe(String(loaded));
      state = loaded;
      seenStates.add(state);

      // Snapshots: every stored file hashes to its name; the approved one is there.
      const snapshots = new SnapshotStore(path.join(dataDir, 'snapshots'));
      for (const digest of await snapshots.list(SERVER)) expect((await snapshots.get(SERVER, digest))?.byteLength, where).toBeGreaterThan(0);
      if (counter && Array.isArray(counter.resources)) expect(await snapshots.has(SERVER, counter.resources[0]!.digest), where).toBe(true);

      // Audit: readable; its last entry is the last one appended or the one in flight; never out of order.
      const audit = await new AuditLog(dataDir).read();
      expect(audit.unreadableLines.length, where).toBeLessThanOrEqual(kills);
      const numbers = audit.entries.map((e) => Number(/^iteration (\d+)$/.exec(e.reason)?.[1])).reverse();
      for (let k = 1; k < numbers.length; k++) expect(numbers[k]!, where).toBeGreaterThan(numbers[k - 1]!);
      const lastAudited = numbers.at(-1) ?? 0;
      const appendedBefore = run.last.A ?? audited;
      const inFlight = run.last.E !== undefined && run.last.E > appendedBefore ? run.last.E : appendedBefore;
      expect([appendedBefore, inFlight], where).toContain(lastAudited);
      audited = lastAudited;
    }
    // The kills landed at different points: the state moved on across the runs.
    expect(seenStates.size).toBeGreaterThan(ITERATIONS / 5);

    // And the app itself starts on what is left, with nothing to report.
    const app = await App.open(dataDir);
    try {
      expect(await app.call('approvals.storeStatus', {})).toMatchObject({ problems: [] });
      expect((await app.call('approvals.list', {})).length).toBe(state === 0 ? 0 : BYSTANDERS + 1);
    } finally {
      await app.close();
    }
  });

  test('a torn last audit line is skipped and reported, not fatal, and later lines still land whole', async () => {
    const dataDir = await tempDataDir();
    const file = path.join(dataDir, 'audit.jsonl');
    const good = JSON.stringify({ at: new Date().toISOString(), action: 'approve', serverId: SERVER, skillUri: COUNTER, reason: 'iteration 0', automatic: false });
    await fs.writeFile(file, `${good}\n${good.slice(0, 37)}`);

    const app = await App.open(dataDir);
    try {
      const status = await app.call('approvals.storeStatus', {});
      expect(status).toEqual({ problems: [], auditUnreadableLines: [2] });
      expect(app.eventsOf('app.alert')).toEqual([{ level: 'warning', title: 'Audit log: unreadable lines skipped', message: expect.stringContaining('1 line(s) of') }]);
      const page = await app.call('approvals.audit', {});
      expect(page.entries.map((e) => e.reason)).toEqual(['iteration 0']);
      expect(page.unreadableLines).toEqual([2]);
    } finally {
      await app.close();
    }

    const run = await runAndKill(dataDir, { afterAudit: 3 });
    expect(run.output).not.toMatch(/^(ERROR|PROBLEM) /m);
    const audit = await new AuditLog(dataDir).read();
    expect(audit.unreadableLines).toContain(2);
    expect(audit.entries.length).toBeGreaterThanOrEqual(4);
    expect(audit.entries.at(-1)?.reason).toBe('iteration 0');
    expect(audit.entries.at(-2)?.reason).toBe('iteration 1');
  });
});
