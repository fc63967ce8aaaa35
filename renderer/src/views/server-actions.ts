// What the user can do to a server, shared by the sidebar menu, the server
// screen and the command palette. Failures become a notification that says
// what failed; connection problems themselves arrive as diagnostics.
import { showToast } from '../state/toast.js';
import { errorMessage } from '../api.js';
import { useCatalog } from '../state/catalog.js';
import { useDialogs } from '../state/dialogs.js';
import { useOAuth } from '../state/oauth.js';
import { useProtocolLog } from '../state/protocol-log.js';
import { useSelection } from '../state/selection.js';
import { serverById, useServers } from '../state/servers.js';
import { useServerWatches } from '../state/server-watch.js';
import { useVerify } from '../state/verify.js';

function report(what: string) {
  return (error: unknown) => showToast({ color: 'red', title: what, message: errorMessage(error), autoClose: 10_000 });
}

export const serverActions = {
  connect(serverId: string) {
    void useServers.getState().connect(serverId).catch(report('Could not connect'));
  },
  disconnect(serverId: string) {
    void useServers.getState().disconnect(serverId).catch(report('Could not disconnect'));
  },
  reconnect(serverId: string) {
    void useServers.getState().reconnect(serverId).catch(report('Could not reconnect'));
  },
  refresh(serverId: string) {
    void useCatalog.getState().refresh(serverId).catch(report('Could not list the skills'));
  },
  /** Adds a copy and chooses it; gives the copy's id, or nothing when it could not be added (a notification says why). */
  duplicate(serverId: string): Promise<string | undefined> {
    return useServers
      .getState()
      .duplicate(serverId)
      .then(
        (copy) => {
          useServers.getState().select(copy.id);
          showToast({ color: 'blue', title: 'Server duplicated', message: `Added "${copy.label}". Edit it to change what differs.` });
          return copy.id;
        },
        (error: unknown) => {
          report('Could not duplicate')(error);
          return undefined;
        },
      );
  },
  edit(serverId: string) {
    useDialogs.getState().open({ kind: 'server-form', serverId });
  },
  remove(serverId: string) {
    useDialogs.getState().open({ kind: 'remove-server', serverId });
  },
  overview(serverId: string) {
    useServers.getState().select(serverId);
    useSelection.getState().showServer(serverId, 'overview');
  },
  /** Its Approvals tab, the server chosen in the sidebar as for its other screens (the sidebar says whose screen this is). */
  approvals(serverId: string) {
    useServers.getState().select(serverId);
    useSelection.getState().showServer(serverId, 'approvals');
  },
  log(serverId: string) {
    useServers.getState().select(serverId);
    useSelection.getState().showServer(serverId, 'log');
  },
  /**
   * Watch: opens the server's Watch tab and, when the server has a working folder, starts watching it.
   * Without one the tab asks for the folder to watch.
   */
  watch(serverId: string) {
    useServers.getState().select(serverId);
    useSelection.getState().showServer(serverId, 'watch');
    const transport = serverById(useServers.getState().servers, serverId)?.config.transport;
    if (transport?.kind !== 'stdio' || !transport.cwd) return;
    void useServerWatches.getState().start(serverId).catch(report('Could not watch'));
  },
  stopWatching(serverId: string) {
    void useServerWatches.getState().stop(serverId).catch(report('Could not stop watching'));
  },
  /** The protocol log showing only the messages of one skill. */
  logOfSkill(serverId: string, skillUri: string) {
    useProtocolLog.getState().setSkillFilter(serverId, skillUri);
    serverActions.log(serverId);
  },
  /** OAuth: the authorization page opens in the browser; the server connects when the sign-in ends. */
  signIn(serverId: string) {
    void useOAuth.getState().signIn(serverId).catch(report('Could not sign in'));
  },
  cancelSignIn(serverId: string) {
    void useOAuth.getState().cancel(serverId).catch(report('Could not cancel the sign-in'));
  },
  signOut(serverId: string) {
    void useOAuth.getState().signOut(serverId).catch(report('Could not sign out'));
  },
  verifyAll(serverId?: string) {
    void useVerify.getState().verifyAll(serverId);
  },
  loadByUri(serverId?: string) {
    useDialogs.getState().open({ kind: 'load-by-uri', ...(serverId ? { serverId } : {}) });
  },
};
