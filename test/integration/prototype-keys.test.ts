// Names that are also Object.prototype's keys, used as data: lockfile labels
// through the real `lock` and `verify` commands against the demo server, skill
// URIs in a hand-written lockfile, server names in an imported config, and
// duplicate server ids in a hand-edited servers.json. Before, `lock --label
// __proto__` wrote a lockfile that pinned nothing and exited 0, and `verify
// --label hasOwnProperty` crashed with "Cannot convert undefined or null to object".
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_STDIO, runCli } from '../fixtures/cli/harness.js';
import { startWeb } from '../fixtures/web-process.js';

const KEYS = ['__proto__', 'constructor', 'hasOwnProperty', 'toString'] as const;
const DIGEST = `sha256:${'a'.repeat(64)}`;

let work: string;
beforeEach(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'si-proto-keys-'));
});
afterEach(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

interface LockJson {
  servers: Record<string, { skills: Record<string, { name: string; resources: unknown }> }>;
}

describe('prototype keys as lockfile labels, through the real command', { timeout: 180_000 }, () => {
  it.each(KEYS)('lock --label %s pins the demo server under that label, and verify --label finds it', async (label) => {
    const lock = await runCli(['lock', '--stdio', DEMO_STDIO, '--label', label, '-o', 'skills.lock.json'], { cwd: work });
    expect(lock.stderr).toMatch(new RegExp(`Locked (\\d+) skill\\(s\\), \\d+ file\\(s\\), of "${label}" in skills\\.lock\\.json\\.`));
    expect(lock.code).toBe(0);
    const text = await fs.readFile(path.join(work, 'skills.lock.json'), 'utf8');
    const parsed = JSON.parse(text) as LockJson;
    expect(Object.keys(parsed.servers)).toEqual([label]);
    const skills = Object.keys(parsed.servers[label]!.skills);
    expect(skills.length).toBeGreaterThan(3);
    expect(skills).toContain('skill://acme/billing/refunds/SKILL.md');

    const verify = await runCli(['verify', '--lock', 'skills.lock.json', '--stdio', DEMO_STDIO, '--label', label], { cwd: work });
    expect(verify.stdout).toBe(`No drift: ${label} serves exactly the ${skills.length} skill(s) that skills.lock.json pins for "${label}".\n`);
    expect(verify.code).toBe(0);
  });

  it('verify --label of a prototype key the lockfile does not hold says so, without crashing', async () => {
    expect((await runCli(['lock', '--stdio', DEMO_STDIO, '--label', 'prod', '-o', 'skills.lock.json'], { cwd: work })).code).toBe(0);
    for (const label of KEYS) {
      const verify = await runCli(['verify', '--lock', 'skills.lock.json', '--stdio', DEMO_STDIO, '--label', label], { cwd: work });
      expect(verify.stderr).toContain(`skills.lock.json: it pins no server labelled ${JSON.stringify(label)}; it has "prod".`);
      expect(verify.stderr).not.toMatch(/Cannot convert|TypeError/);
      expect(verify.code).toBe(2);
    }
  });

  it('a locked skill whose URI is a prototype key is compared like any other: missing from the server, it is drift', async () => {
    const skills: Record<string, unknown> = {};
    for (const key of KEYS) skills[key] = { name: key, resources: [{ uri: `${key}/SKILL.md`, digest: DIGEST, size: 3 }] };
    // JSON.stringify of an object built with a literal "__proto__" key would drop it: spell the file out.
    const entries = KEYS.map((key) => `${JSON.stringify(key)}: ${JSON.stringify(skills[key])}`).join(', ');
    await fs.writeFile(path.join(work, 'hand.lock.json'), `{"lockfileVersion": 1, "servers": {"demo": {"skills": {${entries}}}}}\n`);
    const verify = await runCli(['verify', '--lock', 'hand.lock.json', '--stdio', DEMO_STDIO, '--json'], { cwd: work });
    const json = JSON.parse(verify.stdout) as { identical: boolean; removed: Array<{ uri: string }>; added: Array<{ uri: string }> };
    expect(json.identical).toBe(false);
    expect(json.removed.map((s) => s.uri)).toEqual([...KEYS].sort());
    expect(json.added.length).toBeGreaterThan(3);
    expect(verify.code).toBe(1);
  });
});

describe('prototype keys as server names and ids', { timeout: 120_000 }, () => {
  it('imports servers named like prototype keys from a config file', async () => {
    const config = path.join(work, 'mcp.json');
    const servers = KEYS.map((key) => `${JSON.stringify(key)}: {"command": "node", "args": ["${key}.js"]}`).join(', ');
    await fs.writeFile(config, `{"mcpServers": {${servers}}}\n`);
    const app = await startWeb(path.join(work, 'data'), ['--no-demo']);
    try {
      const preview = await app.call('servers.importPreview', { from: 'file', path: config });
      const candidates = (preview.result as { candidates: Array<{ name: string; transport?: { args: string[] } }> }).candidates;
      expect(candidates.map((c) => [c.name, c.transport?.args])).toEqual(KEYS.map((key) => [key, [`${key}.js`]]));
    } finally {
      await app.terminate();
    }
  });

  it('repairs duplicate server ids in a hand-edited servers.json: both servers kept, the later one renumbered, with an alert', async () => {
    const dataDir = path.join(work, 'data');
    await fs.mkdir(dataDir, { recursive: true });
    const transport = (arg: string) => ({ kind: 'stdio', command: 'node', args: [arg], env: {} });
    const server = (id: string, label: string) => ({ id, label, transport: transport(`${label}.js`), createdAt: '2025-01-01T00:00:00.000Z' });
    await fs.writeFile(
      path.join(dataDir, 'servers.json'),
      JSON.stringify({ version: 1, demoSeeded: true, servers: [server('same', 'first'), server('same', 'second'), server('__proto__', 'third'), server('__proto__', 'fourth')] }),
    );
    const app = await startWeb(dataDir, ['--no-demo']);
    try {
      const listed = ((await app.call('servers.list', {})).result as Array<{ config: { id: string; label: string } }>).map((s) => s.config);
      expect(listed.map((s) => s.label)).toEqual(['first', 'second', 'third', 'fourth']);
      expect(listed[0]!.id).toBe('same');
      expect(listed[2]!.id).toBe('__proto__');
      const ids = listed.map((s) => s.id);
      expect(new Set(ids).size).toBe(4);
      const alerts = (await app.call('app.alerts', {})).result as Array<{ level: string; title: string; message: string }>;
      expect(alerts).toEqual([
        {
          level: 'warning',
          title: 'Repaired servers.json',
          message: `${path.join(dataDir, 'servers.json')}: 2 servers had an id another server already uses: "second" (id "same") is now "${ids[1]}"; "fourth" (id "__proto__") is now "${ids[3]}". Both servers of each pair were kept.`,
        },
      ]);
      // Removing one removes only that one.
      expect(await app.call('servers.remove', { serverId: 'same' })).toMatchObject({ ok: true });
      const after = ((await app.call('servers.list', {})).result as Array<{ config: { label: string } }>).map((s) => s.config.label);
      expect(after).toEqual(['second', 'third', 'fourth']);
      // The repair is saved: every id in the file is distinct.
      const saved = JSON.parse(await fs.readFile(path.join(dataDir, 'servers.json'), 'utf8')) as { servers: Array<{ id: string }> };
      expect(new Set(saved.servers.map((s) => s.id)).size).toBe(3);
    } finally {
      await app.terminate();
    }
  });
});
