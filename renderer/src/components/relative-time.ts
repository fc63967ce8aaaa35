// How far a time is from now, in the user's words ("in 9 minutes", "2 hours
// ago"). `now` is passed in so the wording is testable without a clock.
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

export function relativeTime(iso: string, now: number, locale?: string): string | undefined {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return undefined;
  const delta = at - now;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(delta) >= ms || unit === 'second') return format.format(Math.round(delta / ms), unit);
  }
  return undefined;
}
