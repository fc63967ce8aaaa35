// Which dialog is open. One store so the command palette, menus and empty
// states can all open the same dialogs.
import { create } from 'zustand';

export type Dialog =
  | { readonly kind: 'server-form'; readonly serverId?: string }
  | { readonly kind: 'import'; readonly text?: string }
  | { readonly kind: 'settings' }
  | { readonly kind: 'load-by-uri'; readonly serverId?: string }
  | { readonly kind: 'remove-server'; readonly serverId: string }
  | { readonly kind: 'external-link'; readonly url: string }
  | { readonly kind: 'use-in-host' }
  | { readonly kind: 'gateway' };

interface DialogsState {
  dialog?: Dialog;
  open(dialog: Dialog): void;
  close(): void;
}

export const useDialogs = create<DialogsState>((set) => ({
  open(dialog) {
    set({ dialog });
  },
  close() {
    set({ dialog: undefined });
  },
}));
