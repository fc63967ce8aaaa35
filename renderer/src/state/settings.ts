// The reading limits and log size (shared/model.ts Settings).
import { create } from 'zustand';
import type { Settings } from '../../../shared/model.js';
import type { z } from 'zod';
import type { settingsPatchSchema } from '../../../shared/api.js';
import { api, errorMessage } from '../api.js';
import { useProtocolLog } from './protocol-log.js';

export type SettingsPatch = z.input<typeof settingsPatchSchema>;

interface SettingsState {
  settings?: Settings;
  loadError?: string;
  load(): Promise<void>;
  apply(settings: Settings): void;
  update(patch: SettingsPatch): Promise<Settings>;
}

export const useSettings = create<SettingsState>((set, get) => ({
  async load() {
    try {
      get().apply(await api.call('settings.get', {}));
    } catch (error) {
      set({ loadError: errorMessage(error) });
    }
  },
  apply(settings) {
    useProtocolLog.getState().setLimit(settings.logLimit);
    useProtocolLog.getState().setBodyBudget(settings.logBodyBytes);
    set({ settings, loadError: undefined });
  },
  async update(patch) {
    const settings = await api.call('settings.update', patch);
    get().apply(settings);
    return settings;
  },
}));
