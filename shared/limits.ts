// How a message names a limit the user can raise. The app says where in
// Settings it is; the command names its own flag, never "Settings".
import type { Settings } from './model.js';

export type LimitKey = keyof Pick<
  Settings,
  'requestTimeoutMs' | 'maxFileBytes' | 'serverByteBudget' | 'skillByteBudget' | 'jobByteBudget' | 'maxListPages' | 'maxListEntries' | 'maxListBytes'
>;

/** Says how to raise a limit: "Raise it in Settings › Bytes per server", or "--server-byte-budget". */
export type LimitNamer = (key: LimitKey) => string;

const APP_NAMES: Record<LimitKey, string> = {
  requestTimeoutMs: 'Request timeout',
  maxFileBytes: 'Largest file',
  serverByteBudget: 'Bytes per server',
  skillByteBudget: 'Bytes per skill',
  jobByteBudget: 'Bytes per job',
  maxListPages: 'Listing pages',
  maxListEntries: 'Listing entries',
  maxListBytes: 'Listing size',
};

/** The app's wording (the labels of the Settings dialog). */
export const appLimitNamer: LimitNamer = (key) => `Settings › ${APP_NAMES[key]}`;
