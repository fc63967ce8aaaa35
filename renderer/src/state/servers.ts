// Servers and their connections, as the sidebar shows them. These actions
// are the only code that calls the API for servers; errors reach the caller
// so the view can show them in place.
import { create } from 'zustand';
import type { ServerInput } from '../../../shared/api.js';
import type { ConnectionSnapshot, ServerConfig, ServerView } from '../../../shared/model.js';
import { isLocalOriginId } from '../../../shared/review-model.js';
import { api } from '../api.js';
import { useCatalog } from './catalog.js';

export const ALL_SERVERS = 'all';

interface ServersState {
  servers: readonly ServerView[];
  loaded: boolean;
  loadError?: string;
  selectedServerId: string;
  load(): Promise<void>;
  select(serverId: string): void;
  applyServers(servers: readonly ServerView[]): void;
  applyConnection(snapshot: ConnectionSnapshot): void;
  add(input: ServerInput): Promise<ServerConfig>;
  update(serverId: string, input: ServerInput): Promise<ServerConfig>;
  duplicate(serverId: string): Promise<ServerConfig>;
  remove(serverId: string): Promise<void>;
  connect(serverId: string): Promise<ConnectionSnapshot>;
  disconnect(serverId: string): Promise<ConnectionSnapshot>;
  reconnect(serverId: string): Promise<ConnectionSnapshot>;
}

export const useServers = create<ServersState>((set, get) => ({
  servers: [],
  loaded: false,
  selectedServerId: ALL_SERVERS,
  async load() {
    try {
      const servers = await api.call('servers.list', {});
      get().applyServers(servers);
    } catch (error) {
      set({ loadError: error instanceof Error ? error.message : String(error), loaded: true });
    }
  },
  select(serverId) {
    set({ selectedServerId: serverId });
  },
  applyServers(servers) {
    // A server removed elsewhere (another window, the command): its skills leave the catalog, and with them the detail pane, as after Remove here.
    for (const was of get().servers) if (!servers.some((s) => s.config.id === was.config.id)) useCatalog.getState().forgetServer(was.config.id);
    const selected = get().selectedServerId;
    // A local folder chosen in the sidebar is not a server: the servers' list does not unselect it.
    const gone = selected !== ALL_SERVERS && !isLocalOriginId(selected) && !servers.some((s) => s.config.id === selected);
    set({ servers, loaded: true, loadError: undefined, ...(gone ? { selectedServerId: ALL_SERVERS } : {}) });
  },
  applyConnection(snapshot) {
    set({ servers: get().servers.map((s) => (s.config.id === snapshot.serverId ? { ...s, connection: snapshot } : s)) });
  },
  async add(input) {
    const server = await api.call('servers.add', input);
    await get().load();
    return server;
  },
  async update(serverId, input) {
    const server = await api.call('servers.update', { serverId, input });
    await get().load();
    return server;
  },
  async duplicate(serverId) {
    const server = await api.call('servers.duplicate', { serverId });
    await get().load();
    return server;
  },
  async remove(serverId) {
    await api.call('servers.remove', { serverId });
    useCatalog.getState().forgetServer(serverId);
    await get().load();
  },
  async connect(serverId) {
    const snapshot = await api.call('servers.connect', { serverId });
    get().applyConnection(snapshot);
    return snapshot;
  },
  async disconnect(serverId) {
    const snapshot = await api.call('servers.disconnect', { serverId });
    get().applyConnection(snapshot);
    return snapshot;
  },
  async reconnect(serverId) {
    await get().disconnect(serverId);
    return get().connect(serverId);
  },
}));

export function serverById(servers: readonly ServerView[], serverId: string | undefined): ServerView | undefined {
  return serverId ? servers.find((s) => s.config.id === serverId) : undefined;
}

/** What a server is called where this window no longer has it (removed in another window, or not yet listed here). */
export const SERVER_NOT_LISTED = 'a server no longer in your list';
