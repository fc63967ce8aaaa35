// An audit log line whose bytes are not UTF-8 (a bit flipped on disk) is
// damage, as a line that is not JSON is: skipped and named among the lines
// that could not be read. Decoded leniently, the byte became U+FFFD and the
// entry was shown as if the app had written it: a skill URI or a reason
// the user never saw, with nothing said.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditLog } from './audit-log.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('an audit log line that is not UTF-8', () => {
  it('is skipped and named; the entries around it are read', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'si-audit-encoding-'));
    dirs.push(dir);
    const log = new AuditLog(dir);
    const at = '2026-01-01T00:00:00.000Z';
    for (const skillUri of ['skill://acme/a/SKILL.md', 'skill://acme/b/SKILL.md', 'skill://acme/c/SKILL.md']) {
      await log.append({ action: 'approve', serverId: 'srv', skillUri, reason: 'Approved after review.', automatic: false, at });
    }
    const bytes = readFileSync(log.file);
    // The "b" of the second entry's URI (0x62) with its top bit set: 0xe2 starts a three-byte sequence that is not there.
    bytes[bytes.indexOf('acme/b/')! + 5] = 0xe2;
    writeFileSync(log.file, bytes);

    const { entries, unreadableLines } = await log.read();
    expect(entries.map((e) => e.skillUri)).toEqual(['skill://acme/c/SKILL.md', 'skill://acme/a/SKILL.md']);
    expect(unreadableLines).toEqual([2]);
  });
});
