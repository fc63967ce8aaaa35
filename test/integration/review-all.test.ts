// Review all (issue 15, item 3) through the app's own composition root
// (createInspector) against real fixture servers: each file is read once per
// job — counted from the fixture server's own read log, SKILL.md's
// deliberate second read aside — and a file a skill and its nested skill both
// list is read once; a skill whose SKILL.md fails is reviewed as far as a host
// reads it (nothing after SKILL.md) and is Risky; one job covers two servers;
// and a cancel mid-job leaves every skill with its complete new review or
// the state it had — never part of a review; and the worker pool lands the
// same reviews as in-process over the whole hostile corpus.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Method, Params, Results } from '../../shared/api.js';
import type { ReviewJob } from '../../shared/review-job.js';
import type { SkillReview } from '../../shared/review-model.js';
import type { SkillEntry } from '../../shared/model.js';
import { createInspector, type Inspector } from '../../electron/inspector.js';
import { BROKEN_SERVER } from '../fixtures/broken-server/e2e-support.js';
import { HOSTILE_EDGES_SERVER } from '../fixtures/hostile-edges/harness.js';
import { serveCase } from '../fixtures/hostile-edges/inspector-harness.js';
import { CORPUS, expectations, ReviewClient, stdioServer, tempDir } from '../fixtures/review-server/client.js';
import { CLI, REVIEW_WORKER } from '../support/paths.js';

const PARENT = 'skill://parent/SKILL.md';
const CHILD = 'skill://parent/child/SKILL.md';
const NOTES = 'skill://parent/child/references/notes.md';
const ALPHA = 'skill://alpha/SKILL.md';
const GUIDE = 'skill://alpha/references/guide.md';

/** An inspector driven through its contract, with servers whose reads each land in their own log. */
class App {
  private constructor(
    readonly inspector: Inspector,
    private readonly dir: string,
  ) {}

