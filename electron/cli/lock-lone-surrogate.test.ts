// `lock` and a skill whose URI holds a lone UTF-16 surrogate ("\ud800", valid
// JSON). No URI can carry one (it has no UTF-8 form), and the lockfile could
// keep it only as that escape: this command reads it back exactly, but strict
// JSON readers refuse the file (serde_json) or read U+FFFD (Go), the URI of
// another skill, and the JSON reports write it as U+FFFD. A static skill with
// such a URI was refused already (its SKILL.md is no URI); a dynamic one lists
// no file, and was pinned. Both are refused, naming the skill with the
// surrogate marked, and no lockfile is written.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWIN } from '../../test/fixtures/hostile-edges/catalogs/lone-surrogate-dynamic.mjs';
import { runCliInProcess as run } from './run-in-process.unit.js';

const SERVER = path.resolve('test/fixtures/hostile-edges/server.mjs');
const CATALOG = 'catalogs/lone-surrogate-dynamic';
const REFUSED =
  '  - skill://acme/lo⟦U+D800⟧ne/SKILL.md cannot be pinned: its URI holds a lone UTF-16 surrogate (U+D800 at character 16), which has no UTF-8 form, so no URI can carry it; ' +
  'a lockfile would keep it as the escape "\\ud800", which strict JSON readers refuse or read as U+FFFD, the URI of another skill\n';


const exists = (file: string) => fs.stat(file).then(() => true, () => false);

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-lock-lone-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('lock, a dynamic skill whose URI holds a lone surrogate', () => {
  it('is refused, naming the skill with the surrogate marked; no lockfile is written', { timeout: 60_000 }, async () => {
    const file = path.join(dir, 'one.lock.json');
    const { code, stdout, stderr } = await run(['lock', '--stdio', `node ${SERVER} ${CATALOG}`, '--label', 'p', '--output', file, '--quiet']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(`Not locked: what p serves cannot be pinned as it is.\n${REFUSED}`);
    expect(await exists(file)).toBe(false);
  });

  it('is refused by lock --all too: the server is not locked, and nothing is written', { timeout: 60_000 }, async () => {
    const config = path.join(dir, 'mcp.json');
    await fs.writeFile(config, JSON.stringify({ mcpServers: { p: { command: process.execPath, args: [SERVER, CATALOG] } } }));
    const file = path.join(dir, 'all.lock.json');
    const { code, stderr } = await run(['lock', '--config', config, '--all', '--output', file, '--quiet']);
    expect(code).toBe(1);
    expect(stderr).toContain(`Not locked: what p serves cannot be pinned as it is.\n${REFUSED}`);
    expect(stderr).toContain(`No server locked: ${file} was not written.\n`);
    expect(await exists(file)).toBe(false);
  });

  it('the same skill with a URI (the twin) is pinned, and verify finds no drift', { timeout: 60_000 }, async () => {
    const file = path.join(dir, 'twin.lock.json');
    const server = ['--stdio', `node ${SERVER} ${CATALOG} --twin`, '--label', 'p'];
    expect((await run(['lock', ...server, '--output', file, '--quiet'])).code).toBe(0);
    const pinned = JSON.parse(await fs.readFile(file, 'utf8')) as { servers: { p: { skills: Record<string, { resources: unknown }> } } };
    expect(pinned.servers.p.skills[TWIN]).toEqual({ name: 'lone', resources: 'dynamic' });
    expect((await run(['verify', ...server, '--lock', file, '--quiet'])).code).toBe(0);
  });
});
