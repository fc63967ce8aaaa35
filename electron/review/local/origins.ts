// The local skill folders as origins: the well-known folders agents read
// (for the home folder and each project folder) plus folders the user adds
// (kept in <dataDir>/local-skill-folders.json through storage/). Each folder
// is its own origin, id `local:<absolute folder>`, and its skills are
// SkillEntry values with that id as serverId. Scanning is lazy (first asked
// for) and serialised; nothing here writes to a skills folder.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { FileContent, SkillEntry } from '../../../shared/model.js';
import { localOriginId, type LocalOrigin, type LocalFolderKind, type HostId } from '../../../shared/review-model.js';
import { canonicalUri } from '../../../shared/skill-uri.js';
import { ApiFailure } from '../../api-failure.js';
import type { ContentReviewer } from '../review-pool.js';
import { JsonStore, type StoreProblem } from '../../storage/json-store.js';
import { displayPath, KNOWN_FOLDERS, knownFolderPath } from './known-folders.js';
import { buildLocalSkill, fileUriOf, worstOf, type LocalSkill } from './local-skill.js';
import { DEFAULT_SCAN_LIMITS, rescanSkillFolder, scanFolder, type FolderScan, type ScanLimits } from './scan.js';

const persistedSchema = z.object({
  version: z.literal(1),
  folders: z.array(z.object({ path: z.string().min(1), as: z.enum(['skills', 'project']), addedAt: z.string() })),
});
type Persisted = z.infer<typeof persistedSchema>;

export type AddAs = 'skills' | 'project' | 'auto';

interface OriginDefinition {
  readonly id: string;
  readonly path: string;
  readonly label: string;
  readonly description: string;
  readonly kind: LocalFolderKind;
  readonly scope: 'user' | 'project' | 'custom';
  readonly addedByUser: boolean;
  readonly hosts: readonly HostId[];
}

interface OriginState {
  scan?: FolderScan;
  skills: Map<string, LocalSkill>;
  scannedAt?: string;
}

export interface LocalOriginsOptions {
  readonly dataDir: string;
  readonly homeDir: string;
  readonly projectDirs: readonly string[];
  readonly limits?: () => Partial<ScanLimits>;
  /** Runs each skill's content review (the worker pool in the app). */
  readonly reviewer: ContentReviewer;
  /** The origins changed (scanned, added, removed). */
  readonly onChange: (origins: LocalOrigin[]) => void;
  /** An origin's skills, to push as a fresh listing. */
  readonly onListed: (originId: string, entries: SkillEntry[]) => void;
}

