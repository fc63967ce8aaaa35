// Team approvals against a listing entry no host may load: the server lists the
// files a team receipt approves, every digest and size unchanged, but its entry
// (relisted) has a frontmatter with no description, so it is invalid. The
// receipt approves files, not an entry hosts must refuse: `verify --receipts`
// says the entry is invalid and exits 1, and the app must say the same and
// refuse Adopt. An entry whose file list is gone is shown likewise, not left
// out of the list. Through the app's own composition root, a real team folder, a
// real key.
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { generateSigningKey } from '../../electron/team/signing-key.js';
import { receiptFile as file, teamFolderWithReceipt } from '../fixtures/team/one-receipt.js';
import { serveCase, type Served } from '../fixtures/hostile-edges/inspector-harness.js';
import { SKILL, SKILL_TEXT, STYLE, STYLE_TEXT } from '../fixtures/hostile-edges/catalogs/relist-unusable-frontmatter.mjs';
import { SKILL_TEXT as NO_FILES_SKILL_TEXT } from '../fixtures/hostile-edges/catalogs/relist-no-files.mjs';

const CASE = 'catalogs/relist-unusable-frontmatter';
const LABEL = `${CASE} (stdio)`;
const alice = generateSigningKey('alice');

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A team folder trusting Alice, with her receipt for notes over the files as served. */
async function teamFolder(label = LABEL, files = [file(SKILL, SKILL_TEXT), file(STYLE, STYLE_TEXT)]): Promise<string> {
  const { team, remove } = await teamFolderWithReceipt(alice, { server: label, skill: SKILL, skillName: 'notes', files });
  cleanup.push(remove);
  return team;
}

describe('a team receipt for a skill whose listing entry is now invalid', () => {
  test('is shown invalid, naming why, and Adopt is refused', async () => {
    const served: Served = await serveCase(CASE, 'stdio');
    cleanup.push(() => served.close());
    const { serverId, call } = served;
    const team = await teamFolder();
    const receipt = path.join(team, 'approvals', 'notes.json');

    // The honest first listing: the receipt approves it.
    const before = await call('team.check', { folder: team });
    expect(before.skills.map((s) => [s.skillUri, s.status, s.canAdopt])).toEqual([[SKILL, 'approved', true]]);

    // Relisted: the same resources, the frontmatter without its description.
    const relisted = await call('skills.refresh', { serverId });
    expect(relisted.find((e) => e.uri === SKILL)?.status).toBe('invalid');

    const after = await call('team.check', { folder: team });
    expect(after.skills.map((s) => [s.skillUri, s.status, s.canAdopt])).toEqual([[SKILL, 'invalid', false]]);
    const why = `The entry for "${SKILL}" needs a "frontmatter" object with string "name" and "description". The frontmatter must have a non-empty string "description".`;
    expect(after.skills[0]!.message).toBe(
      `invalid entry: approved by Alice (${alice.fingerprint}) on 2026-05-01 for the files the server lists, but the server's entry for this skill is invalid, so hosts must not load it: ${why} (${receipt})`,
    );

    const adopt = await served.inspector.call('team.adopt', { folder: team, serverId, skillUri: SKILL });
    expect(adopt.ok).toBe(false);
    expect(adopt.ok ? '' : adopt.error.message).toBe(`The team receipt cannot be adopted: ${after.skills[0]!.message}.`);
    expect(await call('approvals.get', { serverId, skillUri: SKILL })).toBeNull();
  });

  test('an entry that no longer lists its files is shown invalid, naming why, not left out', async () => {
    const noFiles = 'catalogs/relist-no-files';
    const served: Served = await serveCase(noFiles, 'stdio');
    cleanup.push(() => served.close());
    const { serverId, call } = served;
    const team = await teamFolder(`${noFiles} (stdio)`, [file(SKILL, NO_FILES_SKILL_TEXT)]);
    expect((await call('team.check', { folder: team })).skills.map((s) => [s.skillUri, s.status])).toEqual([[SKILL, 'approved']]);

    await call('skills.refresh', { serverId });
    const after = await call('team.check', { folder: team });
    expect(after.skills.map((s) => [s.skillUri, s.status, s.canAdopt])).toEqual([[SKILL, 'invalid', false]]);
    expect(after.skills[0]!.message).toBe(`invalid entry: the server's entry for this skill is invalid, so hosts must not load it: "resources" of "${SKILL}" must be an array or "dynamic".`);
  });
});
