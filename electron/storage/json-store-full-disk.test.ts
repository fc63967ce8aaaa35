// A damaged store found while the disk is full. The damaged file is kept for a
// person to look at (a file cut short still holds most of the approvals), by a
// copy beside it; a full disk refuses the copy. The load then said "the
// damaged file is still in place (a copy could not be made)", and once there
// was space the first save made it the backup and the second replaced that
// backup: the user's approvals were gone without another word.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRecord } from '../../shared/approvals-model.js';
import { smallDisk, type SmallDisk } from '../../test/crash/small-disk.js';
import { ApprovalStore } from '../approvals/approval-store.js';

let disk: SmallDisk | undefined;
afterEach(async () => {
  await disk?.close();
  disk = undefined;
});

function approval(n: number): ApprovalRecord {
  const uri = `skill://acme/tool-${n}/SKILL.md`;
  return {
    serverId: 'srv',
    skillUri: uri,
    skillName: `tool-${n}`,
    decision: 'approved',
    resources: [{ uri, digest: `sha256:${String(n).padStart(64, '0')}`, size: 100 + n }],
    frontmatter: {},
    fingerprint: `fp-${n}`,
    decidedAt: '2026-01-01T00:00:00.000Z',
    enabled: true,
    allowedTools: null,
  };
}

describe('a damaged approvals.json on a full disk', () => {
  it('is moved aside when it cannot be copied, and no later save reaches it', async () => {
    disk = await smallDisk();
    const file = path.join(disk.dir, 'approvals.json');
    const whole = JSON.stringify({ version: 1, approvals: Array.from({ length: 20 }, (_, i) => approval(i)) }, null, 2);
    // Cut short, with no backup: what a person can still read approvals from.
    const damaged = Buffer.from(whole.slice(0, Math.floor(whole.length * 0.8)));
    writeFileSync(file, damaged);
    await disk.fill();

    const store = new ApprovalStore(disk.dir);
    const problem = await store.load();
    expect(problem?.recoveredFrom).toBe('default');
    expect(problem?.message).toMatch(/^The file could not be read because it is not valid JSON \(.*\), and no usable backup exists\. The app started with an empty store; the damaged file was kept beside it\.$/);
    const keptAs = problem?.keptAs;
    expect(keptAs).toMatch(/approvals\.json\.damaged-/);
    expect(readFileSync(keptAs!)).toEqual(damaged);

    // Space again; two decisions, two saves: the first makes the file in place the backup, the second replaces that.
    await disk.free();
    await store.set(approval(100), 'undo');
    await store.set(approval(101), 'undo');
    expect(readFileSync(keptAs!)).toEqual(damaged);
    expect(readdirSync(disk.dir).filter((n) => n.includes('.damaged-'))).toEqual([path.basename(keptAs!)]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, approvals: [approval(100), approval(101)] });
  });
});
