// Wires the contract's pushed events into the stores, once.
import { api } from '../api.js';
import { useCatalog } from './catalog.js';
import { useServers } from './servers.js';

export function subscribeToEvents(): () => void {
  const offs = [
    api.on('servers.changed', (servers) => useServers.getState().applyServers(servers)),
    api.on('connection.changed', (snapshot) => useServers.getState().applyConnection(snapshot)),
    api.on('skills.listed', ({ serverId, entries, replace, done }) => useCatalog.getState().applyListed(serverId, entries, replace, done)),
    api.on('skills.updated', ({ entries }) => useCatalog.getState().applyUpdated(entries)),
  ];
  return () => offs.forEach((off) => off());
}
