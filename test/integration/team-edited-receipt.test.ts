// Team approvals with a receipt edited after signing, beside the valid receipt
// for the same skill: the valid one speaks for the skill, and the edited one
// was dropped without a word, so the window never showed that someone had
// changed a signed approval in the team's repository. team.check now returns
// it (`rejected`: which receipt, which file, which skill, why), as `verify
// --receipts` and `check --receipts` say it. Through the app's own composition
// root, a real server, a real team folder, a real key. One edited to name
// another skill, which no server serves, was "unmatched" and not said at all:
// it is returned too, once, as naming no served skill.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { generateSigningKey } from '../../electron/team/signing-key.js';
import { receiptFile as file, teamFolderWithReceipt } from '../fixtures/team/one-receipt.js';
import { serveCase, type Served } from '../fixtures/hostile-edges/inspector-harness.js';
import { SKILL, SKILL_TEXT, STYLE, STYLE_TEXT } from '../fixtures/hostile-edges/catalogs/relist-unusable-frontmatter.mjs';

const CASE = 'catalogs/relist-unusable-frontmatter';
const LABEL = `${CASE} (stdio)`;
const alice = generateSigningKey('alice');

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe('a team receipt edited after signing beside a valid one', () => {
  test('is returned as rejected, naming its file, its skill and why; the skill stays approved by the valid one', async () => {
    const served: Served = await serveCase(CASE, 'stdio');
    cleanup.push(() => served.close());
    const { team, remove } = await teamFolderWithReceipt(alice, { server: LABEL, skill: SKILL, skillName: 'notes', files: [file(SKILL, SKILL_TEXT), file(STYLE, STYLE_TEXT)] });
    cleanup.push(remove);
    const original = path.join(team, 'approvals', 'notes.json');
    const edited = path.join(team, 'approvals', 'notes-edited.json');
    // One statement field changed (the skill's name), the signature kept.
    const envelope = JSON.parse(await fs.readFile(original, 'utf8')) as { payload: string };
    const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as { predicate: { skillName: string } };
    statement.predicate.skillName = 'notes, edited';
    await fs.writeFile(edited, JSON.stringify({ ...envelope, payload: Buffer.from(JSON.stringify(statement)).toString('base64') }, null, 2));

    const result = await served.call('team.check', { folder: team });
    expect(result.skills.map((s) => [s.skillUri, s.status, s.receipt])).toEqual([[SKILL, 'approved', original]]);
    expect(result.rejected).toEqual([
      {
        file: edited,
        serverId: served.serverId,
        serverLabel: LABEL,
        skillUri: SKILL,
        message: `invalid signature: ${edited} does not verify with any key in allowed-signers, nor with the key it names; it was changed after signing`,
      },
    ]);
  });

  test('one edited to name a skill no server serves is returned once, naming the skill it names', async () => {
    const served: Served = await serveCase(CASE, 'stdio');
    cleanup.push(() => served.close());
    const { team, remove } = await teamFolderWithReceipt(alice, { server: LABEL, skill: SKILL, skillName: 'notes', files: [file(SKILL, SKILL_TEXT), file(STYLE, STYLE_TEXT)] });
    cleanup.push(remove);
    const original = path.join(team, 'approvals', 'notes.json');
    const renamed = path.join(team, 'approvals', 'deploy.json');
    // The subject and the predicate's skill renamed to another skill, the signature kept.
    const other = 'skill://deploy/SKILL.md';
    const envelope = JSON.parse(await fs.readFile(original, 'utf8')) as { payload: string };
    const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as { subject: { name: string }[]; predicate: { skill: string } };
    statement.subject[0]!.name = `${LABEL} ${other}`;
    statement.predicate.skill = other;
    await fs.writeFile(renamed, JSON.stringify({ ...envelope, payload: Buffer.from(JSON.stringify(statement)).toString('base64') }, null, 2));

    const result = await served.call('team.check', { folder: team });
    expect(result.skills.map((s) => [s.skillUri, s.status, s.receipt])).toEqual([[SKILL, 'approved', original]]);
    expect(result.rejected).toEqual([
      {
        file: renamed,
        serverId: served.serverId,
        serverLabel: LABEL,
        skillUri: other,
        message: `invalid signature: ${renamed} does not verify with any key in allowed-signers, nor with the key it names; it was changed after signing`,
        unserved: true,
      },
    ]);
  });
});
