// Caps stop abuse, not real catalogs: a legitimate 10,000-skill catalog, paged
// 100 at a time by the synthetic server (the official SDK's server side, as a
// real child process over stdio), lists completely with the default settings;
// and the catalog's digests are honest, so Verify all measures real work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection } from '../electron/connections/connection.js';
import { ProtocolLog } from '../electron/connections/protocol-log.js';
import { SkillsEngine } from '../electron/skills/engine.js';
import type { Rpc } from '../electron/skills/rpc.js';
import { DEFAULT_SETTINGS, type SkillEntry } from '../shared/model.js';
import { bundleBench } from './bundle.mjs';
import { SyntheticCatalog, fileUri } from './catalog/content.js';

const SKILLS = 10_000;
const FILES = 5;

describe('a 10,000-skill catalog with the default settings', () => {
  let connection: Connection;
  let engine: SkillsEngine;
  let rpc: Rpc;
  let entries: SkillEntry[];

  beforeAll(async () => {
    const { 'catalog-server': server } = await bundleBench(['catalog-server']);
    const settings = DEFAULT_SETTINGS;
    connection = new Connection(
      { id: 'synthetic', label: 'Synthetic catalog', transport: { kind: 'stdio', command: process.execPath, args: [server!, '--skills', String(SKILLS), '--files', String(FILES)], env: {} }, createdAt: new Date().toISOString() },
      { settings: () => settings, resolveTransport: (s) => s.transport, onChange: () => undefined, log: new ProtocolLog('synthetic', settings.logLimit, () => undefined), clientInfo: { name: 'bench-test', version: '0' } },
    );
    const snapshot = await connection.connect();
    expect(snapshot.status).toBe('connected');
    engine = new SkillsEngine(() => settings, { listed: () => undefined, updated: () => undefined, job: () => undefined });
    rpc = { serverId: 'synthetic', era: snapshot.era ?? 'legacy', request: (method, params, options) => connection.request(method, params, options) };
    entries = await engine.refresh(rpc, snapshot.capabilities);
  });
  afterAll(async () => {
    await connection?.disconnect();
  });

  it('lists every skill, 100 a page, with no cap reached', () => {
    expect(DEFAULT_SETTINGS.maxListPages).toBeGreaterThanOrEqual(100);
    expect(engine.server('synthetic').listing).toMatchObject({ complete: true, pages: 100, mode: 'extension' });
    expect(entries).toHaveLength(SKILLS);
    expect(new Set(entries.map((e) => e.uri)).size).toBe(SKILLS);
    const uris = new Set(entries.map((e) => e.uri));
    expect(uris.has(fileUri(0, 0))).toBe(true);
    expect(uris.has(fileUri(SKILLS - 1, 0))).toBe(true);
    const capFindings = engine.findings('synthetic').filter((f) => f.id === 'inspector-list-limit' || f.id === 'sep-2640-skills-list-pagination');
    expect(capFindings).toEqual([]);
    expect(entries.every((e) => Array.isArray(e.resources) && e.resources.length === FILES && e.status === 'unread')).toBe(true);
  });

  it('serves the bytes it lists: a skill with a file over 100 KB verifies file by file', async () => {
    const catalog = new SyntheticCatalog({ skills: SKILLS, filesPerSkill: FILES });
    let big = -1;
    for (let i = 0; i < SKILLS && big < 0; i++) if (catalog.skill(i).resources.some((r) => r.size > 100 * 1024)) big = i;
    expect(big).toBeGreaterThanOrEqual(0);
    const listed = catalog.skill(big);
    const view = await engine.verifySkill(rpc, listed.uri, { withGet: false });
    expect(view.status).toBe('verified');
    for (const r of listed.resources) expect(view.files[r.uri]).toMatchObject({ state: 'verified', digest: r.digest, size: r.size });
  });
});
