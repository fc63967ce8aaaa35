// A store's bytes that are not UTF-8 are damage, as text that is not JSON is.
// The app writes its stores as UTF-8 only, so a byte that is not (a disk
// error, a bit flipped in a sync, another program's encoding) is something it
// did not write. Decoded leniently, such a byte became U+FFFD and the file
// loaded without a word: one flipped bit in an approval's digest or
// fingerprint read as the server having changed the skill (a revocation
// blamed on the server), and the next save wrote the U+FFFD over the bytes.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApprovalStore } from '../approvals/approval-store.js';
import type { ApprovalRecord } from '../../shared/approvals-model.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'si-store-encoding-'));
  dirs.push(dir);
  return dir;
}

const DIGEST = `sha256:${'a'.repeat(64)}`;
const record: ApprovalRecord = {
  serverId: 'srv',
  skillUri: 'skill://acme/pdf-tools/SKILL.md',
  skillName: 'pdf-tools',
  decision: 'approved',
  resources: [{ uri: 'skill://acme/pdf-tools/SKILL.md', digest: DIGEST, size: 120 }],
  frontmatter: {},
  fingerprint: 'fp-1',
  decidedAt: '2026-01-01T00:00:00.000Z',
  enabled: true,
  allowedTools: null,
};

/** approvals.json as the app writes it, with the byte at `digest`'s 10th hex digit flipped from "a" (0x61) to 0xe1. */
function withFlippedBit(text: string): { bytes: Buffer; line: number; column: number } {
  const bytes = Buffer.from(text);
  const at = bytes.indexOf(DIGEST) + 'sha256:'.length + 9;
  bytes[at] = 0xe1;
  const before = text.slice(0, at);
  return { bytes, line: before.split('\n').length, column: at - before.lastIndexOf('\n') };
}

describe('a store that is not UTF-8', () => {
  it('approvals.json with one flipped bit is damage: kept byte for byte, the backup restored, never read as another digest', async () => {
    const dir = dataDir();
    const file = path.join(dir, 'approvals.json');
    const saving = new ApprovalStore(dir);
    await saving.load();
    await saving.set(record, 'undo');
    await saving.set({ ...record, note: 'looked at it' }, 'undo');
    const good = readFileSync(file, 'utf8');
    const { bytes, line, column } = withFlippedBit(good);
    writeFileSync(file, bytes);

    const store = new ApprovalStore(dir);
    const problem = await store.load();
    expect(problem?.message).toBe(
      `The file could not be read because it is not valid UTF-8 (byte 0xe1 at line ${line}, column ${column}). The last good version was restored from its backup.`,
    );
    expect(problem?.recoveredFrom).toBe('backup');
    // The backup is the save before the last: the decision without its note, digest intact.
    expect(store.get('srv', record.skillUri)).toEqual(record);
    expect(readFileSync(problem!.keptAs!)).toEqual(bytes);
    expect(readdirSync(dir).filter((n) => n.startsWith('approvals.json.damaged-'))).toHaveLength(1);
  });

  it('with no backup: the app starts empty, says so, and the damaged file is kept beside it', async () => {
    const dir = dataDir();
    const file = path.join(dir, 'settings.json');
    // "café" in Latin-1, as another program may write it: 0xe9 is not UTF-8 on its own.
    const bytes = Buffer.concat([Buffer.from('{"note": "caf'), Buffer.from([0xe9]), Buffer.from('"}\n')]);
    writeFileSync(file, bytes);
    const { JsonStore } = await import('./json-store.js');
    const { z } = await import('zod');
    const loaded = await new JsonStore(file, z.object({ note: z.string() }).partial(), () => ({})).load();
    expect(loaded.value).toEqual({});
    expect(loaded.problem?.message).toBe(
      'The file could not be read because it is not valid UTF-8 (byte 0xe9 at line 1, column 14), and no usable backup exists. The app started with an empty store; the damaged file was kept beside it.',
    );
    expect(readFileSync(loaded.problem!.keptAs!)).toEqual(bytes);
  });

  it('UTF-8 the app writes loads as it was: every plane, and U+FFFD written as such', async () => {
    const dir = dataDir();
    const store = new ApprovalStore(dir);
    await store.load();
    const named = { ...record, skillName: 'pdf-tööls ✓ 𝔭𝔡𝔣 \uFFFD' };
    await store.set(named, 'undo');
    const again = new ApprovalStore(dir);
    expect(await again.load()).toBeUndefined();
    expect(again.get('srv', record.skillUri)).toEqual(named);
  });
});
