// A version history file (history/<server>.json) that cannot be read or
// written is said once per cause, naming the file and why: not again at every
// listing that brings a new version. Once a save lands, the cause is resolved,
// and a new failure is said again. Through the approvals feature as the app
// builds it, over a scripted server listed again and again.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppAlert } from '../../shared/api.js';
import { SERVER, SKILL_URI } from '../skills/finding-cases.unit.js';
import { DECLARED, removeDataDirs, skillOnServer, type SkillOnServer } from './approvals-fixture.unit.js';
import { createApprovalHandlers } from './handlers.js';

afterEach(removeDataDirs);

/** The feature as the app builds it, and a relisting that serves a version of the skill not seen before. */
async function watched(fixture: SkillOnServer) {
  const feature = await createApprovalHandlers(fixture.deps);
  let versions = 0;
  const relistNewVersion = async () => {
    const n = ++versions;
    fixture.serving.list = { ...fixture.a, resources: fixture.a.resources.map((r, i) => (i === 1 ? { ...r, digest: `sha256:${n.toString(16).padStart(64, '0')}` } : r)) };
    await fixture.engine.refresh(fixture.rpc, DECLARED);
    await feature.settled();
    // Any approvals call: the one that pushes alerts raised at start to the window.
    await feature.handlers['approvals.history']({ serverId: SERVER, skillUri: SKILL_URI });
  };
  const alerts = () => fixture.events.filter((e) => e.event === 'app.alert').map((e) => e.payload as AppAlert);
  return { feature, relistNewVersion, alerts };
}

describe('a version history file that cannot be used', () => {
  it('a folder in its place: said once, at start, however many new versions are listed', async () => {
    const fixture = await skillOnServer('history-folder');
    const file = path.join(fixture.dataDir, 'history', `${SERVER}.json`);
    mkdirSync(file, { recursive: true });
    const { relistNewVersion, alerts } = await watched(fixture);
    for (let i = 0; i < 4; i++) await relistNewVersion();
    expect(alerts()).toEqual([
      {
        level: 'error',
        // The history, not the approvals: approvals.json is intact.
        title: 'Version history could not be read',
        message: `${file}: The file could not be read because it is a folder, not a regular file, and no usable backup exists. The app started with an empty store; nothing can be saved until ${file} is moved away (the app does not remove a folder).`,
      },
    ]);
  });

  it('a save that fails: said once per cause until a save lands, then again when it fails again', async () => {
    const fixture = await skillOnServer('history-save');
    const file = path.join(fixture.dataDir, 'history', `${SERVER}.json`);
    const { relistNewVersion, alerts } = await watched(fixture);
    await relistNewVersion();
    expect(alerts()).toEqual([]);

    // Its backup's place taken by a folder: every save of the file fails, for the same reason.
    mkdirSync(`${file}.bak`);
    for (let i = 0; i < 3; i++) await relistNewVersion();
    const failed = {
      level: 'error',
      title: 'Version history could not be saved',
      message: `Could not save ${SERVER}.json because ${file}.bak is a folder, where the app keeps its backup (EISDIR). The previous version on disk is unchanged; move ${file}.bak away (the app did not put it there), then try again. The versions seen are kept in memory and saved with the next save of this history that succeeds.`,
    };
    expect(alerts()).toEqual([failed]);

    // Moved away: the next save lands, and a new failure is said again.
    rmSync(`${file}.bak`, { recursive: true });
    await relistNewVersion();
    expect(alerts()).toEqual([failed]);
    // Every version seen meanwhile, kept in memory, went with it.
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { skills: Record<string, unknown[]> };
    expect(saved.skills[SKILL_URI]).toHaveLength(5);
    // The landed save wrote a backup file there; a folder takes its place again.
    rmSync(`${file}.bak`);
    mkdirSync(`${file}.bak`);
    await relistNewVersion();
    await relistNewVersion();
    expect(alerts()).toEqual([failed, failed]);
  });
});
