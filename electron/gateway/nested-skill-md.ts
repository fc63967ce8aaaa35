// A skill nested in a served skill has its SKILL.md among the parent's files,
// and the parent serves it as a file of its own. Hosts find skills by that
// file name (a host that copies a skill's folder to disk finds the nested one
// there too), so its `allowed-tools` is cut out as the nested skill's own
// SKILL.md is (allowed-tools.ts) unless the nested skill's own approval grants
// it: no elevation rides in on the parent's approval (threat model T3, T9).
// The parent and the nested skill then serve the same bytes under the one URI,
// so the nested skill is served too instead of clashing with its parent.
import type { SkillFileRef } from '../../shared/model.js';
import { canonicalUri } from '../../shared/skill-uri.js';
import { parseFrontmatter } from '../skills/frontmatter.js';
import { writtenAsSkillMd } from '../skills/windows-names.js';
import { sha256Digest } from '../snapshots/snapshot-store.js';
import { ALLOWED_TOOLS, grantCoversMerged, MERGED_ALLOWED_TOOLS, mergedAllowedTools, withoutAllowedTools } from './allowed-tools.js';

/** The approved bytes of a nested SKILL.md (already checked against their digest), and whether its skill's own approval grants allowed-tools. */
export interface NestedSkillMd {
  readonly bytes: Uint8Array;
  readonly allowedToolsGranted: boolean;
  /** The tools that approval grants, as it recorded them. */
  readonly grantedTools?: readonly string[];
}

// Whether a host may write a file as a SKILL.md is one decision with the app's findings (windows-names.ts).
export { writtenAsSkillMd };

/** The files of a skill that are the SKILL.md of a skill nested in it (not its own). */
export function nestedSkillMdFiles(skillUri: string, resources: readonly SkillFileRef[]): SkillFileRef[] {
  const own = canonicalUri(skillUri);
  return resources.filter((r) => {
    const key = canonicalUri(r.uri);
    return key !== own && writtenAsSkillMd(key);
  });
}

export type NestedServed = { readonly ok: true; readonly cut?: { readonly digest: string; readonly size: number } } | { readonly ok: false; readonly reason: string };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** How the parent serves one nested SKILL.md: as approved, cut of its allowed-tools, or (when it cannot be cut) not at all. */
export function nestedServed(uri: string, nested: NestedSkillMd | undefined): NestedServed {
  const of = `its file ${uri} is the SKILL.md of a skill nested in it`;
  if (!nested) return { ok: false, reason: `${of}, and its approved bytes could not be checked for allowed-tools` };
  let text: string | undefined;
  try {
    text = utf8.decode(nested.bytes);
  } catch {
    text = undefined;
  }
  const parsed = text === undefined ? undefined : parseFrontmatter(text);
  if (text !== undefined && parsed?.ok) {
    // A host reading YAML 1.1 would take another allowed-tools from it than the one granted or cut (or granted none).
    if (mergedAllowedTools(text, parsed.value) && !(nested.allowedToolsGranted && grantCoversMerged(text, parsed.value, nested.grantedTools))) return { ok: false, reason: `${of}: ${MERGED_ALLOWED_TOOLS}` };
    if (nested.allowedToolsGranted) return { ok: true };
    if (!Object.hasOwn(parsed.value, ALLOWED_TOOLS)) return { ok: true };
    const cut = withoutAllowedTools(text, parsed.value);
    if (!cut.ok) return { ok: false, reason: `${of}, which asks for allowed-tools; that is not granted and cannot be left out: ${cut.reason}` };
    const bytes = Buffer.from(cut.text, 'utf8');
    return { ok: true, cut: { digest: sha256Digest(bytes), size: bytes.byteLength } };
  }
  if (nested.allowedToolsGranted) return { ok: true };
  // A frontmatter this app cannot read is plain markdown to hosts that read as it does; a laxer host may still take the field from it.
  if (Buffer.from(nested.bytes).includes(ALLOWED_TOOLS)) return { ok: false, reason: `${of}, which names allowed-tools in a frontmatter that cannot be read, so it cannot be left out` };
  return { ok: true };
}
