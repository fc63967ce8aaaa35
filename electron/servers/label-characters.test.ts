// A server label given through the contract (the form's Add and Edit, an
// import's chosen labels, Test connection) holding half of a character: a UTF-16
// surrogate on its own has no UTF-8 form, and JSON.stringify writes it into
// servers.json as an escape ("\ud800") that strict JSON readers refuse. It is
// refused, naming the field. Bidi and control characters are whole characters:
// they are kept as typed and drawn visibly wherever a label is shown (the
// `server-label-marks` renderer test).
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { dispatch, type Handlers } from '../dispatch.js';
import { ServerCatalog } from './catalog.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-label-chars-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Handlers that must never be reached: the arguments are refused first. */
const unreachable = new Proxy({} as Handlers, {
  get: (_target, method) => () => Promise.reject(new Error(`the handler of ${String(method)} ran`)),
});

const transport = { kind: 'stdio' as const, command: 'node', args: ['server.mjs'] };
const HALF = 'holds half of a character (a lone UTF-16 surrogate';

describe('a label with a lone surrogate', () => {
  test('servers.add, servers.update, servers.importApply and servers.test refuse it, naming the field and the place', async () => {
    expect(await dispatch(unreachable, 'servers.add', { label: 'git\uD800hub', transport })).toEqual({
      ok: false,
      error: { code: 'invalid-params', message: `Invalid arguments for servers.add: label: ${HALF}, U+D800, at character 4), which has no UTF-8 form and which servers.json could keep only as an escape other programs refuse; type the label again.` },
    });
    expect(await dispatch(unreachable, 'servers.update', { serverId: 's1', input: { label: '\uDC00x', transport } })).toEqual({
      ok: false,
      error: { code: 'invalid-params', message: `Invalid arguments for servers.update: input.label: ${HALF}, U+DC00, at character 1), which has no UTF-8 form and which servers.json could keep only as an escape other programs refuse; type the label again.` },
    });
    const apply = await dispatch(unreachable, 'servers.importApply', { items: [{ label: 'good', transport }, { label: 'bad\uDBFF', transport }] });
    expect(apply).toMatchObject({ ok: false, error: { code: 'invalid-params', message: expect.stringContaining(`servers.importApply: items.1.label: ${HALF}, U+DBFF, at character 4)`) as unknown } });
    const tested = await dispatch(unreachable, 'servers.test', { input: { label: '\uD800', transport } });
    expect(tested).toMatchObject({ ok: false, error: { message: expect.stringContaining(`servers.test: input.label: ${HALF}, U+D800, at character 1)`) as unknown } });
  });

  test('the catalog adds nothing and writes no servers.json; a whole pair (an emoji) is kept', async () => {
    const catalog = new ServerCatalog(dir);
    expect(await catalog.load({ seedDemo: false })).toBeUndefined();
    await expect(catalog.add({ label: 'git\uD800hub', transport })).rejects.toThrow(HALF);
    await expect(catalog.addMany([{ label: 'a', transport }, { label: 'b\uDFFF', transport }])).rejects.toThrow(HALF);
    expect(catalog.list()).toEqual([]);
    await expect(fs.readFile(path.join(dir, 'servers.json'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });

    const added = await catalog.add({ label: 'rocket \uD83D\uDE80', transport });
    await expect(catalog.update(added.id, { label: 'x\uD83D', transport })).rejects.toThrow(HALF);
    const saved = await fs.readFile(path.join(dir, 'servers.json'), 'utf8');
    expect(saved).toContain('"label": "rocket 🚀"');
    expect(saved).not.toMatch(/\\u[dD][89a-fA-F]/);
  });
});

describe('a label with bidi and control characters', () => {
  test('is kept as typed (whole characters, valid in UTF-8 and JSON), for the window to draw with marks', async () => {
    const catalog = new ServerCatalog(dir);
    expect(await catalog.load({ seedDemo: false })).toBeUndefined();
    const label = 'github\u202Ebup\u0007\u200B';
    const added = await catalog.add({ label, transport });
    expect(added.label).toBe(label);
    const saved = JSON.parse(await fs.readFile(path.join(dir, 'servers.json'), 'utf8')) as { servers: Array<{ label: string }> };
    expect(saved.servers.map((s) => s.label)).toEqual([label]);
  });
});

// A servers.json from a hand edit or an older version may hold such a label; the file's own check took any
// non-empty text, so it loaded as it was and was written back with the escape at every save.
describe('a lone surrogate in a label of a hand-edited servers.json', () => {
  test('becomes U+FFFD on load: the server is kept, the "Repaired servers.json" notice names it, and the file is saved repaired', async () => {
    const server = (id: string, label: string) => ({ id, label, transport: { kind: 'stdio', command: 'node', args: [], env: {} }, createdAt: '2025-01-01T00:00:00.000Z' });
    const file = path.join(dir, 'servers.json');
    await fs.writeFile(file, JSON.stringify({ version: 1, demoSeeded: true, servers: [server('a', 'a\uD800b'), server('b', 'plain'), server('c', 'x\uDC00\uDBFF'), server('d', 'X\uFFFD\uFFFD')] }));
    expect(await fs.readFile(file, 'utf8')).toContain('"label":"a\\ud800b"');
    const catalog = new ServerCatalog(dir);
    expect(await catalog.load({ seedDemo: false })).toBeUndefined();
    expect(catalog.list().map((s) => [s.id, s.label])).toEqual([['a', 'a\uFFFDb'], ['b', 'plain'], ['c', 'x\uFFFD\uFFFD (2)'], ['d', 'X\uFFFD\uFFFD']]);
    expect(catalog.repairNotice).toBe(
      `${file}: 2 server labels held half of a character (a lone UTF-16 surrogate, which has no UTF-8 form and which servers.json could keep only as an escape other programs refuse); each half is now U+FFFD (\uFFFD): ` +
        `"a\\ud800b" is now "a\uFFFDb" (U+D800 at character 2); "x\\udc00\\udbff" is now "x\uFFFD\uFFFD (2)" (U+DC00 at character 2, U+DBFF at character 3). The servers were kept.`,
    );
    const saved = await fs.readFile(file, 'utf8');
    expect(saved).not.toMatch(/\\u[dD][89a-fA-F]/);
    expect((JSON.parse(saved) as { servers: Array<{ label: string }> }).servers.map((s) => s.label)).toEqual(['a\uFFFDb', 'plain', 'x\uFFFD\uFFFD (2)', 'X\uFFFD\uFFFD']);
    await expect(fs.readdir(dir)).resolves.toEqual(['servers.json', 'servers.json.bak']);
    const again = new ServerCatalog(dir);
    expect(await again.load({ seedDemo: false })).toBeUndefined();
    expect(again.repairNotice).toBeUndefined();
    expect(again.list().map((s) => s.label)).toEqual(['a\uFFFDb', 'plain', 'x\uFFFD\uFFFD (2)', 'X\uFFFD\uFFFD']);
  });
});
