// An approval the app now refuses to make (a skill whose file paths a Windows
// host rewrites, inspector-windows-climb and inspector-windows-skill-md), as an
// app from before that refusal wrote one: the record in approvals.json and the
// approved bytes in the snapshot store. With it, a test shows what the gateway
// itself does with such an approval.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { SkillFileRef } from '../../shared/model.js';
import type { App } from '../../test/fixtures/mutable-server/app.js';
import { SnapshotStore } from '../snapshots/snapshot-store.js';
import { APPROVALS_FILE } from './approved-catalog.js';

/** Approves the skill as listed, each file as the server serves it now; the files it binds. */
export async function approvedByOlderApp(app: App, dataDir: string, serverId: string, skillUri: string, fingerprint: string): Promise<readonly SkillFileRef[]> {
  const entry = (await app.call('skills.list', { serverId })).find((s) => s.uri === skillUri)!;
  const resources = Array.isArray(entry.resources) ? entry.resources.map(({ uri, digest, size }) => ({ uri, digest, size })) : [];
  const store = new SnapshotStore(path.join(dataDir, 'snapshots'));
  for (const r of resources) {
    const read = await app.call('skills.readFile', { serverId, skillUri, fileUri: r.uri });
    await store.put(serverId, Buffer.from(read.base64, 'base64'), r.digest);
  }
  const file = path.join(dataDir, APPROVALS_FILE);
  const held = JSON.parse(await fs.readFile(file, 'utf8').catch(() => '{"version":1,"approvals":[]}')) as { approvals: unknown[] };
  held.approvals.push({ serverId, skillUri, skillName: entry.name, decision: 'approved', resources, frontmatter: entry.frontmatter, fingerprint, decidedAt: '2026-01-01T00:00:00.000Z', enabled: true, allowedTools: null });
  await fs.writeFile(file, JSON.stringify(held));
  return resources;
}
