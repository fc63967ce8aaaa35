// "Compare with a folder" and its watch mode, in the app: what a server serves
// against the skills the SDK builds from a local folder (source-folder.ts,
// served-vs-source.ts, as `check --source` does: the files of the skills both
// have are read, so bytes served are compared, not the listing's word), and, while watched, again
// after each burst of edits under the folder — a stdio server restarted first,
// so it serves the folder as it is now; any server listed again. One folder
// per server; a new one replaces the last.
import path from 'node:path';
import type { FolderComparison } from '../../shared/api.js';
import type { SkillEntry } from '../../shared/model.js';
import { pairByUri } from '../../shared/uri-pairs.js';
import { ApiFailure } from '../api-failure.js';
import { watchBursts, type BurstWatch } from './burst-watch.js';
import { WatchTooLargeError } from './watch-bounds.js';
import { compareWithSource } from './served-vs-source.js';
import { SourceFolderError, loadSourceFolder, type SourceLimits } from './source-folder.js';

const DEBOUNCE_MS = 300;

export interface FolderWatchDeps {
  /** The server's skills as listed now, with what their reads found. */
  list(serverId: string): readonly SkillEntry[];
  /** Reads and verifies these skills' files: the listing is the server's word, the reads are what a host gets. */
  verify(serverId: string, skillUris: readonly string[]): Promise<void>;
  /** After an edit: restart a stdio server, then list it again. */
  reload(serverId: string): Promise<void>;
  compared(result: FolderComparison): void;
  /** What of the folder is read: the limits a server's files are read within (the app's Settings; defaults without). */
  limits?(): SourceLimits;
  /** Files and folders one watch may take on (watch-bounds.ts MAX_WATCHED_ENTRIES by default). */
  readonly maxWatchedEntries?: number;
}

interface Watched {
  readonly folder: string;
  /** One run per burst of edits, never two at once (the same runner as Watch and the command's watch). */
  readonly bursts: BurstWatch;
}

export class FolderWatches {
  private readonly watched = new Map<string, Watched>();

  constructor(private readonly deps: FolderWatchDeps) {}

  /** Compares once; with `watching`, keeps comparing after every change of the folder until stop(). */
  async compare(serverId: string, folder: string, watching: boolean): Promise<FolderComparison> {
    if (!path.isAbsolute(folder)) throw new ApiFailure('invalid-params', `Give the folder as an absolute path; "${folder}" is relative.`);
    const result = await this.compareNow(serverId, folder, watching, []);
    const current = this.watched.get(serverId);
    if (!watching || current?.folder !== folder) await this.stop(serverId);
    if (watching && !this.watched.has(serverId)) await this.start(serverId, folder);
    return result;
  }

  async stop(serverId: string): Promise<boolean> {
    const w = this.watched.get(serverId);
    if (!w) return false;
    this.watched.delete(serverId);
    await w.bursts.close();
    await w.bursts.settled();
    return true;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.watched.keys()].map((id) => this.stop(id)));
  }

  private async compareNow(serverId: string, folder: string, watching: boolean, changed: readonly string[]): Promise<FolderComparison> {
    let source;
    try {
      source = await loadSourceFolder(folder, serverId, folder, this.deps.limits?.());
    } catch (error) {
      if (error instanceof SourceFolderError) throw new ApiFailure('invalid-params', error.message);
      const code = (error as NodeJS.ErrnoException).code;
      throw new ApiFailure('invalid-params', `${folder} cannot be read${code ? ` (${code})` : ''}.`);
    }
    // The skills both sides have are read first: a listing that gives the folder's digests proves nothing of the bytes served.
    const both = pairByUri(this.deps.list(serverId), source.entries).flatMap((p) => (p.a && p.b && Array.isArray(p.a.resources) ? [p.a.uri] : []));
    await this.deps.verify(serverId, both);
    const differences = compareWithSource({ serverId, folder, served: this.deps.list(serverId), source: source.entries, notCompared: source.notCompared });
    return { serverId, folder, comparedAt: new Date().toISOString(), watching, changed: [...changed], folderSkills: source.entries.length, findings: [...source.findings, ...differences] };
  }

  private async start(serverId: string, folder: string): Promise<void> {
    // The runs stop at close(), and rerun() drops a result once this watch is no longer the server's.
    const limit = this.deps.maxWatchedEntries !== undefined ? { maxEntries: this.deps.maxWatchedEntries } : {};
    const w: Watched = { folder, bursts: watchBursts(folder, { debounceMs: DEBOUNCE_MS, run: (changed) => this.rerun(serverId, w, changed), ...limit }) };
    this.watched.set(serverId, w);
    try {
      await w.bursts.ready;
    } catch (error) {
      if (this.watched.get(serverId) === w) this.watched.delete(serverId);
      await w.bursts.close();
      if (error instanceof WatchTooLargeError) throw new ApiFailure('invalid-params', `${error.message} Choose the folder of skill folders to compare with and watch.`);
      throw error;
    }
  }

  private async rerun(serverId: string, w: Watched, changed: readonly string[]): Promise<void> {
    try {
      await this.deps.reload(serverId);
      if (this.watched.get(serverId) !== w) return;
      this.deps.compared(await this.compareNow(serverId, w.folder, true, changed));
    } catch (error) {
      if (this.watched.get(serverId) !== w) return;
      this.deps.compared({ serverId, folder: w.folder, comparedAt: new Date().toISOString(), watching: true, changed: [...changed], folderSkills: 0, findings: [], error: error instanceof Error ? error.message : String(error) });
    }
  }
}
