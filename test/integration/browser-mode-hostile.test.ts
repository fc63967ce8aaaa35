// Browser mode as a real process (the built web.js) against input meant to
// take it down (issue 13, items 12 and 13): a listing whose frontmatter is
// nested 5,000 deep, and malformed WebSocket frames on its bridge. Before the
// fixes the process exited on each — "Maximum call stack size exceeded" while
// serialising the skills.list reply, and an unhandled 'error' event on the
// socket — taking the demo server and every other page with it.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Finding, ProtocolLogEntry, SkillEntry } from '../../shared/model.js';
import { TOO_DEEP_MARKER } from '../../shared/nesting.js';
import { HOSTILE_EDGES_SERVER } from '../fixtures/hostile-edges/harness.js';
import { frame, openRawBridgeSocket, type FrameSpec } from '../fixtures/raw-websocket.js';
import { startWeb, type WebProcess } from '../fixtures/web-process.js';

const SKILL_URI = 'skill://alpha/SKILL.md';

describe('browser mode stays up on hostile input', () => {
  let web: WebProcess;

  // A fresh process per case: each must show that this one input, alone, leaves it running.
  beforeEach(async () => {
    web = await startWeb(mkdtempSync(path.join(os.tmpdir(), 'si-hostile-web-')), ['--no-demo']);
  });
  afterEach(async () => {
    await web.terminate();
  });

  const alive = async () => {
    expect(web.process.exitCode, `browser mode exited: ${web.stderr()}`).toBeNull();
    expect(await web.call('app.info', {})).toMatchObject({ ok: true, result: { mode: 'browser' } });
  };

  it('answers skills.list, findings, verify and the protocol log for a listing nested 5,000 deep', async () => {
    const added = await web.call('servers.add', { label: 'deep', transport: { kind: 'stdio', command: process.execPath, args: [HOSTILE_EDGES_SERVER, 'frontmatter-nested-5000'], env: {} } });
    expect(added.ok).toBe(true);
    const serverId = (added.result as { id: string }).id;
    expect(await web.call('servers.connect', { serverId })).toMatchObject({ ok: true, result: { status: 'connected' } });

    const listed = await web.call('skills.refresh', { serverId });
    expect(listed.ok, JSON.stringify(listed.error)).toBe(true);
    const [entry] = listed.result as SkillEntry[];
    expect(entry?.uri).toBe(SKILL_URI);
    // Capped where it entered: 64 levels kept, the rest replaced by the marker.
    let value: unknown = entry?.frontmatter['x-config'];
    let levels = 1;
    while (typeof value === 'object' && value !== null) {
      value = (value as { a: unknown }).a;
      levels++;
    }
    expect({ levels, value }).toEqual({ levels: 64, value: TOO_DEEP_MARKER });

    const findings = await web.call('skills.findings', { serverId, skillUri: SKILL_URI });
    expect(findings.ok).toBe(true);
    expect((findings.result as Finding[]).filter((f) => f.id === 'inspector-too-deep').map((f) => [f.severity, f.location.field])).toContainEqual(['error', 'frontmatter.x-config']);

    const verified = await web.call('skills.verify', { serverId, skillUri: SKILL_URI });
    expect(verified.ok, JSON.stringify(verified.error)).toBe(true);
    expect((verified.result as SkillEntry).status).not.toBe('verified');

    const log = await web.call('log.get', { serverId });
    expect(log.ok, JSON.stringify(log.error)).toBe(true);
    // The deep answer is logged as a note saying why its body was not kept, not as the object.
    const notes = (log.result as ProtocolLogEntry[]).filter((e) => e.method === 'skills/list' && e.direction === 'in').map((e) => e.text ?? '');
    expect(notes.some((t) => t.startsWith('Body not kept: the message could not be serialised'))).toBe(true);
    await alive();
  });

  const BAD_FRAMES: ReadonlyArray<readonly [kind: string, spec: FrameSpec]> = [
    ['over the size cap', { opcode: 0x1, declaredLength: 8 * 1024 * 1024 + 1 }],
    ['invalid UTF-8', { opcode: 0x1, payload: Buffer.from([0xc3, 0x28]) }],
    ['RSV bits set', { opcode: 0x1, rsv: 7, payload: Buffer.from('{}') }],
    ['unmasked', { opcode: 0x1, mask: false, payload: Buffer.from('{}') }],
    ['an unknown opcode', { opcode: 0x5, payload: Buffer.from('{}') }],
  ];

  for (const [kind, spec] of BAD_FRAMES) {
    it(`closes a socket that sends a frame ${kind}, and nothing else`, async () => {
      const raw = await openRawBridgeSocket(Number(new URL(web.url).port), web.token);
      raw.write(frame(spec));
      const { closeCode } = await raw.ended;
      expect(closeCode).toBeGreaterThanOrEqual(1002);
      await alive();
    });
  }
});
