// A server renamed in the app while both gateways over its data run (the app's
// own over HTTP, `skill-inspector gateway` over stdio). Its label is its
// skills' namespace, so the rename moves them to other gateway URIs; it
// rewrites servers.json only. Both gateways watched approvals.json alone: hosts
// were not told (no list_changed) and the old URIs went on reading (the new
// ones did not), until some host happened to list again —
// so a label the user had taken away (to give it to another server, say) went
// on naming this server's skills. A real upstream server (the mutable-server
// skill folder over stdio), the app through its contract, the SDK's client.
import { afterEach, describe, expect, test } from 'vitest';
import { App } from '../../test/fixtures/mutable-server/app.js';
import { SkillFolder, skillMd, tempDir } from '../../test/fixtures/mutable-server/fixture.js';
import { eventually, gatewayOverStdio, hostOverHttp } from '../../test/integration/gateway-harness.js';

const NOTES = 'skill://notes/SKILL.md';
const BEFORE = 'skill://work-skills/notes/SKILL.md';
const AFTER = 'skill://team-skills/notes/SKILL.md';
const NOTES_MD = skillMd('notes', 'Take notes.');

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const readOutcome = (read: Promise<{ contents: unknown[] }>) =>
  read.then(
    (result) => result.contents,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );

describe('a server relabelled in the app while the gateways run', { timeout: 120_000 }, () => {
  test('hosts are told, the old URIs stop reading and the new ones read, with no host listing first', async () => {
    const folder = await SkillFolder.create();
    await folder.write('notes/SKILL.md', NOTES_MD);
    const dataDir = await tempDir('gateway-server-relabelled-data');
    const app = await App.open(dataDir);
    cleanup.push(() => app.close());
    const transport = folder.stdio();
    const serverId = await app.addServer('Work skills', transport);
    const review = await app.call('approvals.startReview', { serverId, skillUri: NOTES });
    expect(review.blockers).toEqual([]);
    await app.call('approvals.approve', { serverId, skillUri: NOTES, fingerprint: review.fingerprint, enable: true, acknowledge: review.acknowledgements.map((a) => a.key) });
    await eventually(async () => expect(await app.call('gateway.status', {})).toMatchObject({ served: 1 }));

    const command = await gatewayOverStdio(['--data-dir', dataDir]);
    cleanup.push(() => command.close());
    const status = await app.call('gateway.status', {});
    const inApp = await hostOverHttp(status.url!, status.token!);
    cleanup.push(() => inApp.close());
    for (const host of [command, inApp]) {
      expect((await host.skills.list()).skills.map((s) => s.uri)).toEqual([BEFORE]);
      expect(await readOutcome(host.client.readResource({ uri: BEFORE }))).toEqual([{ uri: BEFORE, mimeType: 'text/markdown', text: NOTES_MD }]);
    }

    await app.call('servers.update', { serverId, input: { label: 'Team skills', transport } });

    // No host lists again: the gateways learn of it from servers.json alone.
    await eventually(() => expect(command.listChanged()).toBe(1));
    // The app's gateway tells no host over HTTP (each request its own server): its old URI stops reading once it has built the new set.
    await eventually(async () => expect(await readOutcome(inApp.client.readResource({ uri: BEFORE }))).toBe(`Resource not found: ${BEFORE}`));
    for (const host of [command, inApp]) {
      expect(await readOutcome(host.client.readResource({ uri: BEFORE }))).toBe(`Resource not found: ${BEFORE}`);
      expect(await readOutcome(host.client.readResource({ uri: AFTER }))).toEqual([{ uri: AFTER, mimeType: 'text/markdown', text: NOTES_MD }]);
      expect((await host.skills.list()).skills.map((s) => s.uri)).toEqual([AFTER]);
    }
  });
});
