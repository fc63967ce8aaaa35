// A skill's file paths as people read them: relative to the skill root.
// Pure, so the views' pure helpers (check-evidence.ts) can use it without the API.
import type { SkillEntry } from '../../../../shared/model.js';

/** A file's path relative to the skill root, for display. */
export function relativePath(entry: SkillEntry, fileUri: string): string {
  const root = entry.uri.slice(0, entry.uri.length - 'SKILL.md'.length);
  return fileUri.startsWith(root) ? decodeURIComponentSafe(fileUri.slice(root.length)) : fileUri;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}
