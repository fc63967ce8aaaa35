// What the window is told about an approved skill after a relisting spells its
// URI another way (SKILL://, %2D, a dot segment) with the same bytes: the
// approval stands (list-respelled), and the approval record, the skill's
// history and the Changes tab must agree that the version listed now is the
// approved one. The calls are the approvals part of the contract, as the
// renderer makes them.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRecord } from '../../shared/approvals-model.js';
import { SERVER, SKILL_URI } from '../skills/finding-cases.unit.js';
import { DECLARED, RESPELLINGS, removeDataDirs, respell, skillOnServer } from './approvals-fixture.unit.js';
import { ApprovalStore } from './approval-store.js';
import { fingerprintOf } from './fingerprint.js';
import { createApprovalHandlers } from './handlers.js';

afterEach(removeDataDirs);

async function approvedThroughContract() {
  const fixture = await skillOnServer('respelled-shown');
  const feature = await createApprovalHandlers(fixture.deps);
  // Listed once more now that the feature hears listings: version A enters the skill's history.
  await fixture.engine.refresh(fixture.rpc, DECLARED);
  await feature.settled();
  const fingerprintA = fingerprintOf(fixture.engine.record(SERVER, SKILL_URI)!.entry);
  await feature.handlers['approvals.approve']({ serverId: SERVER, skillUri: SKILL_URI, fingerprint: fingerprintA, enable: true });
  return { ...fixture, feature, call: feature.handlers, fingerprintA };
}

describe('an approved skill relisted under another spelling of its URI, same bytes', () => {
  for (const [what, how] of RESPELLINGS) {
    it(`${what}: the approval, the history and the diff name the version listed now as the approved one`, async () => {
      const { engine, rpc, serving, a, feature, call, fingerprintA, dataDir, events } = await approvedThroughContract();
      const spelled = respell(a, how);
      serving.list = spelled;
      await engine.refresh(rpc, DECLARED);
      await feature.settled();
      const now = fingerprintOf(engine.record(SERVER, spelled.uri)!.entry);
      expect(now).not.toBe(fingerprintA);

      // The record names the skill and its files as listed now, bound to the version held now.
      const record = await call['approvals.get']({ serverId: SERVER, skillUri: spelled.uri });
      expect(record).toMatchObject({ skillUri: spelled.uri, decision: 'approved', enabled: true, fingerprint: now, resources: spelled.resources });
      expect(await call['approvals.list']({ serverId: SERVER })).toEqual([record]);
      // The window keeps decisions by the URI as listed: it is told of the record under that URI.
      const told = events.filter((e) => e.event === 'approvals.changed').map((e) => e.payload as { skillUri: string; record: ApprovalRecord | null; automatic: boolean });
      expect(told.at(-1)).toMatchObject({ skillUri: spelled.uri, record: { skillUri: spelled.uri, fingerprint: now }, automatic: true });

      // History: the version listed now is both the current and the approved one.
      const history = await call['approvals.history']({ serverId: SERVER, skillUri: spelled.uri });
      expect(history).toMatchObject({ skillUri: spelled.uri, approvedFingerprint: now, currentFingerprint: now });
      // …and it goes on from the versions seen under the old spelling: it does not start over.
      expect(history.versions.map((v) => v.fingerprint)).toEqual([fingerprintA, now]);

      // Changes tab (approved → current): the same files, byte for byte, under the names listed now.
      const diff = await call['approvals.diff']({ serverId: SERVER, skillUri: spelled.uri });
      expect(diff).toMatchObject({ identical: true, from: { fingerprint: now }, to: { fingerprint: now }, frontmatter: [] });
      expect(diff.files.map((f) => [f.uri, f.change])).toEqual(spelled.resources.map((r) => [r.uri, 'unchanged']).sort());

      // And so it is saved: a restart loads the record as listed now.
      const reloaded = new ApprovalStore(dataDir);
      await reloaded.load();
      expect(reloaded.list(SERVER)).toEqual([record]);
    });
  }
});

describe('an approved skill relisted under another spelling of its URI, other bytes', () => {
  for (const [what, how] of RESPELLINGS) {
    it(`${what}: the Changes tab shows the file that changed, under the name listed now, not every file removed and added`, async () => {
      const { engine, rpc, serving, a, b, bFiles, feature, call } = await approvedThroughContract();
      const spelled = respell(b, how);
      serving.list = spelled;
      serving.files = Object.fromEntries(Object.entries(bFiles).map(([uri, text]) => [how(uri), text]));
      await engine.refresh(rpc, DECLARED);
      await feature.settled();
      expect(await call['approvals.get']({ serverId: SERVER, skillUri: spelled.uri })).toMatchObject({ decision: 'changed', enabled: false });

      const diff = await call['approvals.diff']({ serverId: SERVER, skillUri: spelled.uri });
      const [skillMd, guide] = spelled.resources;
      expect(diff.files.map((f) => [f.uri, f.change])).toEqual(
        [
          [skillMd!.uri, 'unchanged'],
          [guide!.uri, 'changed'],
        ].sort(),
      );
      expect(diff.files.find((f) => f.change === 'changed')).toMatchObject({ before: { digest: a.resources[1]!.digest }, after: { digest: guide!.digest } });
    });
  }
});

describe('a declined skill relisted under another spelling of its URI, same bytes', () => {
  it('stays declined, named as listed now, and is told to the window under that URI', async () => {
    const fixture = await skillOnServer('respelled-declined');
    const feature = await createApprovalHandlers(fixture.deps);
    await feature.handlers['approvals.decline']({ serverId: SERVER, skillUri: SKILL_URI, note: 'Not needed.' });
    const spelled = respell(fixture.a, RESPELLINGS[0]![1]);
    fixture.serving.list = spelled;
    await fixture.engine.refresh(fixture.rpc, DECLARED);
    await feature.settled();
    const now = fingerprintOf(fixture.engine.record(SERVER, spelled.uri)!.entry);
    const record = await feature.handlers['approvals.get']({ serverId: SERVER, skillUri: spelled.uri });
    expect(record).toMatchObject({ skillUri: spelled.uri, decision: 'declined', enabled: false, note: 'Not needed.', fingerprint: now, resources: spelled.resources });
    expect(fixture.events.filter((e) => e.event === 'approvals.changed').at(-1)?.payload).toMatchObject({ skillUri: spelled.uri, action: 'decline', automatic: true, record });
  });
});