  static async open(settings: Params<'settings.update'> = {}): Promise<App> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'si-review-all-'));
    const inspector = await createInspector({
      dataDir: path.join(dir, 'data'),
      mode: 'browser',
      appVersion: '0.0.0-test',
      demoTransport: () => ({ kind: 'stdio', command: process.execPath, args: [CLI, 'demo-server'], env: {} }),
      seedDemo: false,
      homeDir: path.join(dir, 'home'),
      settingsOverrides: { requestTimeoutMs: 15_000, readConcurrency: 2, ...settings },
    });
    return new App(inspector, dir);
  }

  async call<M extends Method>(method: M, params: Params<M>): Promise<Results[M]> {
    const envelope = await this.inspector.call(method, params);
    if (!envelope.ok) throw new Error(`${method}: ${envelope.error.message}`);
    return envelope.result as Results[M];
  }

  /** Adds a server over stdio, connects it and waits for its listing; `log` is where it writes each read. */
  async add(label: string, args: readonly string[], log?: string): Promise<{ serverId: string; entries: readonly SkillEntry[] }> {
    const server = await this.call('servers.add', { label, transport: { kind: 'stdio', command: process.execPath, args: [...args], env: log ? { HOSTILE_READ_LOG: log } : {} } });
    const listed = new Promise<readonly SkillEntry[]>((resolve) => {
      const stop = this.inspector.subscribe((event, payload) => {
        const p = payload as { serverId?: string; done?: boolean; entries?: readonly SkillEntry[] };
        if (event === 'skills.listed' && p.serverId === server.id && p.done) {
          stop();
          resolve(p.entries ?? []);
        }
      });
    });
    const connection = await this.call('servers.connect', { serverId: server.id });
    if (connection.status !== 'connected') throw new Error(`${label} did not connect`);
    return { serverId: server.id, entries: await listed };
  }

  logPath(name: string): string {
    return path.join(this.dir, `${name}.jsonl`);
  }

  async close(): Promise<void> {
    await this.inspector.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Starts a Review all through the contract and resolves with the job as it ends, and every progress event of it. */
async function reviewAll(inspector: Inspector, call: App['call'], serverId?: string): Promise<{ started: ReviewJob; ended: ReviewJob; progress: ReviewJob[] }> {
  const progress: ReviewJob[] = [];
  let jobId: string | undefined;
  let resolveEnd: (job: ReviewJob) => void = () => undefined;
  const ended = new Promise<ReviewJob>((resolve) => (resolveEnd = resolve));
  const stop = inspector.subscribe((event, payload) => {
    if (event !== 'review.job') return;
    const job = payload as ReviewJob;
    progress.push(job);
    if ((jobId === undefined || job.jobId === jobId) && job.state !== 'running') resolveEnd(job);
  });
  try {
    const started = await call('review.startAll', serverId !== undefined ? { serverId } : {});
    jobId = started.jobId;
    const done = progress.find((j) => j.jobId === started.jobId && j.state !== 'running');
    return { started, ended: done ?? (await ended), progress: progress.filter((j) => j.jobId === started.jobId) };
  } finally {
    stop();
  }
}

/** resources/read counts by URI from a fixture server's own read log. */
function readsIn(log: string): Record<string, number> {
  const counts: Record<string, number> = {};
  let text: string;
  try {
    text = readFileSync(log, 'utf8');
  } catch {
    return counts;
  }
  for (const line of text.split('\n').filter(Boolean)) {
    const { method, uri } = JSON.parse(line) as { method: string; uri: string };
    if (method === 'resources/read') counts[uri] = (counts[uri] ?? 0) + 1;
  }
  return counts;
}

describe.each(['stdio', 'http'] as const)('Review all over %s reads each file once per job', (route) => {
  it('a skill and the skill nested in it: the shared files once, each SKILL.md twice on purpose, both reviewed', async () => {
    const served = await serveCase('catalogs/nested-overlap', route);
    try {
      const { ended } = await reviewAll(served.inspector, served.call, served.serverId);
      expect([ended.state, ended.total, ended.done, ended.notReviewed, ended.problems]).toEqual(['done', 2, 2, 0, []]);
      const reads: Record<string, number> = {};
      for (const [method, uri] of served.log()) if (method === 'resources/read') reads[uri] = (reads[uri] ?? 0) + 1;
      // Both SKILL.md files twice (the first read of the child's is the one its parent's pass shared), the nested notes once.
      expect(reads).toEqual({ [PARENT]: 2, [CHILD]: 2, [NOTES]: 1 });
      for (const uri of [PARENT, CHILD]) {
        const review = await served.call('review.get', { serverId: served.serverId, skillUri: uri });
        expect([uri, review?.complete, review?.files.every((f) => f.read)]).toEqual([uri, true, true]);
      }
      const entries = await served.call('skills.list', { serverId: served.serverId });
      expect(entries.map((e) => [e.uri, e.status, e.verdict])).toEqual([
        [PARENT, 'verified', 'clean-as-checked'],
        [CHILD, 'verified', 'clean-as-checked'],
      ]);
      expect(ended.clean).toBe(2);
    } finally {
      await served.close();
    }
  }, 60_000);
});

describe('Review all over two servers', () => {
  let app: App;
  let nested: { serverId: string };
  let failing: { serverId: string };
  beforeAll(async () => {
    app = await App.open();
    nested = await app.add('Nested overlap', [HOSTILE_EDGES_SERVER, 'catalogs/nested-overlap'], app.logPath('nested'));
    failing = await app.add('SKILL.md fails', [HOSTILE_EDGES_SERVER, 'skillmd-fails-stop'], app.logPath('failing'));
  }, 60_000);
  afterAll(() => app?.close());

  it('a skill whose SKILL.md fails is reviewed as far as a host reads it, and is Risky', async () => {
    const landed: SkillReview[] = [];
    const stop = app.inspector.subscribe((event, payload) => {
      if (event === 'review.updated') landed.push(payload as SkillReview);
    });
    const { ended } = await reviewAll(app.inspector, app.call.bind(app), failing.serverId);
    stop();
    expect([ended.state, ended.serverIds, ended.total, ended.done, ended.risky]).toEqual(['done', [failing.serverId], 1, 1, 1]);
    // SKILL.md once: a failed SKILL.md is not read a second time (it has no verdict to protect), and the guide never.
    expect(readsIn(app.logPath('failing'))).toEqual({ [ALPHA]: 1 });
    // The review as it landed (review.get answers only for a review of the bytes the listing names, which these are not).
    expect(landed.map((r) => r.skillUri)).toEqual([ALPHA]);
    const review = landed[0]!;
    expect(review.complete).toBe(false);
    const guide = review.files.find((f) => f.uri === GUIDE);
    expect([guide?.read, guide?.problem]).toEqual([false, expect.stringContaining('SKILL.md failed verification')]);
    const [entry] = await app.call('skills.list', { serverId: failing.serverId });
    expect([entry?.status, entry?.verdict, entry?.files[GUIDE]?.state]).toEqual(['mismatch', 'risky', 'unread']);
  }, 60_000);

  it('one job over every connected server: each server read once more, every skill reviewed', async () => {
    const before = { nested: readsIn(app.logPath('nested')), failing: readsIn(app.logPath('failing')) };
    const { ended, started } = await reviewAll(app.inspector, app.call.bind(app));
    expect([...started.serverIds].sort()).toEqual([nested.serverId, failing.serverId].sort());
    expect([ended.state, ended.total, ended.done, ended.risky, ended.clean, ended.notReviewed]).toEqual(['done', 3, 3, 1, 2, 0]);
    const delta = (now: Record<string, number>, then: Record<string, number>) => Object.fromEntries(Object.entries(now).map(([uri, n]) => [uri, n - (then[uri] ?? 0)]));
    expect(delta(readsIn(app.logPath('nested')), before.nested)).toEqual({ [PARENT]: 2, [CHILD]: 2, [NOTES]: 1 });
    expect(delta(readsIn(app.logPath('failing')), before.failing)).toEqual({ [ALPHA]: 1 });
    const entries = await app.call('skills.list', {});
    expect(entries.map((e) => [e.uri, e.verdict]).sort()).toEqual([
      [ALPHA, 'risky'],
      [PARENT, 'clean-as-checked'],
      [CHILD, 'clean-as-checked'],
    ].sort());
  }, 60_000);

  it('refuses what it cannot review, in words', async () => {
    const local = await app.inspector.call('review.startAll', { serverId: 'local:/tmp/skills' });
    expect(local.ok ? '' : local.error.message).toContain('reviewed each time it is read');
    await app.call('servers.disconnect', { serverId: failing.serverId });
    const offline = await app.inspector.call('review.startAll', { serverId: failing.serverId });
    expect(offline.ok ? '' : offline.error.message).toContain('is not connected');
    const unknown = await app.inspector.call('review.cancelAll', { jobId: 'no-such-job' });
    expect(unknown.ok ? '' : unknown.error.code).toBe('not-found');
  }, 30_000);
});

describe('cancelling Review all mid-job', () => {
  let app: App;
  let serverId: string;
  let entries: readonly SkillEntry[];
  beforeAll(async () => {
    app = await App.open();
    // Every read takes 150 ms, so the job is still running when Cancel comes.
    ({ serverId, entries } = await app.add('Slow fixture', [BROKEN_SERVER, '--read-delay-ms', '150', '--extra-skills', '12']));
  }, 60_000);
  afterAll(() => app?.close());

  /** A review as comparable across two reviews of the same bytes: what was read, and what was found. */
  const comparable = (r: SkillReview) => ({ complete: r.complete, files: r.files.map((f) => [f.uri, f.read, f.size]), findings: r.findings.map((f) => [f.id, f.location.fileUri, f.location.line]).sort() });

  it('leaves every skill with its complete new review or the state it had, never part of one', async () => {
    const last = entries[entries.length - 1]!.uri;
    const old = await app.call('review.scanSkill', { serverId, skillUri: last });

    const landed: SkillReview[] = [];
    const stop = app.inspector.subscribe((event, payload) => {
      if (event === 'review.updated') landed.push(payload as SkillReview);
    });
    const started = await app.call('review.startAll', { serverId });
    const ended = new Promise<ReviewJob>((resolve) => {
      const off = app.inspector.subscribe((event, payload) => {
        const job = payload as ReviewJob;
        if (event === 'review.job' && job.jobId === started.jobId && job.state !== 'running') {
          off();
          resolve(job);
        }
      });
    });
    // Cancelled once the first review of the job landed: others are being read or reviewed at that moment.
    while (landed.length === 0) await new Promise((r) => setTimeout(r, 20));
    await app.call('review.cancelAll', { jobId: started.jobId });
    const job = await ended;
    stop();
    expect(job.state).toBe('cancelled');
    expect(job.done).toBeLessThan(job.total);
    expect(job.done).toBe(landed.length + job.notReviewed);

    const after = new Map<string, SkillReview | null>();
    for (const e of entries) after.set(e.uri, await app.call('review.get', { serverId, skillUri: e.uri }));
    const fresh = landed.map((r) => r.skillUri);
    // Every skill the job did not finish has the state it had: the old review, or none.
    for (const e of entries) {
      if (fresh.includes(e.uri)) continue;
      expect([e.uri, after.get(e.uri)?.reviewedAt ?? null]).toEqual([e.uri, e.uri === last ? old.reviewedAt : null]);
    }
    // Each catalog row speaks of the review the skill has.
    const rows = await app.call('skills.list', { serverId });
    for (const row of rows) expect([row.uri, row.review?.reviewedAt ?? null]).toEqual([row.uri, after.get(row.uri)?.reviewedAt ?? null]);
    // Each review the job left is whole: what a review of the skill alone, start to finish, finds.
    for (const review of landed) {
      expect(after.get(review.skillUri)?.reviewedAt).toBe(review.reviewedAt);
      const whole = await app.call('review.scanSkill', { serverId, skillUri: review.skillUri });
      expect([review.skillUri, comparable(review)]).toEqual([review.skillUri, comparable(whole)]);
    }
  }, 120_000);
});

describe('Review all in the worker pool', () => {
  let pooled: ReviewClient;
  let inThread: ReviewClient;
  beforeAll(async () => {
    [pooled, inThread] = await Promise.all([ReviewClient.open({ homeDir: await tempDir('home'), reviewWorker: REVIEW_WORKER }), ReviewClient.open({ homeDir: await tempDir('home') })]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([pooled?.close(), inThread?.close()]);
  });

  /** A review without the moment it was made, and with the server's id (random per catalog) as one word. */
  const comparable = (review: SkillReview): unknown => {
    const { reviewedAt: _at, ...rest } = review;
    return JSON.parse(JSON.stringify(rest).replaceAll(review.serverId, 'SERVER')) as unknown;
  };

  it('lands, for every skill of the hostile corpus, the review an in-process Review all lands', async () => {
    const names = Object.keys(await expectations()).sort();
    const [a, b] = await Promise.all([pooled.addServer('Hostile corpus', stdioServer(CORPUS, 'hostile-corpus')), inThread.addServer('Hostile corpus', stdioServer(CORPUS, 'hostile-corpus'))]);
    const [viaPool, viaThread] = await Promise.all([reviewAll(pooled.inspector, pooled.call.bind(pooled), a.serverId), reviewAll(inThread.inspector, inThread.call.bind(inThread), b.serverId)]);
    for (const { ended } of [viaPool, viaThread]) expect([ended.state, ended.total, ended.done, ended.notReviewed]).toEqual(['done', names.length, names.length, 0]);
    expect([viaPool.ended.risky, viaPool.ended.needsLook, viaPool.ended.clean]).toEqual([viaThread.ended.risky, viaThread.ended.needsLook, viaThread.ended.clean]);
    expect(viaPool.ended.risky).toBeGreaterThan(10);
    const landed = (client: ReviewClient) => new Map(client.payloads('review.updated').map((r) => [r.skillUri, r]));
    const [pool, thread] = [landed(pooled), landed(inThread)];
    expect([...pool.keys()].sort()).toEqual(names.map((n) => `skill://${n}/SKILL.md`).sort());
    for (const [uri, review] of pool) expect([uri, comparable(review)]).toStrictEqual([uri, comparable(thread.get(uri)!)]);
    // The catalog's verdicts are the same on both.
    const verdicts = async (client: ReviewClient, serverId: string) => (await client.call('skills.list', { serverId })).map((e) => [e.uri, e.verdict, e.errorCount, e.warningCount]);
    expect(await verdicts(pooled, a.serverId)).toEqual(await verdicts(inThread, b.serverId));
  }, 240_000);
});
