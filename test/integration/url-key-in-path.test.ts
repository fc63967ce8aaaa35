// A server whose key is a segment of its address (http://host/mcp/sk-…, as a
// hosted MCP server hands its URL out): the app kept secret query parameters
// and passwords out of servers.json, but a key in the path was written there in
// clear, shown in the server list, and printed by the command. The segment is
// now a secret like a query parameter (shared/secret-args.ts splitUrl): in the
// secret store only, shown as ••••••••, put back when connecting; a servers.json
// written before has it moved at the next start. The fixture answers only at
// the keyed address, so a connection that works used the real key.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../fixtures/cli/harness.js';
import { useEncryptedFileSecrets } from '../fixtures/oauth/harness.js';
import { ContractClient, startHttpFixture, tempDir, type RunningFixture } from '../fixtures/servers/harness.js';
import { readDataFiles } from '../fixtures/data-files.js';

/** A key as a service hands it out: the shape the app takes for a credential. */
const KEY = 'sk-live-9Qz4PathKeyMarker7c1d0b3e';
const MASK = '••••••••';

let server: RunningFixture;
let base: string;
const clients: ContractClient[] = [];
useEncryptedFileSecrets();

beforeAll(async () => {
  server = await startHttpFixture('skills-server.mjs', ['--http', '--key-in-path', KEY]);
  base = server.url.slice(0, -`/${KEY}`.length);
}, 60_000);

afterAll(async () => {
  for (const client of clients) await client.close();
  await server?.stop();
});

async function filesHoldingKey(dir: string): Promise<string[]> {
  return (await readDataFiles(dir)).filter((f) => f.bytes.toString('latin1').includes(KEY)).map((f) => f.path);
}

/** Connects and waits for the whole listing; the skills' URIs. */
async function connectAndList(client: ContractClient, serverId: string): Promise<string[]> {
  const connected = await client.call('servers.connect', { serverId });
  expect([connected.status, connected.error]).toEqual(['connected', undefined]);
  await client.until('the listing', () => client.payloads('skills.listed').some((e) => e.serverId === serverId && e.done));
  const entries = client.payloads('skills.listed').filter((e) => e.serverId === serverId).flatMap((e) => e.entries);
  return [...new Set(entries.map((e) => e.uri))].sort();
}

describe('a key as a path segment of a server URL', () => {
  test('the fixture answers only at the keyed address', async () => {
    expect(server.url).toBe(`${base}/${KEY}`);
    expect((await fetch(base, { method: 'POST' })).status).toBe(404);
  });

  test('added in the app: servers.json holds a reference, the list shows it masked, the connection uses the key', { timeout: 60_000 }, async () => {
    const client = await ContractClient.open({ requestTimeoutMs: 15_000 });
    clients.push(client);
    const added = await client.call('servers.add', { label: 'Hosted', transport: { kind: 'http', url: server.url, headers: {} } });
    expect([added.transport, added.secrets]).toEqual([{ kind: 'http', url: `${base}/⟦secret:url:path:1⟧`, headers: {} }, ['url:path:1']]);
    const file = JSON.parse(await fs.readFile(path.join(client.dataDir, 'servers.json'), 'utf8')) as { servers: { transport: unknown }[] };
    expect(file.servers.map((s) => s.transport)).toEqual([{ kind: 'http', url: `${base}/⟦secret:url:path:1⟧`, headers: {} }]);

    expect(await connectAndList(client, added.id)).toEqual(['skill://greeting/SKILL.md', 'skill://lint-check/SKILL.md']);
    // The review names the server by its address, the key masked (it named the stored reference, percent-encoded).
    const review = await client.call('approvals.startReview', { serverId: added.id, skillUri: 'skill://greeting/SKILL.md' });
    expect(review.origin.transport).toBe(`Streamable HTTP: ${base}/${MASK}`);
    const list = await client.call('servers.list', {});
    expect(JSON.stringify(list)).not.toContain(KEY);
    expect(JSON.stringify(client.events)).not.toContain(KEY);
    expect(await filesHoldingKey(client.dataDir)).toEqual([]);
  });

  test('a servers.json written before, with the key in clear: moved into the store at the start, the server still connects', { timeout: 60_000 }, async () => {
    const dir = await tempDir('url-key-in-path');
    const before = { version: 1, demoSeeded: true, servers: [{ id: 'hosted', label: 'Hosted', createdAt: '2026-01-01T00:00:00.000Z', transport: { kind: 'http', url: server.url, headers: {} } }] };
    await fs.writeFile(path.join(dir, 'servers.json'), JSON.stringify(before));
    const client = await ContractClient.open({ requestTimeoutMs: 15_000 }, dir);
    clients.push(client);
    const [listed] = await client.call('servers.list', {});
    expect([listed!.config.transport, listed!.config.secrets]).toEqual([{ kind: 'http', url: `${base}/⟦secret:url:path:1⟧`, headers: {} }, ['url:path:1']]);
    expect(await connectAndList(client, 'hosted')).toEqual(['skill://greeting/SKILL.md', 'skill://lint-check/SKILL.md']);
    // The old file is kept beside it as a backup, as for every secret moved out (the app says so); servers.json and its .bak hold no key.
    expect((await client.call('app.alerts', {})).map((a) => a.message).join('\n')).toMatch(/1 secret \(.*\) was moved out of servers\.json/);
    const holding = await filesHoldingKey(dir);
    expect(holding.filter((f) => !f.startsWith('servers.json.before-secret-store-'))).toEqual([]);
    expect(holding).toHaveLength(1);
  });

  test('the command connects with the key and prints it nowhere', { timeout: 60_000 }, async () => {
    const json = await runCli(['check', '--url', server.url, '--json']);
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout) as { skills: { uri: string }[] };
    expect(report.skills.map((s) => s.uri).sort()).toEqual(['skill://greeting/SKILL.md', 'skill://lint-check/SKILL.md']);
    expect(`${json.stdout}${json.stderr}`).not.toContain(KEY);
    for (const format of [['--sarif'], ['--junit'], []]) {
      const run = await runCli(['check', '--url', server.url, ...format]);
      expect([format, `${run.stdout}${run.stderr}`.includes(KEY)]).toEqual([format, false]);
    }
    // A key the server does not know: the diagnostic names the address, the key masked.
    const wrong = 'sk-live-0Wrong4PathKeyMarker7c1d0b3e';
    const refused = await runCli(['check', '--url', `${base}/${wrong}`]);
    expect(refused.code).toBe(2);
    expect(`${refused.stdout}${refused.stderr}`).not.toContain(wrong);
    expect(refused.stderr).toContain(`Nothing answers MCP at ${base}/${MASK} (404).`);
    // A side of diff named by its URL shows the key masked.
    const diff = await runCli(['diff', server.url, server.url]);
    expect(`${diff.stdout}${diff.stderr}`).not.toContain(KEY);
    expect(diff.stdout).toContain(`${base}/${MASK}`);
  });
});
