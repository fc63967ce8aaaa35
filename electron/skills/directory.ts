// The skill's directory: the entry's resources, plus what
// resources/directory/read shows when the server declared directoryRead. The
// Files tree shows it; Verify, Verify all, Review and check walk it too (the
// skill pass), so a file the entry does not list, an entry outside the skill
// and a nested SKILL.md are reported without anyone opening the tree. A child
// that the entry does not list never extends it: it is shown as "not part of
// the skill" and never read.
import { finding } from '../../shared/findings.js';
import type { Finding, SkillTreeNode } from '../../shared/model.js';
import { canonicalUri, containment, skillRootOf } from '../../shared/skill-uri.js';
import { previewJson } from '../../shared/nesting.js';
import { controlFindings, type CheckedEntry } from './entry-rules.js';
import { unlistedNestedMessage } from './nested-skills.js';
import { INVALID_PARAMS, rpcErrorCode, rpcErrorMessage, type Rpc } from './rpc.js';
import { append } from './append.js';

const DIRECTORY_MIME = 'inode/directory';
/** Directories walked per skill: a server cannot make the tree endless. */
export const MAX_DIRECTORIES = 200;

export interface DirectoryWalkOptions {
  /**
   * Whether the server lists a skill whose SKILL.md has this canonical URI. A
   * directory holding one is that skill's, not this one's: it is shown, not
   * walked, and its files are not reported as this skill's unlisted files.
   */
  readonly isListedSkill?: (canonicalSkillMd: string) => boolean;
  readonly signal?: AbortSignal;
}

