// Which dialog is open. One store so the command palette, menus and empty
// states can all open the same dialogs. Each dialog is mounted open and
// unmounted on close, so Mantine never sees it close and cannot give focus
// back: the store keeps what had focus when the first dialog opened and gives
// it back once the last one closes, so the keyboard goes on where it was.
import { create } from 'zustand';

export type Dialog =
  | { readonly kind: 'server-form'; readonly serverId?: string }
  | { readonly kind: 'import'; readonly text?: string }
  | { readonly kind: 'settings' }
  | { readonly kind: 'load-by-uri'; readonly serverId?: string }
  | { readonly kind: 'remove-server'; readonly serverId: string }
  | { readonly kind: 'external-link'; readonly url: string }
  | { readonly kind: 'use-in-host' }
  | { readonly kind: 'gateway' }
  | { readonly kind: 'lock-comparison' };

interface DialogsState {
  dialog?: Dialog;
  open(dialog: Dialog): void;
  close(): void;
}

/** The element that had focus before the first dialog opened. */
let returnFocusTo: HTMLElement | undefined;

export const useDialogs = create<DialogsState>((set, get) => ({
  open(dialog) {
    if (!get().dialog) {
      const active = typeof document === 'undefined' ? null : document.activeElement;
      returnFocusTo = active instanceof HTMLElement && active !== document.body ? active : undefined;
    }
    set({ dialog });
  },
  close() {
    set({ dialog: undefined });
    const target = returnFocusTo;
    returnFocusTo = undefined;
    if (!target) return;
    // After the dialog has gone (its focus trap too); not when something else took focus meanwhile, nor to an element no longer shown.
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (get().dialog || !target.isConnected || (active && active !== document.body)) return;
      target.focus();
    });
  },
}));
