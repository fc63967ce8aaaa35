// Importing servers from the configs people already have: which known files
// exist, a preview of one file or pasted JSON, then the chosen items.
import { create } from 'zustand';
import type { Params } from '../../../shared/api.js';
import type { ImportPreview, ServerConfig } from '../../../shared/model.js';
import { api, errorMessage } from '../api.js';
import { useServers } from './servers.js';

export interface ImportSource {
  readonly path: string;
  readonly kind: string;
  readonly exists: boolean;
}

interface ImporterState {
  sources: readonly ImportSource[];
  sourcesError?: string;
  preview?: ImportPreview;
  previewError?: string;
  previewing: boolean;
  loadSources(): Promise<void>;
  previewFrom(source: Params<'servers.importPreview'>): Promise<void>;
  reset(): void;
  apply(items: Params<'servers.importApply'>['items']): Promise<readonly ServerConfig[]>;
}

export const useImporter = create<ImporterState>((set) => ({
  sources: [],
  previewing: false,
  async loadSources() {
    try {
      set({ sources: await api.call('servers.importSources', {}), sourcesError: undefined });
    } catch (error) {
      set({ sourcesError: errorMessage(error) });
    }
  },
  async previewFrom(source) {
    set({ previewing: true, previewError: undefined, preview: undefined });
    try {
      set({ preview: await api.call('servers.importPreview', source), previewing: false });
    } catch (error) {
      set({ previewError: errorMessage(error), previewing: false });
    }
  },
  reset() {
    set({ preview: undefined, previewError: undefined, previewing: false });
  },
  async apply(items) {
    const added = await api.call('servers.importApply', { items });
    await useServers.getState().load();
    return added;
  },
}));

