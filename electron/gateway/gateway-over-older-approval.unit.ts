// The set-up of the tests of what the gateway itself does with an approval the
// app now refuses to make (a skill whose file names a Windows host rewrites):
// the app on a data folder of its own with one server, "Team skills", the
// skills it still approves approved as it does, the refused one written as an
// app from before that refusal wrote it, then the built `skill-inspector
// gateway` started over stdio on that folder, as a host starts it.
import { expect } from 'vitest';
import type { SkillFileRef } from '../../shared/model.js';
import { App } from '../../test/fixtures/mutable-server/app.js';
import { tempDir } from '../../test/fixtures/mutable-server/fixture.js';
import { gatewayOverStdio, type GatewayHost } from '../../test/integration/gateway-harness.js';
import { approvedByOlderApp } from './approved-by-older-app.unit.js';

export interface OlderApproval {
  /** Names the data folder, in the temp folder. */
  readonly dataDirName: string;
  /** The upstream server the app adds as "Team skills". */
  readonly transport: Parameters<App['addServer']>[1];
  /** Skills the app approves itself, as a user does (no blockers). */
  readonly approve?: readonly string[];
  /** The skill the app refuses as invalid, approved as an older app wrote it. */
  readonly refused: string;
}

/** Runs the set-up; each step it opens is closed by `cleanup` (the gateway before the app). */
export async function gatewayOverOlderApproval(setup: OlderApproval, cleanup: Array<() => Promise<void>>): Promise<{ approved: readonly SkillFileRef[]; gateway: GatewayHost }> {
  const dataDir = await tempDir(setup.dataDirName);
  const app = await App.open(dataDir);
  cleanup.push(() => app.close());
  const serverId = await app.addServer('Team skills', setup.transport);
  for (const skillUri of setup.approve ?? []) {
    const review = await app.call('approvals.startReview', { serverId, skillUri });
    expect(review.blockers).toEqual([]);
    await app.call('approvals.approve', { serverId, skillUri, fingerprint: review.fingerprint, enable: true, acknowledge: review.acknowledgements.map((a) => a.key) });
  }
  // The app itself no longer approves the refused skill: its approval is written as an older app wrote it, so what the
  // test sees is what the gateway itself does with it.
  const review = await app.call('approvals.startReview', { serverId, skillUri: setup.refused });
  expect(review.blockers).toEqual([`The entry for ${setup.refused} is invalid (see its findings), so a host must not load it and it cannot be approved.`]);
  const approved = await approvedByOlderApp(app, dataDir, serverId, setup.refused, review.fingerprint);
  const gateway = await gatewayOverStdio(['--data-dir', dataDir]);
  cleanup.push(() => gateway.close());
  return { approved, gateway };
}
