// File contents read on the user's request, cached per (server, skill, file).
// Reading a file verifies it; the catalog gets the new status by event.
import { create } from 'zustand';
import type { FileContent } from '../../../shared/model.js';
import { isLocalOriginId } from '../../../shared/review-model.js';
import { api, errorMessage } from '../api.js';

export type FileLoad = { state: 'loading' } | { state: 'loaded'; content: FileContent } | { state: 'error'; message: string };

export const fileKey = (serverId: string, skillUri: string, fileUri: string) => `${serverId}\n${skillUri}\n${fileUri}`;

interface FilesState {
  files: ReadonlyMap<string, FileLoad>;
  /** Reads the file unless it is loaded or loading; `force` reads it again. */
  load(serverId: string, skillUri: string, fileUri: string, force?: boolean): Promise<void>;
  forgetSkill(serverId: string, skillUri: string): void;
}

export const useFiles = create<FilesState>((set, get) => ({
  files: new Map(),
  async load(serverId, skillUri, fileUri, force = false) {
    const key = fileKey(serverId, skillUri, fileUri);
    const current = get().files.get(key);
    if (current?.state === 'loading' || (!force && current?.state === 'loaded')) return;
    set({ files: new Map(get().files).set(key, { state: 'loading' }) });
    try {
      // A local folder's files are read by the review feature (as read at the folder's last scan), not by a server.
      const content = isLocalOriginId(serverId) ? await api.call('review.readLocalFile', { serverId, skillUri, fileUri }) : await api.call('skills.readFile', { serverId, skillUri, fileUri });
      set({ files: new Map(get().files).set(key, { state: 'loaded', content }) });
    } catch (error) {
      set({ files: new Map(get().files).set(key, { state: 'error', message: errorMessage(error) }) });
    }
  },
  forgetSkill(serverId, skillUri) {
    const prefix = `${serverId}\n${skillUri}\n`;
    set({ files: new Map([...get().files].filter(([k]) => !k.startsWith(prefix))) });
  },
}));
