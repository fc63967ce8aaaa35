// A receipt's times are read the same on every machine. ISO 8601 lets a time
// leave out its zone (`2026-06-01T00:00:00`), and JavaScript reads such a time
// as the machine's local time, so a receipt expiring then was expired on a CI
// runner in UTC and still "approved" on a laptop in Los Angeles for seven
// hours more; a day the calendar does not have (`2026-02-31`) was read as
// 3 March. Such a receipt is not a receipt the command or the app can judge:
// it is listed as unreadable, saying which field and why. A real team folder,
// a receipt signed with a real key, the folder read as the app and the
// command read it.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RULESET } from '../../shared/ruleset.js';
import { allowedSignersLine, parseAllowedSigners } from './allowed-signers.js';
import { serializeReceipt, signReceipt, type ApprovalInput } from './receipt.js';
import { checkReceipts, type ServedSkill } from './receipt-check.js';
import { generateSigningKey } from './signing-key.js';
import { readReceiptsFolder } from './team-folder.js';

const alice = generateSigningKey('alice');
const SKILL = 'skill://alpha/SKILL.md';
const files = [{ uri: SKILL, digest: `sha256:${'a'.repeat(64)}`, size: 10 }];
const served: ServedSkill[] = [{ uri: SKILL, name: 'alpha', resources: files }];
const signers = parseAllowedSigners(`${allowedSignersLine('Alice', alice.publicKey)}\n`, 'allowed-signers');
/** Five hours past midnight UTC on 1 June: midnight local time in Los Angeles (UTC-7) is seven hours past it. */
const AS_OF = new Date('2026-06-01T05:00:00Z');

const zone = process.env['TZ'];
const dirs: string[] = [];
afterEach(async () => {
  if (zone === undefined) delete process.env['TZ'];
  else process.env['TZ'] = zone;
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function judged(times: Pick<ApprovalInput, 'approvedAt' | 'expires'>, timeZone: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-receipt-zone-'));
  dirs.push(dir);
  const envelope = signReceipt(
    { server: 'payments', skill: SKILL, skillName: 'alpha', files, reviewerName: 'Alice', ...times, ruleset: { version: RULESET.version }, findings: { digest: `sha256:${'0'.repeat(64)}`, errors: 0, warnings: 0, infos: 0 }, acknowledged: [], allowedTools: null },
    alice,
  );
  await fs.writeFile(path.join(dir, 'alpha.json'), serializeReceipt(envelope));
  process.env['TZ'] = timeZone;
  const check = checkReceipts('payments', served, await readReceiptsFolder(dir), signers, AS_OF);
  return { skills: check.skills.map((s) => [s.status, s.message]), unreadable: check.unreadable.map((u) => u.problem) };
}

describe('a receipt time without its zone, or on a day the calendar lacks', () => {
  it('is judged alike in every time zone: not a receipt, saying why', async () => {
    const local = { approvedAt: '2026-05-01T10:00:00.000Z', expires: '2026-06-01T00:00:00' };
    const problem = 'its payload is not a skill approval statement (predicate.expires: must be an ISO 8601 date and time with its zone (Z or ±hh:mm), on a day the calendar has)';
    const unapproved = [['unapproved', 'unapproved: no receipt names this skill']];
    expect(await judged(local, 'UTC')).toEqual({ skills: unapproved, unreadable: [problem] });
    expect(await judged(local, 'America/Los_Angeles')).toEqual({ skills: unapproved, unreadable: [problem] });
  });

  it('refuses 31 February, which was read as 3 March', async () => {
    const result = await judged({ approvedAt: '2026-02-31T10:00:00Z' }, 'UTC');
    expect(result.unreadable).toEqual(['its payload is not a skill approval statement (predicate.approvedAt: must be an ISO 8601 date and time with its zone (Z or ±hh:mm), on a day the calendar has)']);
  });

  it('still reads a time with its zone, Z or an offset, as before', async () => {
    expect((await judged({ approvedAt: '2026-05-01T10:00:00+12:00', expires: '2026-06-01T12:00:00+12:00' }, 'America/Los_Angeles')).skills).toEqual([['expired', `expired: approved by Alice (${alice.fingerprint}) on 2026-05-01, expired on 2026-06-01 (${dirs[0]}/alpha.json)`]]);
    expect((await judged({ approvedAt: '2026-05-01T10:00:00.000Z', expires: '2026-06-02T00:00Z' }, 'UTC')).skills).toEqual([['approved', `approved by Alice (${alice.fingerprint}) on 2026-05-01, until 2026-06-02`]]);
  });
});
