// `allowed-tools` is a request for elevation (threat model T3): a host must
// not honour it unless the user granted it. Most hosts honour it as written,
// so the gateway takes it out of what it serves until the grant is given.
// The entry's frontmatter must equal the served SKILL.md's (hosts check field
// by field), so the field leaves the file too: its lines are cut from the
// frontmatter block and nothing else is touched. The result is parsed again
// and must equal the original frontmatter minus that one field, or the skill
// is not served at all — a cut that changed anything else is never sent.
import { compareFrontmatter, parseFrontmatter } from '../skills/frontmatter.js';

export const ALLOWED_TOOLS = 'allowed-tools';

export type AllowedToolsCut = { readonly ok: true; readonly text: string; readonly frontmatter: Record<string, unknown> } | { readonly ok: false; readonly reason: string };

/** SKILL.md text without its `allowed-tools` field, checked by parsing both. */
export function withoutAllowedTools(text: string, frontmatter: Record<string, unknown>): AllowedToolsCut {
  const lines = text.split(/(?<=\n)/);
  const close = lines.findIndex((line, i) => i > 0 && line.replace(/\r?\n$/, '').trimEnd() === '---');
  if (!/^(\uFEFF)?---\s*$/.test(lines[0]?.replace(/\r?\n$/, '') ?? '') || close < 0) return { ok: false, reason: 'its frontmatter block could not be found' };
  const kept: string[] = [];
  let cutting = false;
  let cut = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (i > 0 && i < close) {
      const bare = line.replace(/\r?\n$/, '');
      if (/^allowed-tools\s*:/.test(bare) || /^["']allowed-tools["']\s*:/.test(bare)) {
        cutting = true;
        cut++;
        continue;
      }
      // The field's value goes on while lines are indented, are sequence items at column 0, or are blank.
      if (cutting && (/^[ \t]/.test(bare) || /^-(\s|$)/.test(bare) || bare.trim() === '')) continue;
      cutting = false;
    }
    kept.push(line);
  }
  if (cut !== 1) return { ok: false, reason: cut === 0 ? 'its allowed-tools field is not written as a plain top-level key' : 'its allowed-tools field is written more than once' };
  const result = kept.join('');
  const parsed = parseFrontmatter(result);
  if (!parsed.ok) return { ok: false, reason: `without allowed-tools its frontmatter no longer parses (${parsed.message})` };
  const expected = Object.fromEntries(Object.entries(frontmatter).filter(([key]) => key !== ALLOWED_TOOLS));
  const differences = compareFrontmatter(expected, parsed.value);
  if (differences.length > 0) return { ok: false, reason: `taking allowed-tools out would change ${differences.map((d) => d.field).join(', ')}` };
  return { ok: true, text: result, frontmatter: parsed.value };
}
