// "Connect all" (the palette, after an import): every server of the list not
// connected yet, a few at a time, so thirty imported servers do not start
// thirty processes at once on a small machine. Each outcome (or diagnostic)
// shows on its own row, as a single Connect's does.
import { eachAtMost } from '../../../shared/at-most.js';
import { useServers } from './servers.js';

/** How many servers connect at the same time. */
export const CONNECT_ALL_AT_ONCE = 3;

/** Connects the listed servers that are not connected or connecting; resolves when every attempt has ended. */
export async function connectAll(serverIds: readonly string[], atOnce = CONNECT_ALL_AT_ONCE): Promise<void> {
  const store = useServers.getState();
  const waiting = serverIds.filter((id) => {
    const status = store.servers.find((s) => s.config.id === id)?.connection.status;
    return status !== 'connected' && status !== 'connecting';
  });
  // A failure is the server's own diagnostic on its row; the others go on.
  await eachAtMost(waiting, atOnce, async (id) => useServers.getState().connect(id).then(() => undefined, () => undefined));
}
