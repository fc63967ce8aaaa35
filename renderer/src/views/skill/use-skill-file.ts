// Reads a file of the open skill when a tab shows it (the user's request),
// and returns its load state.
import { useEffect } from 'react';
import type { SkillEntry } from '../../../../shared/model.js';
import { fileKey, useFiles, type FileLoad } from '../../state/files.js';

export function useSkillFile(entry: SkillEntry, fileUri: string | undefined): FileLoad | undefined {
  const { serverId, uri } = entry;
  const load = useFiles((s) => (fileUri ? s.files.get(fileKey(serverId, uri, fileUri)) : undefined));
  useEffect(() => {
    if (fileUri) void useFiles.getState().load(serverId, uri, fileUri);
  }, [serverId, uri, fileUri]);
  return load;
}

export function reloadFile(entry: SkillEntry, fileUri: string): void {
  void useFiles.getState().load(entry.serverId, entry.uri, fileUri, true);
}

/** The listed size and digest of a file, when the entry lists it. */
export function listedRef(entry: SkillEntry, fileUri: string): { digest: string; size: number } | undefined {
  if (!Array.isArray(entry.resources)) return undefined;
  return entry.resources.find((r) => r.uri === fileUri);
}

/** A file's path relative to the skill root, for display (pure: skill-paths.ts). */
export { relativePath } from './skill-paths.js';
