// Cancelling a Verify: a read the user stopped gives that file no verdict at
// all — it is not a read failure the server caused — and the connection stays
// usable. One skill (skills.cancelVerify) and Verify all (skills.cancelJob),
// against a server whose reads never answer.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HostileBench } from '../fixtures/hostile/harness.js';

const ALPHA = 'skill://alpha/SKILL.md';

let bench: HostileBench;
beforeAll(async () => {
  bench = await HostileBench.open();
});
afterAll(async () => bench?.close());

async function fileStates(serverId: string, skillUri: string): Promise<Record<string, string>> {
  const entry = (await bench.call('skills.list', { serverId })).find((e) => e.uri === skillUri)!;
  return Object.fromEntries(Object.entries(entry.files).map(([uri, check]) => [uri, check.state]));
}

async function waitForReadToGoOut(serverId: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const log = await bench.call('log.get', { serverId });
    if (log.some((e) => e.direction === 'out' && e.method === 'resources/read')) return;
    if (Date.now() > deadline) throw new Error('no resources/read went out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('cancelling one skill\'s Verify ends it at once with a clear message; the unanswered file gets no verdict', async () => {
  const attack = await bench.attack('silent-read');
  const before = await fileStates(attack.serverId, ALPHA);
  const verifying = bench.callFailing('skills.verify', { serverId: attack.serverId, skillUri: ALPHA });
  await waitForReadToGoOut(attack.serverId);
  expect(await bench.call('skills.cancelVerify', { serverId: attack.serverId, skillUri: ALPHA })).toEqual({ cancelled: true });
  expect(await verifying).toBe(`Verify of ${ALPHA} was cancelled; the files read before it keep their results.`);
  // (A cancel that did not work would end at the 30 s request timeout, with the timeout's words, not these.)
  expect(await fileStates(attack.serverId, ALPHA)).toEqual(before);
  expect((await bench.findings(attack.serverId, ALPHA)).filter((f) => f.id === 'inspector-read-failed')).toEqual([]);
  // Nothing left to cancel; the connection still answers.
  expect(await bench.call('skills.cancelVerify', { serverId: attack.serverId, skillUri: ALPHA })).toEqual({ cancelled: false });
  expect((await bench.call('skills.refresh', { serverId: attack.serverId })).some((e) => e.uri === ALPHA)).toBe(true);
  await attack.end();
});

it('cancelling Verify all leaves the reads in flight without a verdict, not failed', async () => {
  const attack = await bench.attack('silent-read');
  const job = await bench.call('skills.verifyAll', { serverId: attack.serverId });
  await waitForReadToGoOut(attack.serverId);
  await bench.call('skills.cancelJob', { jobId: job.jobId });
  const deadline = Date.now() + 10_000;
  while (bench.inspector.engine.job(job.jobId)?.state === 'running') {
    if (Date.now() > deadline) throw new Error('the job did not stop');
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(bench.inspector.engine.job(job.jobId)?.state).toBe('cancelled');
  const states = Object.values(await fileStates(attack.serverId, ALPHA));
  expect(states.length).toBeGreaterThan(0);
  expect(states.filter((s) => s === 'failed')).toEqual([]);
  await attack.end();
});
