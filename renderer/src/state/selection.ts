// What the user is looking at: which skill and tab, which file and line
// within it, and whether the right side shows skills or a server's screens.
// (Letting go of a skill when another server is chosen: selection-follows-server.ts.)
import { create } from 'zustand';
import { skillKey as keyOf } from './keys.js';

export type DetailTab = 'overview' | 'review' | 'files' | 'bytes' | 'frontmatter' | 'checks' | 'changes' | 'provenance';
export type MainView = 'catalog' | 'server' | 'collisions';
export type ServerTab = 'overview' | 'approvals' | 'log' | 'source' | 'watch';

interface SelectionState {
  skillKey?: string;
  tab: DetailTab;
  fileUri?: string;
  /** A line to scroll to and highlight in the Bytes tab (1-based). */
  line?: number;
  /** A frontmatter field to highlight. */
  field?: string;
  /** A finding the Checks tab scrolls to and marks (a summary point's evidence). */
  findingId?: string;
  view: MainView;
  serverTab: ServerTab;
  /** The server the server screens show. */
  serverId?: string;
  openSkill(key: string, tab?: DetailTab): void;
  openFile(fileUri: string, tab?: DetailTab, line?: number): void;
  openField(field: string): void;
  openFinding(findingId: string): void;
  showCollisions(): void;
  setTab(tab: DetailTab): void;
  showServer(serverId: string, tab?: ServerTab): void;
  setServerTab(tab: ServerTab): void;
  showCatalog(): void;
  clear(): void;
}

export const useSelection = create<SelectionState>((set) => ({
  tab: 'overview',
  view: 'catalog',
  serverTab: 'overview',
  openSkill(key, tab) {
    set({ skillKey: key, tab: tab ?? 'overview', fileUri: undefined, line: undefined, field: undefined, findingId: undefined, view: 'catalog' });
  },
  openFile(fileUri, tab = 'files', line) {
    set({ fileUri, tab, line, view: 'catalog' });
  },
  openField(field) {
    set({ field, tab: 'frontmatter', view: 'catalog' });
  },
  openFinding(findingId) {
    set({ findingId, tab: 'checks', view: 'catalog' });
  },
  showCollisions() {
    set({ view: 'collisions' });
  },
  setTab(tab) {
    set({ tab });
  },
  showServer(serverId, tab = 'overview') {
    set({ view: 'server', serverId, serverTab: tab });
  },
  setServerTab(tab) {
    set({ serverTab: tab });
  },
  showCatalog() {
    set({ view: 'catalog' });
  },
  clear() {
    set({ skillKey: undefined, fileUri: undefined, line: undefined, field: undefined, findingId: undefined });
  },
}));

/** Whether the open skill is one of this server's (or local folder's): its key starts with the origin's id. */
export function isSkillOf(key: string, serverId: string): boolean {
  return key.startsWith(keyOf(serverId, ''));
}
