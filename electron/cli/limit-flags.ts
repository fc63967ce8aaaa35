// The limits the app keeps in Settings, as flags of the command: the same
// settings, the same defaults, named the command's way. Messages about a limit
// name the flag that raises it (cliLimitNamer), never "Settings".
import type { Settings } from '../../shared/model.js';
import type { LimitKey, LimitNamer } from '../../shared/limits.js';
import { UsageError } from './usage-error.js';

type Unit = 'ms' | 'bytes' | 'count';

interface LimitFlag {
  readonly key: keyof Settings;
  readonly unit: Unit;
  readonly max: number;
}

/** setTimeout's largest delay: a longer timeout would fire at once. */
const MAX_TIMEOUT_MS = 2_147_483_647;

const FLAGS = {
  'request-timeout-ms': { key: 'requestTimeoutMs', unit: 'ms', max: MAX_TIMEOUT_MS },
  'max-file-bytes': { key: 'maxFileBytes', unit: 'bytes', max: Number.MAX_SAFE_INTEGER },
  'skill-byte-budget': { key: 'skillByteBudget', unit: 'bytes', max: Number.MAX_SAFE_INTEGER },
  'server-byte-budget': { key: 'serverByteBudget', unit: 'bytes', max: Number.MAX_SAFE_INTEGER },
  'max-list-pages': { key: 'maxListPages', unit: 'count', max: Number.MAX_SAFE_INTEGER },
  'max-list-entries': { key: 'maxListEntries', unit: 'count', max: Number.MAX_SAFE_INTEGER },
  'max-list-bytes': { key: 'maxListBytes', unit: 'bytes', max: Number.MAX_SAFE_INTEGER },
  concurrency: { key: 'readConcurrency', unit: 'count', max: 64 },
} as const satisfies Record<string, LimitFlag>;

export type LimitFlagName = keyof typeof FLAGS;

/** Skills `check` verifies at once unless --concurrency says otherwise: each reads its files one by one. */
export const CHECK_CONCURRENCY = 4;

/** Which flags a command takes: the limits that bound what it does. */
export const LISTING_LIMITS = ['request-timeout-ms', 'max-list-pages', 'max-list-entries', 'max-list-bytes'] as const satisfies readonly LimitFlagName[];
export const READING_LIMITS = [...LISTING_LIMITS, 'max-file-bytes', 'skill-byte-budget', 'server-byte-budget'] as const satisfies readonly LimitFlagName[];

/** `parseArgs` options for `names`. */
export function limitOptions<const N extends LimitFlagName>(names: readonly N[]): { [K in N]: { type: 'string' } } {
  return Object.fromEntries(names.map((n) => [n, { type: 'string' }])) as { [K in N]: { type: 'string' } };
}

const FLAG_OF: Record<LimitKey, string> = {
  requestTimeoutMs: '--request-timeout-ms',
  maxFileBytes: '--max-file-bytes',
  serverByteBudget: '--server-byte-budget',
  skillByteBudget: '--skill-byte-budget',
  // A command reads one server: its job is that server, bounded by --server-byte-budget (the job budget follows it).
  jobByteBudget: '--server-byte-budget',
  maxListPages: '--max-list-pages',
  maxListEntries: '--max-list-entries',
  maxListBytes: '--max-list-bytes',
};

/** The command's wording for a limit: the flag that raises it. */
export const cliLimitNamer: LimitNamer = (key) => FLAG_OF[key];

const BINARY_UNITS: Record<string, number> = { b: 1, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };

/** One flag's value: a whole number; bytes may end in KiB, MiB or GiB (powers of 1024). */
export function parseLimit(flag: LimitFlagName, text: string): number {
  const spec: LimitFlag = FLAGS[flag];
  const bytes = spec.unit === 'bytes';
  const match = (bytes ? /^(\d+)\s*(b|kib|mib|gib)?$/i : /^(\d+)$/).exec(text.trim());
  const expected = bytes ? 'a whole number of bytes, optionally with KiB, MiB or GiB (e.g. 16MiB)' : spec.unit === 'ms' ? 'a whole number of milliseconds' : 'a whole number';
  if (!match) throw new UsageError(`--${flag} needs ${expected}, got "${text}".`);
  const value = Number(match[1]) * BINARY_UNITS[(match[2] ?? 'b').toLowerCase()]!;
  if (!Number.isSafeInteger(value) || value < 1 || value > spec.max) throw new UsageError(`--${flag} must be from 1 to ${spec.max}, got "${text}".`);
  return value;
}

/** The settings the given flags set (absent flags keep the app's defaults). */
export function limitSettings(values: Partial<Record<LimitFlagName, string | undefined>>): Partial<Settings> {
  const settings: Record<string, number> = {};
  for (const [flag, text] of Object.entries(values) as Array<[LimitFlagName, string | undefined]>) {
    if (text === undefined || !(flag in FLAGS)) continue;
    settings[FLAGS[flag].key] = parseLimit(flag, text);
  }
  // One server per command: its job budget is its server budget.
  if (settings['serverByteBudget'] !== undefined) settings['jobByteBudget'] = settings['serverByteBudget'];
  return settings as Partial<Settings>;
}
