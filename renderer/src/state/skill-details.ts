// What the detail tabs fetch beyond the entry itself: the file tree
// ('skills.tree', which may walk resources/directory/read) and the findings
// of one skill or server. Fetched when a tab needs them, never ahead.
import { create } from 'zustand';
import type { Finding, SkillTreeNode } from '../../../shared/model.js';
import { api, errorMessage } from '../api.js';
import { skillKey } from './catalog.js';

export type Load<T> = { readonly state: 'loading'; readonly previous?: T } | { readonly state: 'loaded'; readonly value: T } | { readonly state: 'error'; readonly message: string };

interface SkillDetailsState {
  trees: ReadonlyMap<string, Load<readonly SkillTreeNode[]>>;
  /** Findings per skill key; per server under `serverId + "\n"`. */
  findings: ReadonlyMap<string, Load<readonly Finding[]>>;
  loadTree(serverId: string, skillUri: string): Promise<void>;
  loadFindings(serverId: string, skillUri?: string): Promise<void>;
}

export const serverFindingsKey = (serverId: string) => `${serverId}\n`;

export const useSkillDetails = create<SkillDetailsState>((set, get) => ({
  trees: new Map(),
  findings: new Map(),
  async loadTree(serverId, skillUri) {
    const key = skillKey(serverId, skillUri);
    if (get().trees.get(key)?.state === 'loading') return;
    set({ trees: new Map(get().trees).set(key, { state: 'loading' }) });
    try {
      const nodes = await api.call('skills.tree', { serverId, skillUri });
      set({ trees: new Map(get().trees).set(key, { state: 'loaded', value: nodes }) });
    } catch (error) {
      set({ trees: new Map(get().trees).set(key, { state: 'error', message: errorMessage(error) }) });
    }
  },
  async loadFindings(serverId, skillUri) {
    const key = skillUri ? skillKey(serverId, skillUri) : serverFindingsKey(serverId);
    const current = get().findings.get(key);
    // Keep showing the last findings while the new ones load: no flicker on every update.
    const previous = current?.state === 'loaded' ? current.value : current?.state === 'loading' ? current.previous : undefined;
    set({ findings: new Map(get().findings).set(key, { state: 'loading', ...(previous ? { previous } : {}) }) });
    try {
      const all = await api.call('skills.findings', skillUri ? { serverId, skillUri } : { serverId });
      const value = skillUri ? all : all.filter((f) => !f.location.skillUri);
      set({ findings: new Map(get().findings).set(key, { state: 'loaded', value }) });
    } catch (error) {
      set({ findings: new Map(get().findings).set(key, { state: 'error', message: errorMessage(error) }) });
    }
  },
}));
