// The app's own gateway and the window's view of it, when approvals.json on
// disk is damaged: not JSON (cut short, as a crash of another program or a
// sync tool may leave it), or not UTF-8 (a flipped bit). The gateway serves
// what the file says and nothing it cannot read: no approved skill reaches a
// host, and the status the window shows says why, by place only (never the
// file's text). The real app through the contract, a real skills server.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { GatewayStatus } from '../../shared/gateway-model.js';
import { App } from '../fixtures/mutable-server/app.js';
import { SkillFolder, skillMd } from '../fixtures/mutable-server/fixture.js';
import { eventually, hostOverHttp, type GatewayHost } from './gateway-harness.js';

const SKILL = 'skill://pdf-tools/SKILL.md';
const SERVED = 'skill://mutable-skills/pdf-tools/SKILL.md';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function approvedAndServed(): Promise<{ app: App; dataDir: string; file: string; folder: SkillFolder }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-gateway-damaged-'));
  cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const folder = await SkillFolder.create();
  await folder.write('pdf-tools/SKILL.md', skillMd('pdf-tools', 'Fill and sign PDF forms.'));
  const app = await App.open(dataDir);
  cleanup.push(() => app.close());
  const serverId = await app.addServer('Mutable skills', folder.stdio());
  const review = await app.call('approvals.startReview', { serverId, skillUri: SKILL });
  await app.call('approvals.approve', { serverId, skillUri: SKILL, fingerprint: review.fingerprint, enable: true });
  return { app, dataDir, file: path.join(dataDir, 'approvals.json'), folder };
}

async function host(status: GatewayStatus): Promise<GatewayHost> {
  const connected = await hostOverHttp(status.url!, status.token!);
  cleanup.push(() => connected.close());
  return connected;
}

/** What a host gets when it lists: the URIs, or the error it is answered with. */
async function listing(h: GatewayHost): Promise<string[] | string> {
  return h.skills.list().then(
    (r) => r.skills.map((s) => s.uri),
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

const NOT_JSON = (file: string) => `${file} is not a file the app wrote: it is not valid JSON (PropertyNameExpected at line 9, column 7).`;
const NOT_UTF8 = (file: string) => `${file} is not a file the app wrote: it is not valid UTF-8 (byte 0xf0 at line 6, column 28).`;

/** The status once `check` holds for it, the same the window is pushed (gateway.changed). */
async function statusWhen(app: App, check: (status: GatewayStatus) => void): Promise<GatewayStatus> {
  return eventually(async () => {
    const status = await app.call('gateway.status', {});
    check(status);
    check(app.eventsOf('gateway.changed').at(-1)!);
    return status;
  });
}

/** approvals.json cut where the first record's resources begin: JSON that stops mid-object. */
const cutShort = (good: Buffer) => good.subarray(0, good.indexOf('"resources"'));
/** approvals.json with one bit flipped in the skill's name: 'p' (0x70) becomes 0xf0, which starts no UTF-8 character here. */
function bitFlipped(good: Buffer): Buffer {
  const flipped = Buffer.from(good);
  flipped[flipped.indexOf('pdf-tools')] = 0xf0;
  return flipped;
}

describe('the in-app gateway over a damaged approvals.json', { timeout: 60_000 }, () => {
  test('damaged while the app runs (not JSON, then not UTF-8): nothing approved is served, the status says why and where; mended, served again', async () => {
    const { app, file } = await approvedAndServed();
    const running = await statusWhen(app, (status) => expect(status).toMatchObject({ state: 'running', served: 1 }));
    const h = await host(running);
    expect(await listing(h)).toEqual([SERVED]);
    const good = await fs.readFile(file);

    for (const [damaged, reason] of [
      [cutShort(good), NOT_JSON(file)],
      [bitFlipped(good), NOT_UTF8(file)],
    ] as const) {
      await fs.writeFile(file, damaged);
      const status = await statusWhen(app, (s) => expect(s.problem).toBe(`The gateway serves no skills: ${reason}`));
      expect(status).toMatchObject({ state: 'running', served: 0 });
      expect(status.withheld).toBeUndefined();
      // The host is told why, not handed an empty list that looks like "nothing approved".
      expect(await listing(h)).toBe(reason);
    }

    await fs.writeFile(file, good);
    const mended = await statusWhen(app, (s) => expect(s).toMatchObject({ state: 'running', served: 1 }));
    expect(mended.problem).toBeUndefined();
    expect(await listing(h)).toEqual([SERVED]);
  });

  test('damaged when the app starts (no backup): the gateway runs serving nothing and says why, not "could not start"; the next save serves again', async () => {
    const { app, dataDir, file } = await approvedAndServed();
    await app.close();
    cleanup.pop();
    await fs.writeFile(file, cutShort(await fs.readFile(file)));

    const again = await App.open(dataDir);
    cleanup.push(() => again.close());
    const status = await again.call('gateway.status', {});
    expect(status).toMatchObject({ state: 'running', served: 0, problem: `The gateway serves no skills: ${NOT_JSON(file)}` });
    const h = await host(status);
    expect(await listing(h)).toBe(NOT_JSON(file));
    // The app's approvals started empty and say so; the damaged file stays in place, kept beside it too.
    expect((await again.call('approvals.storeStatus', {})).problems).toEqual([
      expect.objectContaining({ file, message: 'The file could not be read because it is not valid JSON (PropertyNameExpected at line 9, column 7), and no usable backup exists. The app started with an empty store; the damaged file was kept beside it.' }),
    ]);

    // Approved again, approvals.json is written whole: the gateway (which was left off before) serves it.
    const serverId = (await again.call('servers.list', {}))[0]!.config.id;
    await again.call('servers.connect', { serverId });
    await again.call('skills.refresh', { serverId });
    const review = await again.call('approvals.startReview', { serverId, skillUri: SKILL });
    await again.call('approvals.approve', { serverId, skillUri: SKILL, fingerprint: review.fingerprint, enable: true });
    const serving = await statusWhen(again, (s) => expect(s).toMatchObject({ state: 'running', served: 1 }));
    expect(serving.problem).toBeUndefined();
    expect(await listing(h)).toEqual([SERVED]);
  });
});
