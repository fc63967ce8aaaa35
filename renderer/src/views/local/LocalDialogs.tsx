// Where the local-folder dialogs are mounted; which one is open lives in its store.
import { AddFolderDialog } from './AddFolderDialog.js';
import { RemoveFolderDialog } from './RemoveFolderDialog.js';
import { useLocalDialogs } from './local-dialogs.js';

export function LocalDialogs() {
  const dialog = useLocalDialogs((s) => s.dialog);
  if (!dialog) return null;
  return dialog.kind === 'add' ? <AddFolderDialog /> : <RemoveFolderDialog key={dialog.origin.id} origin={dialog.origin} />;
}
