// A server's label as the catalog keeps it: unique among the others (case
// does not count), whitespace tidied, at most MAX_LABEL_LENGTH UTF-16 code
// units, and whole characters only. A label is written to servers.json and
// shown on every screen; half a character (a surrogate on its own) has no
// UTF-8 form, is drawn as an unmarked box, and is an escape that strict JSON
// readers refuse.

/** The longest label the contract accepts (serverInputSchema). */
export const MAX_LABEL_LENGTH = 120;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The first `units` code units of `text`, one fewer when the last would be the first half of a pair. */
function cutWhole(text: string, units: number): string {
  const cut = text.slice(0, units);
  const last = cut.charCodeAt(cut.length - 1);
  return cut.length < text.length && last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** Makes `wanted` unique among `taken` (case-insensitively) by adding " (2)", " (3)", …, within the length limit. */
export function uniqueLabel(wanted: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((l) => l.toLowerCase()));
  // A surrogate on its own (a name may hold one: "\ud800" is valid JSON) becomes U+FFFD, which the window draws with its mark.
  const base = wanted.replace(LONE_SURROGATE, '\uFFFD').replace(/\s+/g, ' ').trim() || 'server';
  const fit = (suffix: string) => `${cutWhole(base, MAX_LABEL_LENGTH - suffix.length).trimEnd()}${suffix}`;
  if (!used.has(fit('').toLowerCase())) return fit('');
  for (let n = 2; ; n++) {
    const candidate = fit(` (${n})`);
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