export class LocalOrigins {
  private readonly store: JsonStore<Persisted>;
  private added: Persisted['folders'] = [];
  private readonly states = new Map<string, OriginState>();
  private scannedOnce = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: LocalOriginsOptions) {
    this.store = new JsonStore(path.join(options.dataDir, 'local-skill-folders.json'), persistedSchema, () => ({ version: 1, folders: [] }));
  }

  async load(): Promise<StoreProblem | undefined> {
    const loaded = await this.store.load();
    this.added = loaded.value.folders;
    return loaded.problem;
  }

  private definitions(): OriginDefinition[] {
    const { homeDir, projectDirs } = this.options;
    const out: OriginDefinition[] = [];
    const seen = new Set<string>();
    const push = (definition: Omit<OriginDefinition, 'id' | 'label'>) => {
      const absolute = path.resolve(definition.path);
      if (seen.has(absolute)) return;
      seen.add(absolute);
      out.push({ ...definition, path: absolute, id: localOriginId(absolute), label: displayPath(absolute, homeDir) });
    };
    for (const folder of KNOWN_FOLDERS.filter((f) => f.scope === 'user')) {
      push({ path: knownFolderPath(folder, homeDir, homeDir), description: folder.description, kind: folder.kind, scope: 'user', addedByUser: false, hosts: folder.hosts });
    }
    const projects = [...projectDirs.map((p) => ({ dir: p, byUser: false })), ...this.added.filter((a) => a.as === 'project').map((a) => ({ dir: a.path, byUser: true }))];
    for (const project of projects) {
      for (const folder of KNOWN_FOLDERS.filter((f) => f.scope === 'project')) {
        push({ path: knownFolderPath(folder, homeDir, project.dir), description: `${folder.description} (${displayPath(project.dir, homeDir)})`, kind: folder.kind, scope: 'project', addedByUser: project.byUser, hosts: folder.hosts });
      }
    }
    for (const folder of this.added.filter((a) => a.as === 'skills')) {
      push({ path: folder.path, description: 'A skills folder you added', kind: 'custom', scope: 'custom', addedByUser: true, hosts: [] });
    }
    return out;
  }

  private limits(): ScanLimits {
    return { ...DEFAULT_SCAN_LIMITS, ...(this.options.limits?.() ?? {}) };
  }

  /** Runs scans one at a time so two requests never interleave their results. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async scanOne(definition: OriginDefinition): Promise<void> {
    const scan = await scanFolder(definition.path, this.limits());
    const now = new Date().toISOString();
    const skills = new Map<string, LocalSkill>();
    // Every skill's rules in the review pool, as many at once as it has threads: a big folder never freezes the app.
    const built = await Promise.all(scan.skills.map((folder) => buildLocalSkill(this.options.reviewer, definition.id, definition.label, folder, now)));
    for (const skill of built) skills.set(skill.entry.uri, skill);
    linkNested(skills);
    // Removed while it was read (remove does not wait for a scan): announcing it would bring its skills back.
    if (!this.isOrigin(definition.id)) return;
    this.states.set(definition.id, { scan, skills, scannedAt: now });
    this.options.onListed(definition.id, [...skills.values()].map((s) => s.entry));
  }

  /** Scans every origin the first time anything asks for local skills. */
  async ensureScanned(): Promise<void> {
    if (this.scannedOnce) return;
    await this.rescan();
  }

  async rescan(originId?: string): Promise<LocalOrigin[]> {
    return this.serial(async () => {
      const targets = this.definitions().filter((d) => originId === undefined || d.id === originId);
      if (originId !== undefined && targets.length === 0) throw new ApiFailure('not-found', `No local skills folder has the id ${originId}.`);
      for (const definition of targets) await this.scanOne(definition);
      if (originId === undefined) this.scannedOnce = true;
      const origins = this.list();
      this.options.onChange(origins);
      return origins;
    });
  }

  list(): LocalOrigin[] {
    return this.definitions().map((d) => {
      const state = this.states.get(d.id);
      const worst = state ? worstOf(state.skills.values()) : undefined;
      return {
        id: d.id,
        label: d.label,
        description: d.description,
        path: d.path,
        kind: d.kind,
        scope: d.scope,
        addedByUser: d.addedByUser,
        exists: state?.scan?.exists ?? false,
        hosts: d.hosts,
        skillCount: state?.skills.size ?? 0,
        ...(worst ? { worstSeverity: worst } : {}),
        skipped: state?.scan?.skipped.slice(0, 200) ?? [],
        truncated: state?.scan?.truncated ?? false,
        ...(state?.scannedAt ? { scannedAt: state.scannedAt } : {}),
        ...(state?.scan?.error ? { error: state.scan.error } : {}),
      };
    });
  }

  async add(folder: string, as: AddAs = 'auto'): Promise<LocalOrigin[]> {
    if (!path.isAbsolute(folder)) throw new ApiFailure('invalid-params', `"${folder}" is not an absolute path. Choose the folder with the picker or type its full path.`);
    const absolute = path.resolve(folder);
    const stat = await fs.stat(absolute).catch(() => undefined);
    if (!stat) throw new ApiFailure('invalid-params', `${absolute} does not exist.`);
    if (!stat.isDirectory()) throw new ApiFailure('invalid-params', `${absolute} is a file; choose a folder of skills (each skill in its own folder with a SKILL.md).`);
    if (await exists(path.join(absolute, 'SKILL.md'))) {
      throw new ApiFailure('invalid-params', `${absolute} is a single skill (it has a SKILL.md). Add the folder that holds it instead: ${path.dirname(absolute)}.`);
    }
    let kind: 'skills' | 'project' = as === 'project' ? 'project' : 'skills';
    if (as === 'auto') {
      const projectFolders = KNOWN_FOLDERS.filter((f) => f.scope === 'project').map((f) => path.join(absolute, ...f.segments));
      const found = await Promise.all(projectFolders.map(exists));
      if (found.some(Boolean)) kind = 'project';
    }
    if (this.added.some((a) => path.resolve(a.path) === absolute && a.as === kind) || (kind === 'skills' && this.definitions().some((d) => d.path === absolute))) {
      throw new ApiFailure('conflict', `${displayPath(absolute, this.options.homeDir)} is already in the list.`);
    }
    await this.saveFolders([...this.added, { path: absolute, as: kind, addedAt: new Date().toISOString() }]);
    const fresh = this.definitions().filter((d) => (kind === 'skills' ? d.path === absolute : d.path.startsWith(absolute + path.sep)) && !this.states.has(d.id));
    return this.serial(async () => {
      for (const definition of fresh) await this.scanOne(definition);
      const origins = this.list();
      this.options.onChange(origins);
      return origins;
    });
  }

  async remove(folder: string): Promise<LocalOrigin[]> {
    const absolute = path.resolve(folder.startsWith('local:') ? folder.slice('local:'.length) : folder);
    const before = this.definitions();
    const match = this.added.find((a) => path.resolve(a.path) === absolute) ?? this.added.find((a) => a.as === 'project' && before.some((d) => d.path === absolute && d.addedByUser && d.path.startsWith(path.resolve(a.path) + path.sep)));
    if (!match) {
      const known = before.find((d) => d.path === absolute);
      throw new ApiFailure(known ? 'conflict' : 'not-found', known ? `${known.label} is a folder agents read by default; it cannot be removed from the list.` : `${absolute} is not a folder you added.`);
    }
    await this.saveFolders(this.added.filter((a) => a !== match));
    const after = new Set(this.definitions().map((d) => d.id));
    for (const d of before) {
      if (after.has(d.id)) continue;
      this.states.delete(d.id);
      // An empty fresh listing clears the origin's skills from every view.
      this.options.onListed(d.id, []);
    }
    const origins = this.list();
    this.options.onChange(origins);
    return origins;
  }

  /**
   * Puts the list in force and saves it; a save the disk refuses puts the old
   * list back (unless another change came since), so the list shown is never
   * one a restart would not find.
   */
  private async saveFolders(next: Persisted['folders']): Promise<void> {
    const before = this.added;
    this.added = next;
    try {
      await this.store.save({ version: 1, folders: next });
    } catch (error) {
      if (this.added === next) this.added = before;
      throw error;
    }
  }

  isOrigin(originId: string): boolean {
    return this.definitions().some((d) => d.id === originId);
  }

  entries(originId?: string): SkillEntry[] {
    const out: SkillEntry[] = [];
    for (const [id, state] of this.states) if (originId === undefined || id === originId) for (const s of state.skills.values()) out.push(s.entry);
    return out;
  }

  skills(): Array<{ origin: LocalOrigin; skill: LocalSkill }> {
    const origins = new Map(this.list().map((o) => [o.id, o]));
    const out: Array<{ origin: LocalOrigin; skill: LocalSkill }> = [];
    for (const [id, state] of this.states) {
      const origin = origins.get(id);
      if (origin) for (const skill of state.skills.values()) out.push({ origin, skill });
    }
    return out;
  }

  skill(originId: string, skillUri: string): LocalSkill {
    const state = this.states.get(originId);
    if (!state) throw new ApiFailure('not-found', this.isOrigin(originId) ? `The folder ${originId.slice('local:'.length)} has not been scanned yet; rescan it.` : `No local skills folder has the id ${originId}.`);
    const skill = state.skills.get(skillUri) ?? [...state.skills.values()].find((s) => canonicalUri(s.entry.uri) === canonicalUri(skillUri));
    if (!skill) throw new ApiFailure('not-found', `No skill ${skillUri} in ${originId.slice('local:'.length)}. Rescan the folder if it was added since.`);
    return skill;
  }

  /** Reads one skill from disk again and reviews it. */
  async rescanSkill(originId: string, skillUri: string): Promise<LocalSkill> {
    return this.serial(async () => {
      const old = this.skill(originId, skillUri);
      const definition = this.definitions().find((d) => d.id === originId)!;
      const state = this.states.get(originId)!;
      // Removed while it was read (remove does not wait): its skills must not be announced again.
      const removed = () => {
        if (this.states.get(originId) !== state) throw new ApiFailure('not-found', `${definition.label} was removed from the list while ${old.folder.relativeDirectory} was read again.`);
      };
      const folder = await rescanSkillFolder(definition.path, old.folder.relativeDirectory, this.limits());
      removed();
      if (!folder) {
        state.skills.delete(old.entry.uri);
        this.options.onListed(originId, [...state.skills.values()].map((s) => s.entry));
        throw new ApiFailure('not-found', `${old.folder.directory} no longer holds a SKILL.md; it was removed from the list.`);
      }
      const skill = await buildLocalSkill(this.options.reviewer, originId, definition.label, folder);
      removed();
      state.skills.set(skill.entry.uri, skill);
      linkNested(state.skills);
      this.options.onListed(originId, [...state.skills.values()].map((s) => s.entry));
      return state.skills.get(skill.entry.uri)!;
    });
  }

  /** A file of a local skill, as it was read when the skill was scanned. */
  readFile(originId: string, skillUri: string, fileUri: string): FileContent {
    const skill = this.skill(originId, skillUri);
    const key = canonicalUri(fileUri);
    const file = skill.folder.files.find((f) => canonicalUri(fileUriOf(f.absolute)) === key);
    if (!file) throw new ApiFailure('not-found', `${fileUri} is not a file of ${skillUri}; it was not read.`);
    const check = skill.entry.files[fileUriOf(file.absolute)] ?? { state: 'unread' as const };
    if (!file.bytes) {
      return { serverId: originId, skillUri, uri: fileUri, base64: '', isText: false, size: file.size, digest: '', check, listed: true };
    }
    let text: string | undefined;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
    } catch {
      text = undefined;
    }
    const resource = Array.isArray(skill.entry.resources) ? skill.entry.resources.find((r) => canonicalUri(r.uri) === key) : undefined;
    return {
      serverId: originId,
      skillUri,
      uri: fileUri,
      base64: file.bytes.toString('base64'),
      ...(text !== undefined ? { text } : {}),
      isText: text !== undefined,
      size: file.bytes.byteLength,
      digest: resource?.digest ?? '',
      check,
      listed: true,
    };
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

/** Marks skills that sit inside another skill's folder (they need their own approval). */
function linkNested(skills: Map<string, LocalSkill>): void {
  const list = [...skills.values()];
  const parentOf = new Map<LocalSkill, LocalSkill | undefined>();
  for (const skill of list) {
    const parent = list
      .filter((p) => p !== skill && skill.folder.relativeDirectory.startsWith(`${p.folder.relativeDirectory}/`))
      .sort((a, b) => b.folder.relativeDirectory.length - a.folder.relativeDirectory.length)[0];
    parentOf.set(skill, parent);
  }
  for (const skill of list) {
    const parent = parentOf.get(skill);
    const children = list.filter((c) => parentOf.get(c) === skill).map((c) => c.entry.uri);
    const { nestedIn: _old, ...rest } = skill.entry;
    const entry: SkillEntry = { ...rest, ...(parent ? { nestedIn: parent.entry.uri } : {}), nestedSkills: children };
    skills.set(skill.entry.uri, { ...skill, entry });
  }
}
