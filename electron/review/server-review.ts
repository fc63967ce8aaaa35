// Reviews a skill a server serves: reads every file through the skills engine
// (so each read is verified against the listing and counted against the
// server's budget, exactly as when the user opens it), SKILL.md first, then
// runs the content-risk rules on the exact bytes and writes the summary.
import type { SkillReview } from '../../shared/review-model.js';
import { canonicalUri, containment } from '../../shared/skill-uri.js';
import { ApiFailure } from '../api-failure.js';
import type { FeatureDeps } from '../feature-deps.js';
import { qualifiedName } from './collisions.js';
import type { ReviewFileInput } from './rules/context.js';
import { reviewContentYielding, type UnreadFile } from './risk-review.js';
import { summarise } from './summary.js';

export async function reviewServerSkill(deps: FeatureDeps, serverId: string, skillUri: string): Promise<SkillReview> {
  const server = deps.catalog.get(serverId);
  const rpc = deps.rpcFor(serverId);
  const record = deps.engine.record(serverId, skillUri);
  if (!record) throw new ApiFailure('not-found', `No skill ${skillUri} is known on "${server.label}". Refresh the listing or load it by URI first.`);
  const entry = deps.engine.entry(serverId, skillUri);
  const own = canonicalUri(entry.uri);
  const listed = Array.isArray(entry.resources) ? entry.resources.map((r) => r.uri) : [entry.uri];
  const uris = [...listed.filter((u) => canonicalUri(u) === own), ...listed.filter((u) => canonicalUri(u) !== own)];
  if (!uris.some((u) => canonicalUri(u) === own)) uris.unshift(entry.uri);

  const files: ReviewFileInput[] = [];
  const unread: UnreadFile[] = [];
  for (const uri of uris) {
    const where = containment(uri, entry.uri);
    const path = canonicalUri(uri) === own ? 'SKILL.md' : where.inside ? where.relativePath : uri;
    let read;
    try {
      read = await deps.engine.readFile(rpc, entry.uri, uri, { keepBytes: true });
    } catch (error) {
      unread.push({ uri, path, reason: error instanceof Error ? error.message : String(error) });
      continue;
    }
    if (read.bytes) {
      files.push({ uri, path, bytes: read.bytes, ...(read.mimeType !== undefined ? { mimeType: read.mimeType } : {}) });
    } else {
      unread.push({ uri, path, reason: read.check.state === 'failed' ? read.check.message : 'the server did not return its bytes' });
    }
  }

  const content = await reviewContentYielding({ serverId, skillUri: entry.uri, files, listedFileCount: uris.length, listedFrontmatter: entry.frontmatter }, unread);
  return {
    serverId,
    skillUri: entry.uri,
    name: entry.name,
    qualifiedName: qualifiedName(server.label, entry.name, entry.pathPrefix),
    originKind: 'server',
    reviewedAt: new Date().toISOString(),
    complete: content.complete,
    files: content.files,
    findings: content.findings,
    formatFindings: deps.engine.findings(serverId, entry.uri),
    hidden: content.hidden,
    summary: summarise({ frontmatter: entry.frontmatter, files: content.files, findings: content.findings, complete: content.complete }),
  };
}
