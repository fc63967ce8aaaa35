// The app's side of the skills lockfile (the format of `skill-inspector lock`,
// electron/cli/lockfile.ts, reused here so there is one format): export the
// approved skills' bound file sets, and compare a lockfile with what the
// connected servers list now. Importing a lock approves nothing — an approval
// only ever comes from a review of the bytes — it only says which locked
// skills still match, so the user knows which to review.
import type { LockDrift, LockExportResult, LockImportResult, LockedSkillResult, LockedSkillStatus } from '../../shared/api-approvals.js';
import type { ApprovalRecord } from '../../shared/approvals-model.js';
import type { ServerConfig } from '../../shared/model.js';
import { ApiFailure } from '../api-failure.js';
import { APP_VERSION } from '../app-version.js';
import {
  DEFAULT_LOCKFILE,
  LockfileError,
  buildLockedServer,
  compareServers,
  parseLockfile,
  repeatedFiles,
  serializeLockfile,
  withServer,
  type LockedServer,
  type Lockfile,
  type SkillChange,
  type SkillToLock,
} from '../cli/lockfile.js';
import type { FeatureDeps } from '../feature-deps.js';
import type { Approvals } from './approvals.js';

/**
 * Approved skills only: a changed or declined one has no approved bytes to pin. Nor has an
 * approval bound to a set that lists a file twice (one made before such an entry was refused):
 * it binds no one digest for that file, and the lockfile reader refuses such a pin.
 */
function approvedToLock(records: readonly ApprovalRecord[]): SkillToLock[] {
  const out: SkillToLock[] = [];
  for (const r of records) {
    if (r.decision !== 'approved' || !Array.isArray(r.resources)) continue;
    if (repeatedFiles(r.resources).length > 0) continue;
    out.push({ uri: r.skillUri, name: r.skillName, resources: r.resources });
  }
  return out;
}

export function exportLock(deps: FeatureDeps, approvals: Approvals, serverId: string | undefined): LockExportResult {
  const servers = serverId !== undefined ? [deps.catalog.get(serverId)] : deps.catalog.list();
  let lockfile: Lockfile | undefined;
  let skillCount = 0;
  const labels: string[] = [];
  for (const server of servers) {
    const skills = approvedToLock(approvals.stores.store.list(server.id));
    if (skills.length === 0) continue;
    skillCount += skills.length;
    labels.push(server.label);
    lockfile = withServer(lockfile, server.label, buildLockedServer(skills), `skill-inspector ${APP_VERSION}`);
  }
  if (!lockfile) {
    const what = serverId !== undefined ? `"${servers[0]?.label ?? serverId}" has no approved skills` : 'No server has approved skills';
    throw new ApiFailure('conflict', `${what}, so there is nothing to lock. Review a skill and approve it first.`);
  }
  return { json: serializeLockfile(lockfile), fileName: DEFAULT_LOCKFILE, servers: Object.keys(lockfile.servers), skillCount };
}

/** The catalog's server for a lock section: the same label, else the same label ignoring case (labels are unique that way). */
function serverForLabel(servers: readonly ServerConfig[], label: string): ServerConfig | undefined {
  return servers.find((s) => s.label === label) ?? servers.find((s) => s.label.toLowerCase() === label.toLowerCase());
}

/** What the app holds now for the locked URIs, as a lock section (skills it does not hold are left out). */
function heldSection(deps: FeatureDeps, serverId: string, uris: readonly string[]): LockedServer {
  const skills: SkillToLock[] = [];
  for (const uri of uris) {
    const record = deps.engine.record(serverId, uri);
    if (!record) continue;
    const { entry } = record;
    const name = typeof entry.frontmatter['name'] === 'string' ? entry.frontmatter['name'] : '';
    // An invalid entry (no resources) is pinned as an empty set: it then differs from any real lock.
    skills.push({ uri, name, resources: entry.resources === 'dynamic' ? 'dynamic' : (entry.resources ?? []) });
  }
  return buildLockedServer(skills);
}

function toDrift(change: SkillChange): LockDrift {
  return {
    lock: change.a,
    server: change.b,
    filesAdded: change.filesOnlyInB,
    filesRemoved: change.filesOnlyInA,
    filesChanged: change.filesChanged.map((f) => ({ uri: f.uri, lock: f.a, server: f.b })),
  };
}

function describeDrift(drift: LockDrift): string {
  const parts: string[] = [];
  if (drift.lock.name !== drift.server.name) parts.push(`name ${JSON.stringify(drift.lock.name)} → ${JSON.stringify(drift.server.name)}`);
  if (drift.lock.dynamic !== drift.server.dynamic) parts.push(drift.server.dynamic ? 'now served as dynamic (no digests)' : 'no longer dynamic');
  if (drift.filesAdded.length > 0) parts.push(`${drift.filesAdded.length} file(s) added`);
  if (drift.filesRemoved.length > 0) parts.push(`${drift.filesRemoved.length} file(s) removed`);
  if (drift.filesChanged.length > 0) parts.push(`${drift.filesChanged.length} file(s) changed`);
  return `The server lists something other than the lock pins: ${parts.join(', ')}.`;
}

export function importLock(deps: FeatureDeps, approvals: Approvals, text: string, name: string | undefined): LockImportResult {
  const file = name ?? 'the lockfile';
  let lockfile: Lockfile;
  try {
    lockfile = parseLockfile(text, file);
  } catch (error) {
    if (error instanceof LockfileError) throw new ApiFailure('invalid-params', `${error.message} Nothing was imported.`);
    throw error;
  }
  const catalog = deps.catalog.list();
  const skills: LockedSkillResult[] = [];
  for (const [label, section] of Object.entries(lockfile.servers)) {
    const server = serverForLabel(catalog, label);
    const connected = server !== undefined && deps.pool.snapshot(server.id).status === 'connected';
    const uris = Object.keys(section.skills);
    const held = server && connected ? heldSection(deps, server.id, uris) : undefined;
    const comparison = held ? compareServers(section, held) : undefined;
    const changed = new Map((comparison?.changed ?? []).map((c) => [c.uri, c]));
    const missing = new Set((comparison?.onlyInA ?? []).map((s) => s.uri));
    for (const [uri, locked] of Object.entries(section.skills)) {
      const base = { serverLabel: label, ...(server ? { serverId: server.id } : {}), skillUri: uri, name: locked.name, approval: server ? approvals.stateOf(server.id, uri).approval : ('none' as const) };
      if (!server || !connected) {
        const detail = server
          ? `"${server.label}" is not connected (${deps.pool.snapshot(server.id).status}). Connect it to compare.`
          : `No server labelled ${JSON.stringify(label)} is in the catalog. Add it (with that label) and connect it to compare.`;
        skills.push({ ...base, status: 'server-not-connected', detail });
      } else if (missing.has(uri)) {
        skills.push({ ...base, status: 'missing', detail: `"${server.label}" does not list this skill now.` });
      } else {
        const change = changed.get(uri);
        if (change) {
          const drift = toDrift(change);
          skills.push({ ...base, status: 'differs', detail: describeDrift(drift), drift });
        } else {
          const files = locked.resources === 'dynamic' ? 'dynamic: pinned by presence and name only' : `${locked.resources.length} file(s)`;
          skills.push({ ...base, status: 'matches', detail: `The server lists exactly what the lock pins (${files}). Review it to approve it.` });
        }
      }
    }
  }
  const counts: Record<LockedSkillStatus, number> = { matches: 0, differs: 0, 'server-not-connected': 0, missing: 0 };
  for (const s of skills) counts[s.status]++;
  return { file, skills, counts };
}
