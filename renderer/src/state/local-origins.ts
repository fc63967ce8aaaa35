// The local skill folders (well-known ones like ~/.claude/skills, and those
// the user added), shown as origins beside the servers. Their skills join
// the catalog like a server's (pushed with 'skills.listed'); these actions are
// the only code that calls the API for local folders.
import { create } from 'zustand';
import type { LocalOrigin } from '../../../shared/review-model.js';
import { api, errorMessage } from '../api.js';
import { useCatalog } from './catalog.js';
import { useFiles } from './files.js';
import { useReviews } from './review.js';
import { ALL_SERVERS, useServers } from './servers.js';

export type AddFolderAs = 'auto' | 'skills' | 'project';

interface LocalOriginsState {
  origins: readonly LocalOrigin[];
  loaded: boolean;
  loadError?: string;
  /** Origins being scanned again, by id; `*` for all. */
  rescanning: ReadonlySet<string>;
  /** Lists the folders (the main process scans them the first time) and puts their skills in the catalog. */
  load(): Promise<void>;
  applyOrigins(origins: readonly LocalOrigin[]): void;
  add(path: string, as: AddFolderAs): Promise<readonly LocalOrigin[]>;
  remove(origin: LocalOrigin): Promise<void>;
  rescan(originId?: string): Promise<void>;
}

export const ALL_LOCAL = '*';

export const useLocalOrigins = create<LocalOriginsState>((set, get) => ({
  origins: [],
  loaded: false,
  rescanning: new Set(),
  async load() {
    try {
      const origins = await api.call('review.localOrigins', {});
      get().applyOrigins(origins);
      // The scan's 'skills.listed' events may have passed before the catalog loaded: fetch them once.
      const entries = await api.call('review.localSkills', {});
      const catalog = useCatalog.getState();
      for (const origin of origins) catalog.applyListed(origin.id, entries.filter((e) => e.serverId === origin.id), true, true);
    } catch (error) {
      set({ loadError: errorMessage(error), loaded: true });
    }
  },
  applyOrigins(origins) {
    const before = get().origins;
    // A folder that went away takes its skills with it.
    const gone = before.filter((o) => !origins.some((n) => n.id === o.id));
    for (const origin of gone) {
      useCatalog.getState().forgetServer(origin.id);
      useReviews.getState().forgetOrigin(origin.id);
    }
    if (gone.some((o) => o.id === useServers.getState().selectedServerId)) useServers.getState().select(ALL_SERVERS);
    // Files shown from a folder are as read at its last scan: a new scan makes them old.
    const rescanned = origins.filter((o) => before.some((b) => b.id === o.id && b.scannedAt !== o.scannedAt));
    for (const origin of [...gone, ...rescanned]) forgetFiles(origin.id);
    set({ origins, loaded: true, loadError: undefined });
  },
  async add(path, as) {
    const origins = await api.call('review.addLocalFolder', { path, as });
    get().applyOrigins(origins);
    return origins;
  },
  async remove(origin) {
    const origins = await api.call('review.removeLocalFolder', { path: origin.id });
    get().applyOrigins(origins);
  },
  async rescan(originId) {
    const key = originId ?? ALL_LOCAL;
    set({ rescanning: new Set(get().rescanning).add(key) });
    try {
      const origins = await api.call('review.rescanLocal', originId !== undefined ? { originId } : {});
      for (const origin of originId !== undefined ? [originId] : origins.map((o) => o.id)) useReviews.getState().forgetOrigin(origin);
      get().applyOrigins(origins);
    } finally {
      const rescanning = new Set(get().rescanning);
      rescanning.delete(key);
      set({ rescanning });
    }
  },
}));

function forgetFiles(originId: string): void {
  const prefix = `${originId}\n`;
  const files = useFiles.getState().files;
  if ([...files.keys()].some((k) => k.startsWith(prefix))) useFiles.setState({ files: new Map([...files].filter(([k]) => !k.startsWith(prefix))) });
}

export function originById(origins: readonly LocalOrigin[], id: string | undefined): LocalOrigin | undefined {
  return id ? origins.find((o) => o.id === id) : undefined;
}
