// The export and lockfile actions, shared by the server's Approvals tab and
// the command palette: each says what happened, or why it could not.
import { showToast } from '../../state/toast.js';
import { errorMessage } from '../../api.js';
import { TOAST_POSITION, useApprovals } from '../../state/approvals.js';
import { downloadText } from './download.js';
import { pickTextFile } from './pick-file.js';

export async function exportEnabledSkills(serverId: string): Promise<void> {
  try {
    const { json, fileName, count } = await useApprovals.getState().exportEnabled(serverId);
    downloadText(json, fileName);
    showToast({ position: TOAST_POSITION, color: 'blue', title: 'Enabled skills exported', message: `${count} enabled skill${count === 1 ? '' : 's'} saved as ${fileName}.` });
  } catch (error) {
    showToast({ position: TOAST_POSITION, color: 'red', title: 'Could not export the enabled skills', message: errorMessage(error) });
  }
}

export async function exportLockfile(serverId?: string): Promise<void> {
  try {
    const { json, fileName, skillCount, servers } = await useApprovals.getState().exportLock(serverId);
    downloadText(json, fileName);
    showToast({ position: TOAST_POSITION, color: 'blue', title: 'Lockfile exported', message: `${skillCount} approved skill${skillCount === 1 ? '' : 's'} of ${servers.map((s) => `"${s}"`).join(', ')} pinned in ${fileName}. "skill-inspector verify --lock ${fileName}" checks a server against it.` });
  } catch (error) {
    showToast({ position: TOAST_POSITION, color: 'red', title: 'Could not export a lockfile', message: errorMessage(error) });
  }
}

/**
 * Asks for a lockfile and compares it with the connected servers; the result shows in the Approvals tab.
 * `picked`: told once a file was picked, with the comparison under way (the palette opens the tab then).
 */
export async function compareLockfile(picked?: (compared: Promise<void>) => void): Promise<void> {
  let file;
  try {
    file = await pickTextFile();
  } catch (error) {
    showToast({ position: TOAST_POSITION, color: 'red', title: 'Could not read the file', message: errorMessage(error) });
    return;
  }
  if (!file) return;
  const compared = useApprovals.getState().importLock(file.text, file.name);
  picked?.(compared);
  await compared;
}
