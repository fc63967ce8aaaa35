// The limits and timeouts the user can change. Every limit that protects the
// app is a setting with a sane default (see DEFAULT_SETTINGS).
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SETTINGS, type Settings } from '../shared/model.js';
import { settingsPatchSchema } from '../shared/api.js';
import { JsonStore, type StoreProblem } from './storage/json-store.js';

const fileSchema = settingsPatchSchema.strip();

export class SettingsStore {
  private current: Settings = DEFAULT_SETTINGS;
  private readonly store: JsonStore<z.infer<typeof fileSchema>>;

  constructor(dataDir: string, private readonly overrides: Partial<Settings> = {}) {
    this.store = new JsonStore(path.join(dataDir, 'settings.json'), fileSchema, () => ({}));
    this.current = { ...DEFAULT_SETTINGS, ...overrides };
  }

  async load(): Promise<StoreProblem | undefined> {
    const { value, problem } = await this.store.load();
    this.current = { ...DEFAULT_SETTINGS, ...value, ...this.overrides };
    return problem;
  }

  get(): Settings {
    return this.current;
  }

  async update(patch: z.infer<typeof settingsPatchSchema>): Promise<Settings> {
    const next = { ...this.current, ...patch };
    const saved: Record<string, number> = {};
    for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
      if (next[key] !== DEFAULT_SETTINGS[key]) saved[key] = next[key];
    }
    // Applied only once saved: a change the disk refused must not be in force either.
    await this.store.save(saved);
    this.current = next;
    return this.current;
  }
}