export async function listDirectoryTree(
  rpc: Rpc,
  entry: CheckedEntry,
  directoryRead: boolean,
  maxPages: number,
  options: DirectoryWalkOptions = {},
): Promise<{ nodes: SkillTreeNode[]; findings: Finding[] }> {
  const isListedSkill = options.isListedSkill ?? (() => false);
  const findings: Finding[] = [];
  const nodes = new Map<string, SkillTreeNode>();
  const listed = new Map<string, { uri: string; size: number; digest: string }>();
  if (Array.isArray(entry.resources)) for (const r of entry.resources) listed.set(canonicalUri(r.uri), r);
  const addFile = (uri: string, isListed: boolean, size?: number, digest?: string) => {
    const where = containment(uri, entry.uri);
    const path = where.inside ? where.relativePath : uri;
    nodes.set(canonicalUri(uri), { uri, path, kind: 'file', listed: isListed, ...(size !== undefined ? { size } : {}), ...(digest ? { digest } : {}) });
  };
  for (const r of listed.values()) addFile(r.uri, true, r.size >= 0 ? r.size : undefined, r.digest);
  if (!Array.isArray(entry.resources)) addFile(entry.uri, true);

  if (directoryRead) {
    const root = skillRootOf(entry.uri);
    const queue = [root];
    const visited = new Set<string>();
    while (queue.length > 0 && visited.size < MAX_DIRECTORIES && !options.signal?.aborted) {
      const dir = queue.shift()!;
      if (visited.has(canonicalUri(dir))) continue;
      visited.add(canonicalUri(dir));
      let cursor: string | undefined;
      const cursors = new Set<string>();
      for (let page = 0; page < maxPages; page++) {
        let result: unknown;
        try {
          result = await rpc.request('resources/directory/read', cursor ? { uri: dir, cursor } : { uri: dir }, options.signal ? { signal: options.signal } : {});
        } catch (error) {
          if (options.signal?.aborted) break;
          const code = rpcErrorCode(error);
          findings.push(finding('sep-2640-directory-read-method-registered', `resources/directory/read of ${dir} failed${code !== undefined ? ` (${code})` : ''}: ${rpcErrorMessage(error)}`, { serverId: rpc.serverId, skillUri: entry.uri, fileUri: dir }));
          break;
        }
        const resources = (result as { resources?: unknown } | null)?.resources;
        if (!Array.isArray(resources)) {
          findings.push(finding('sep-2640-directory-read-result-resources-shape', `resources/directory/read of ${dir} returned no "resources" array.`, { serverId: rpc.serverId, skillUri: entry.uri, fileUri: dir }));
          break;
        }
        for (const child of resources) {
          const uri = (child as { uri?: unknown } | null)?.uri;
          if (typeof uri !== 'string') continue;
          // A raw control character in a child's URI: reported, and the child neither shown as a file nor walked.
          const controls = controlFindings(uri, `The URI of a child of ${dir} (resources/directory/read)`, { serverId: rpc.serverId, skillUri: entry.uri, fileUri: uri }, 'so it was neither shown nor read');
          if (controls.length > 0) {
            append(findings, controls);
            continue;
          }
          const where = containment(uri, entry.uri);
          if (!where.inside) {
            findings.push(finding('inspector-directory-outside', `Listing ${dir} returned ${uri}, which is outside the skill; it was ignored.`, { serverId: rpc.serverId, skillUri: entry.uri, fileUri: uri }));
            continue;
          }
          const mime = (child as { mimeType?: unknown }).mimeType;
          const key = canonicalUri(uri);
          const holdsListedFiles = [...listed.keys()].some((file) => file.startsWith(`${key}/`));
          if (mime !== DIRECTORY_MIME && holdsListedFiles) {
            // The entry lists files under it, so it is a directory the server failed to mark.
            findings.push(finding('sep-2640-directory-read-subdir-mimetype', `${uri} is a directory (the skill lists files under it) but is served with mimeType ${previewJson(mime ?? null, 80)}, not "inode/directory".`, { serverId: rpc.serverId, skillUri: entry.uri, fileUri: uri }, { expected: DIRECTORY_MIME, actual: String(mime ?? 'none') }));
          }
          if (mime === DIRECTORY_MIME || holdsListedFiles) {
            if (!nodes.has(canonicalUri(uri))) nodes.set(canonicalUri(uri), { uri, path: where.relativePath, kind: 'directory', listed: true });
            // Another listed skill's directory is that skill's to walk.
            if (!isListedSkill(`${key}/SKILL.md`)) queue.push(uri);
          } else if (!listed.has(key) && !isListedSkill(key)) {
            // Seen in the directory but not in the entry: shown, flagged, never read.
            addFile(uri, false);
            const at = { serverId: rpc.serverId, skillUri: entry.uri, fileUri: uri };
            findings.push(finding('sep-2640-directory-read-not-manifest-extension', `${uri} appears in the directory listing but not in the skill's resources; it is not part of the skill and was not read.`, at));
            // Hosts find skills by this name: a nested skill, whether or not an entry lists it.
            if (key.endsWith('/SKILL.md')) findings.push(finding('inspector-nested-skill-unlisted', unlistedNestedMessage(uri, entry.uri, 'directory'), at));
          }
        }
        const next = (result as { nextCursor?: unknown }).nextCursor;
        if (typeof next !== 'string' || next === '') break;
        if (cursors.has(next)) {
          findings.push(finding('sep-2640-directory-read-pagination', `resources/directory/read of ${dir} repeated a cursor; stopped.`, { serverId: rpc.serverId, skillUri: entry.uri, fileUri: dir }));
          break;
        }
        cursors.add(next);
        cursor = next;
        if (page === maxPages - 1) {
          findings.push(finding('sep-2640-directory-read-pagination', `resources/directory/read of ${dir} was still returning nextCursor after ${maxPages} pages; stopped.`, { serverId: rpc.serverId, skillUri: entry.uri, fileUri: dir }));
        }
      }
    }
  }
  return { nodes: [...nodes.values()].sort((a, b) => a.path.localeCompare(b.path)), findings };
}

/** The conformance probe: directory/read of a file URI must fail with -32602. */
export async function probeDirectoryOnFile(rpc: Rpc, skillUri: string): Promise<Finding[]> {
  try {
    await rpc.request('resources/directory/read', { uri: skillUri });
    return [finding('sep-2640-directory-read-invalid-params', `resources/directory/read of the file ${skillUri} succeeded; a non-directory URI must fail with -32602.`, { serverId: rpc.serverId, skillUri })];
  } catch (error) {
    const code = rpcErrorCode(error);
    if (code === INVALID_PARAMS) return [];
    return [finding('sep-2640-directory-read-invalid-params', `resources/directory/read of the file ${skillUri} failed with ${code ?? 'no code'}; expected -32602.`, { serverId: rpc.serverId, skillUri }, { expected: '-32602', actual: String(code ?? 'none') })];
  }
}
