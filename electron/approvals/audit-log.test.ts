// The audit trail of one skill holds every entry about it, under whichever
// spelling of its URI the listing used when the entry was written (SKILL://,
// %2D, a dot segment): asked for by the spelling listed now, none is left out.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditLog } from './audit-log.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const URI = 'skill://acme/pdf-tools/SKILL.md';

describe('AuditLog.read for one skill', () => {
  it('finds the entries written under every spelling of its URI, and only those', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'si-audit-'));
    dirs.push(dir);
    const audit = new AuditLog(dir);
    const entry = (skillUri: string | undefined, at: string) => ({ at, action: 'approve' as const, serverId: 'srv', ...(skillUri ? { skillUri } : {}), reason: 'Approved.', automatic: false });
    await audit.append(entry(URI, '2026-01-01T00:00:00.000Z'));
    await audit.append(entry('SKILL://acme/pdf%2Dtools/SKILL.md', '2026-01-02T00:00:00.000Z'));
    await audit.append(entry('skill://acme/other/SKILL.md', '2026-01-03T00:00:00.000Z'));
    await audit.append(entry(undefined, '2026-01-04T00:00:00.000Z'));
    await audit.append(entry('skill://acme/pdf-tools/x/../SKILL.md', '2026-01-05T00:00:00.000Z'));
    for (const asked of [URI, 'SKILL://acme/pdf-tools/SKILL.md']) {
      const { entries } = await audit.read({ serverId: 'srv', skillUri: asked });
      expect(entries.map((e) => e.at)).toEqual(['2026-01-05T00:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-01-01T00:00:00.000Z']);
    }
  });
});
