// Which local-folder dialog is open. Its own small store so the sidebar, the
// catalog header and the command palette open the same dialogs.
import { create } from 'zustand';
import type { LocalOrigin } from '../../../../shared/review-model.js';

export type LocalDialog = { readonly kind: 'add' } | { readonly kind: 'remove'; readonly origin: LocalOrigin };

interface LocalDialogsState {
  dialog?: LocalDialog;
  open(dialog: LocalDialog): void;
  close(): void;
}

export const useLocalDialogs = create<LocalDialogsState>((set) => ({
  open(dialog) {
    set({ dialog });
  },
  close() {
    set({ dialog: undefined });
  },
}));
