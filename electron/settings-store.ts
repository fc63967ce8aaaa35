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
  /** What settings.json holds: the user's own choices. */
  private persisted: Partial<Settings> = {};
  private readonly store: JsonStore<z.infer<typeof fileSchema>>;

  constructor(dataDir: string, private readonly overrides: Partial<Settings> = {}) {
    this.store = new JsonStore(path.join(dataDir, 'settings.json'), fileSchema, () => ({}), { byteOrderMark: 'accept' });
    this.current = { ...DEFAULT_SETTINGS, ...overrides };
  }

  async load(): Promise<StoreProblem | undefined> {
    const { value, problem } = await this.store.load();
    this.persisted = value;
    this.current = { ...DEFAULT_SETTINGS, ...value, ...this.overrides };
    return problem;
  }

  get(): Settings {
    return this.current;
  }

  async update(patch: z.infer<typeof settingsPatchSchema>): Promise<Settings> {
    const next = { ...this.current, ...patch };
    // Only what the user chose is saved; launch-time overrides stay out of the file.
    const chosen = { ...this.persisted, ...patch };
    const saved: Record<string, number> = {};
    for (const key of Object.keys(chosen) as (keyof Settings)[]) {
      const value = chosen[key];
      if (value !== undefined && value !== DEFAULT_SETTINGS[key]) saved[key] = value;
    }
    // Applied only once saved: a change the disk refused must not be in force either.
    await this.store.save(saved);
    this.persisted = saved;
    this.current = next;
    return this.current;
  }
}
