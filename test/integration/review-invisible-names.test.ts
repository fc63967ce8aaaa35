// Lookalike names across two real servers, where the difference is a
// character that draws as nothing: Alpha (the review fixture over stdio)
// serves "release-notes" and "pdf-tools"; Hidden (a hand-rolled server over
// Streamable HTTP) serves "release-no<ZERO WIDTH SPACE>tes" and "pdf-tools"
// with Unicode tag characters after it. Each pair is a near-collision, said in
// words, with a finding on every skill involved.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollisionReport } from '../../shared/review-model.js';
import { HOSTILE_EDGES_SERVER, startHostileEdgesHttp, type HostileEdgesHttp } from '../fixtures/hostile-edges/harness.js';
import { TAGGED_NAME, ZERO_WIDTH_NAME } from '../fixtures/hostile-edges/catalogs/invisible-names.mjs';
import { COLLISIONS, ReviewClient, stdioServer, tempDir } from '../fixtures/review-server/client.js';

let client: ReviewClient;
let hidden: HostileEdgesHttp;
let home: string;
let report: CollisionReport;

beforeAll(async () => {
  home = await tempDir('home');
  client = await ReviewClient.open({ homeDir: home });
  hidden = await startHostileEdgesHttp([HOSTILE_EDGES_SERVER, 'catalogs/invisible-names']);
  await client.addServer('Alpha', stdioServer(path.join(COLLISIONS, 'alpha'), 'alpha'));
  const served = await client.addServer('Hidden', { kind: 'http', url: hidden.url, headers: {} });
  expect(served.skills.map((s) => s.name).sort()).toEqual([TAGGED_NAME, ZERO_WIDTH_NAME].sort());
  report = await client.call('review.collisions', {});
}, 120_000);

afterAll(async () => {
  await client?.close();
  await hidden?.stop();
  await fs.rm(home, { recursive: true, force: true });
});

describe('names with characters that draw as nothing, across two servers', () => {
  it('pairs each with the name it reads as, and says what is hidden', () => {
    // Alpha's two formatters are the one exact clash; nothing here is an exact clash across the servers.
    expect(report.collisions.map((c) => c.name)).toEqual(['formatter']);
    expect(report.nearCollisions.map((n) => ({ names: n.names, reason: n.reason, detail: n.detail, skills: n.skills.map((s) => s.qualifiedName) }))).toEqual([
      {
        names: ['pdf-tools', TAGGED_NAME],
        reason: 'hidden',
        detail: '"pdf-tools⟦hidden tag text: "<U+E0001>x<U+E007F>"⟧" hides U+E0001 LANGUAGE TAG, U+E0078 TAG "x" and U+E007F CANCEL TAG, which draw as nothing',
        skills: ['Alpha › pdf-tools', `Hidden › ${TAGGED_NAME}`],
      },
      {
        names: ['release-notes', ZERO_WIDTH_NAME],
        reason: 'hidden',
        detail: '"release-no⟦ZWSP⟧tes" hides U+200B ZERO WIDTH SPACE, which draws as nothing',
        skills: ['Alpha › release-notes', `Hidden › ${ZERO_WIDTH_NAME}`],
      },
    ]);
  });

  it('puts a lookalike finding on every skill involved', () => {
    const lookalikes = report.findings.filter((f) => f.id === 'risk-name-lookalike').map((f) => f.location.skillUri).sort();
    expect(lookalikes).toEqual(['skill://pdf-tools%F3%A0%80%81%F3%A0%81%B8%F3%A0%81%BF/SKILL.md', 'skill://pdf-tools/SKILL.md', 'skill://release-no%E2%80%8Btes/SKILL.md', 'skill://release-notes/SKILL.md']);
  });
});
