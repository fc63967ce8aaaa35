import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHODS, PARAMS } from '../shared/api.js';
import { createInspector, type Inspector } from './inspector.js';

describe('the contract through createInspector', () => {
  let inspector: Inspector;
  const opened: string[] = [];
  beforeAll(async () => {
    inspector = await createInspector({
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'si-inspector-')),
      mode: 'electron',
      appVersion: '1.2.3',
      demoTransport: () => ({ kind: 'stdio', command: 'false', args: [], env: {} }),
      openExternal: async (url) => void opened.push(url),
      seedDemo: true,
    });
  });
  afterAll(() => inspector.close());

  it('has a handler for every method of the contract', () => {
    expect(Object.keys(inspector.handlers).sort()).toEqual([...METHODS].sort());
    expect(METHODS.length).toBe(Object.keys(PARAMS).length);
  });

  it('answers app.info', async () => {
    expect(await inspector.call('app.info', {})).toMatchObject({ ok: true, result: { name: 'Skill Inspector', version: '1.2.3', mode: 'electron' } });
  });

  it('seeds the bundled sample server once, under its host-assigned label', async () => {
    const servers = await inspector.call('servers.list', {});
    expect(servers).toMatchObject({ ok: true, result: [{ config: { id: 'demo', label: 'Sample skills (bundled)', builtin: 'demo' } }] });
  });

  it('opens only http and https links in the OS browser', async () => {
    expect(await inspector.call('app.openExternal', { url: 'https://example.com/docs' })).toEqual({ ok: true, result: { opened: true } });
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'skill://x/SKILL.md', 'https://']) {
      expect(await inspector.call('app.openExternal', { url })).toMatchObject({ ok: false, error: { code: 'invalid-params' } });
    }
    expect(opened).toEqual(['https://example.com/docs']);
  });

  it('rejects bad arguments with a message naming the field, and unknown methods', async () => {
    const bad = await inspector.call('servers.add', { label: 'x', transport: { kind: 'http', url: 'ftp://nope', headers: {} } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-params' } });
    expect(!bad.ok && bad.error.message).toContain('transport.url');
    expect(await inspector.call('servers.add', { label: 'x', transport: { kind: 'stdio', command: 'node' }, extra: 1 })).toMatchObject({ ok: false, error: { code: 'invalid-params' } });
    expect(await inspector.call('no.such.method', {})).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
  });

  it('refuses a duplicate label', async () => {
    expect(await inspector.call('servers.add', { label: 'One', transport: { kind: 'stdio', command: 'node', args: [] } })).toMatchObject({ ok: true });
    expect(await inspector.call('servers.add', { label: 'one', transport: { kind: 'stdio', command: 'node', args: [] } })).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });
});

describe('startup alerts', () => {
  it('a store recovered at startup is still reported to a window that asks later', async () => {
    const { writeFileSync } = await import('node:fs');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'si-alerts-'));
    const first = await createInspector({ dataDir, mode: 'browser', appVersion: '0', demoTransport: () => ({ kind: 'stdio', command: 'false', args: [], env: {} }) });
    await first.call('servers.add', { label: 'Kept', transport: { kind: 'stdio', command: 'node', args: [] } });
    await first.call('servers.add', { label: 'Also kept', transport: { kind: 'stdio', command: 'node', args: [] } });
    await first.close();
    writeFileSync(path.join(dataDir, 'servers.json'), '{ "version": 1, "servers": [ broken');
    const second = await createInspector({ dataDir, mode: 'browser', appVersion: '0', demoTransport: () => ({ kind: 'stdio', command: 'false', args: [], env: {} }) });
    const alerts = await second.call('app.alerts', {});
    expect(alerts).toMatchObject({ ok: true, result: [{ level: 'error', title: 'Recovered servers.json' }] });
    const servers = await second.call('servers.list', {});
    expect(servers.ok && (servers.result as Array<{ config: { label: string } }>).map((s) => s.config.label)).toContain('Kept');
    await second.close();
  });
});
