// The in-app gateway's state (where it listens, connected hosts, what each was
// served, paused or not) and the word when an approved skill leaves it because
// it changed upstream: a toast, and a system notification (the Web
// Notifications API) when the user allowed them.
import { shownName, shownText } from '../components/shown-text.js';
import { showToast } from './toast.js';
import { create } from 'zustand';
import { withdrawalNotice, type GatewayStatus, type GatewayWithdrawal } from '../../../shared/gateway-model.js';
import { api } from '../api.js';

interface GatewayState {
  status?: GatewayStatus;
  withdrawals: readonly GatewayWithdrawal[];
  load(): Promise<void>;
  setPaused(paused: boolean): Promise<void>;
  apply(status: GatewayStatus): void;
  applyWithdrawn(withdrawal: GatewayWithdrawal): void;
}

export const useGateway = create<GatewayState>((set, get) => ({
  withdrawals: [],
  async load() {
    set({ status: await api.call('gateway.status', {}) });
  },
  async setPaused(paused) {
    set({ status: await api.call('gateway.setPaused', { paused }) });
  },
  apply(status) {
    set({ status });
  },
  applyWithdrawn(withdrawal) {
    set({ withdrawals: [withdrawal, ...get().withdrawals].slice(0, 50) });
    const { title, body: message } = withdrawalNotice(withdrawal);
    showToast({ id: `gateway-withdrawn:${withdrawal.label}:${withdrawal.uri}:${withdrawal.at}`, color: 'orange', title, message, autoClose: 12_000 });
    // In browser mode the system notification is the Web Notifications API; the Electron shell refuses the page that permission and shows its own (electron/background/).
    // The skill's name and server label are a server's and a config's words: marked, as in the toast.
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted') new Notification(shownName(title), { body: shownText(message), tag: `gateway:${withdrawal.uri}` });
  },
}));

/** Asked from a click (browsers only grant it from a user gesture). */
export async function allowSystemNotifications(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.permission === 'default' ? Notification.requestPermission() : Notification.permission;
}
