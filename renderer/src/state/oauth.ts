// OAuth sign-in as this window sees it: the sign-ins it started and how the
// last one ended, and the authorization pages waiting in the browser. Never a
// token, a code or a client secret: the main process keeps them, and
// ServerView.oauth says only what they allow.
import { create } from 'zustand';
import type { Diagnostic, ServerView } from '../../../shared/model.js';
import type { OAuthAuthorizationUrl, OAuthStatus } from '../../../shared/oauth-model.js';
import { api } from '../api.js';
import { isWebAddress, openInNewTab } from './authorization-tab.js';
import { useServers } from './servers.js';

/**
 * An authorization page the user is to finish. `tab`: opened here in a new tab; blocked by the
 * browser (or started in another window), so a link to click; opened by the app in the system
 * browser (Electron); refused (not an http(s) address).
 */
export interface AuthorizationPage {
  readonly serverId: string;
  readonly url: string;
  readonly tab: 'opened' | 'blocked' | 'not-opened' | 'system-browser' | 'refused';
  /** The server list said "signing in" since the page came: its end (signingIn false) ends the page. */
  readonly seenSigningIn: boolean;
}

interface OAuthState {
  pages: Readonly<Record<string, AuthorizationPage>>;
  /** Sign-ins this window started that have not ended. */
  running: Readonly<Record<string, true>>;
  /** How this window's last sign-in of each server failed (cleared by the next one). */
  failures: Readonly<Record<string, Diagnostic>>;
  signIn(serverId: string): Promise<void>;
  cancel(serverId: string): Promise<void>;
  signOut(serverId: string): Promise<void>;
  applyAuthorizationUrl(page: OAuthAuthorizationUrl): void;
  applyServers(servers: readonly ServerView[]): void;
  dismissFailure(serverId: string): void;
}

const without = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

/** The server list shows the status the main process answered, before its servers.changed arrives. */
function applyStatus(status: OAuthStatus): void {
  useServers.setState((s) => ({ servers: s.servers.map((v) => (v.config.id === status.serverId ? { ...v, oauth: status } : v)) }));
}

export const useOAuth = create<OAuthState>((set, get) => ({
  pages: {},
  running: {},
  failures: {},
  async signIn(serverId) {
    set({ running: { ...get().running, [serverId]: true }, failures: without(get().failures, serverId) });
    try {
      const result = await api.call('servers.signIn', { serverId });
      applyStatus(result.oauth);
      useServers.getState().applyConnection(result.connection);
      if (result.error) set({ failures: { ...get().failures, [serverId]: result.error } });
    } finally {
      set({ running: without(get().running, serverId), pages: without(get().pages, serverId) });
    }
  },
  async cancel(serverId) {
    await api.call('servers.cancelSignIn', { serverId });
    set({ pages: without(get().pages, serverId) });
  },
  async signOut(serverId) {
    applyStatus(await api.call('servers.signOut', { serverId }));
    set({ failures: without(get().failures, serverId) });
  },
  applyAuthorizationUrl({ serverId, url, open }) {
    // The same page pushed again (a second sign-in joining the first) is not opened twice.
    if (get().pages[serverId]?.url === url) return;
    let tab: AuthorizationPage['tab'];
    if (!isWebAddress(url)) tab = 'refused';
    else if (!open) tab = 'system-browser';
    // Every tab of the app hears the event: the one that asked opens the page; another only if it is in front.
    else if (get().running[serverId] || document.hasFocus()) tab = openInNewTab(url);
    else tab = 'not-opened';
    set({ pages: { ...get().pages, [serverId]: { serverId, url, tab, seenSigningIn: false } } });
  },
  applyServers(servers) {
    const pages = { ...get().pages };
    let changed = false;
    for (const page of Object.values(get().pages)) {
      const oauth = servers.find((s) => s.config.id === page.serverId)?.oauth;
      if (!oauth || (page.seenSigningIn && !oauth.signingIn)) {
        delete pages[page.serverId];
        changed = true;
      } else if (oauth.signingIn && !page.seenSigningIn) {
        pages[page.serverId] = { ...page, seenSigningIn: true };
        changed = true;
      }
    }
    if (changed) set({ pages });
  },
  dismissFailure(serverId) {
    set({ failures: without(get().failures, serverId) });
  },
}));

/** The diagnostics a sign-in answers: the connection's notice offers Sign in for them. */
export const SIGN_IN_CODES: ReadonlySet<string> = new Set(['oauth-sign-in-required', 'oauth-refresh-refused', 'oauth-insufficient-scope']);
