// Which skill is open, which tab, and which file within it.
import { create } from 'zustand';

export type DetailTab = 'overview' | 'files' | 'bytes' | 'frontmatter' | 'checks' | 'provenance';
export type MainView = 'catalog' | 'server' | 'log';

interface SelectionState {
  skillKey?: string;
  tab: DetailTab;
  fileUri?: string;
  view: MainView;
  openSkill(key: string, tab?: DetailTab): void;
  openFile(fileUri: string, tab?: DetailTab): void;
  setTab(tab: DetailTab): void;
  setView(view: MainView): void;
  clear(): void;
}

export const useSelection = create<SelectionState>((set) => ({
  tab: 'overview',
  view: 'catalog',
  openSkill(key, tab) {
    set({ skillKey: key, tab: tab ?? 'overview', fileUri: undefined, view: 'catalog' });
  },
  openFile(fileUri, tab = 'files') {
    set({ fileUri, tab });
  },
  setTab(tab) {
    set({ tab });
  },
  setView(view) {
    set({ view });
  },
  clear() {
    set({ skillKey: undefined, fileUri: undefined });
  },
}));
