// App-wide facts (mode, version, data folder) and opening links outside.
import { create } from 'zustand';
import type { AppInfo } from '../../../shared/api.js';
import { api } from '../api.js';

interface AppState {
  info?: AppInfo;
  load(): Promise<void>;
  /** Opens an http(s) link the user confirmed: the OS browser in Electron, a new tab in browser mode. */
  openExternal(url: string): Promise<void>;
}

export const useApp = create<AppState>((set) => ({
  async load() {
    set({ info: await api.call('app.info', {}) });
  },
  async openExternal(url) {
    if (api.mode === 'electron') {
      await api.call('app.openExternal', { url });
      return;
    }
    window.open(url, '_blank', 'noopener,noreferrer');
  },
}));
