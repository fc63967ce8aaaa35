// The times a receipt carries (approvedAt, expires, a suppression's expires):
// ISO 8601 with the zone written out. Without one (`2026-06-01T00:00:00`)
// JavaScript reads the machine's local time, so one receipt expired at
// different instants on a CI runner and on a laptop; and Date.parse rolls a
// day the month lacks over (`2026-02-31` is 3 March). Either way the verdict
// would rest on something the signer did not write.
import { z } from 'zod';

const ZONED = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** An ISO 8601 date and time with its zone (Z or ±hh:mm), on a day the calendar has. */
export function isZonedIsoTime(text: string): boolean {
  const match = ZONED.exec(text);
  if (!match || !Number.isFinite(Date.parse(text))) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const zonedIsoTime = z.string().refine(isZonedIsoTime, 'must be an ISO 8601 date and time with its zone (Z or ±hh:mm), on a day the calendar has');
