// A store problem is titled by the store it hit. A damaged version history
// (history/<server>.json) is not a loss of approvals: its start alert and its
// Store health entry say "Version history", and approvals.json, intact, keeps
// every decision. A damaged approvals.json keeps its own "Approvals" title.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppAlert } from '../../shared/api.js';
import { SERVER, SKILL_URI } from '../skills/finding-cases.unit.js';
import { DECLARED, removeDataDirs, skillOnServer } from './approvals-fixture.unit.js';
import { fingerprintOf } from './fingerprint.js';
import { createApprovalHandlers } from './handlers.js';

afterEach(removeDataDirs);

const VERSION = { fingerprint: 'sha256:old', resources: [], frontmatter: {}, firstSeen: '2026-01-01T00:00:00.000Z', lastSeen: '2026-01-01T00:00:00.000Z', timesSeen: 1, firstSeenVia: 'listing' };

describe('a store problem names the store it hit', () => {
  it('a damaged history with a good backup: "Version history recovered from backup", the approval still in force', async () => {
    const fixture = await skillOnServer('title-history');
    const first = await createApprovalHandlers(fixture.deps);
    const fingerprint = fingerprintOf(fixture.engine.record(SERVER, SKILL_URI)!.entry);
    await first.handlers['approvals.approve']({ serverId: SERVER, skillUri: SKILL_URI, fingerprint });
    await first.settled();

    const file = path.join(fixture.dataDir, 'history', `${SERVER}.json`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{"version": 1, "skills": {');
    writeFileSync(`${file}.bak`, JSON.stringify({ version: 1, skills: { [SKILL_URI]: [VERSION] } }));
    fixture.events.length = 0;
    const again = await createApprovalHandlers(fixture.deps);
    await fixture.engine.refresh(fixture.rpc, DECLARED);
    await again.settled();
    const status = await again.handlers['approvals.storeStatus']({});

    expect(status.problems).toEqual([
      {
        store: 'history',
        file,
        message: expect.stringContaining('The last good version was restored from its backup.') as string,
        keptAs: expect.stringContaining(`${SERVER}.json.damaged`) as string,
        recoveredFrom: 'backup',
      },
    ]);
    const alerts = fixture.events.filter((e) => e.event === 'app.alert').map((e) => e.payload as AppAlert);
    expect(alerts.map((a) => [a.level, a.title])).toEqual([['error', 'Version history recovered from backup']]);
    expect(alerts[0]!.message).toBe(`${file}: ${status.problems[0]!.message} The damaged file was kept as ${status.problems[0]!.keptAs}.`);
    expect(await again.handlers['approvals.get']({ serverId: SERVER, skillUri: SKILL_URI })).toMatchObject({ decision: 'approved', fingerprint });
  });

  it('a damaged approvals.json with no backup: "Approvals could not be recovered"', async () => {
    const fixture = await skillOnServer('title-approvals');
    const file = path.join(fixture.dataDir, 'approvals.json');
    writeFileSync(file, '{"version": 1, "approvals": [');
    const feature = await createApprovalHandlers(fixture.deps);
    const status = await feature.handlers['approvals.storeStatus']({});

    expect(status.problems).toEqual([
      {
        store: 'approvals',
        file,
        message: expect.stringContaining('no usable backup exists') as string,
        keptAs: expect.stringContaining('approvals.json.damaged') as string,
        recoveredFrom: 'default',
      },
    ]);
    const alerts = fixture.events.filter((e) => e.event === 'app.alert').map((e) => e.payload as AppAlert);
    expect(alerts.map((a) => [a.level, a.title])).toEqual([['error', 'Approvals could not be recovered']]);
  });
});
