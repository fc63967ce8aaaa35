// Servers and their connections, as the sidebar shows them. Actions are the
// only code that calls the API for servers.
import { create } from 'zustand';
import type { ServerInput } from '../../../shared/api.js';
import type { ConnectionSnapshot, ServerView } from '../../../shared/model.js';
import { api } from '../api.js';

export const ALL_SERVERS = 'all';

interface ServersState {
  servers: readonly ServerView[];
  loaded: boolean;
  selectedServerId: string;
  load(): Promise<void>;
  select(serverId: string): void;
  applyServers(servers: readonly ServerView[]): void;
  applyConnection(snapshot: ConnectionSnapshot): void;
  add(input: ServerInput): Promise<string>;
  update(serverId: string, input: ServerInput): Promise<void>;
  duplicate(serverId: string): Promise<void>;
  remove(serverId: string): Promise<void>;
  connect(serverId: string): Promise<ConnectionSnapshot>;
  disconnect(serverId: string): Promise<void>;
}

export const useServers = create<ServersState>((set, get) => ({
  servers: [],
  loaded: false,
  selectedServerId: ALL_SERVERS,
  async load() {
    const servers = await api.call('servers.list', {});
    set({ servers, loaded: true });
  },
  select(serverId) {
    set({ selectedServerId: serverId });
  },
  applyServers(servers) {
    const selected = get().selectedServerId;
    set({ servers, loaded: true, ...(selected !== ALL_SERVERS && !servers.some((s) => s.config.id === selected) ? { selectedServerId: ALL_SERVERS } : {}) });
  },
  applyConnection(snapshot) {
    set({ servers: get().servers.map((s) => (s.config.id === snapshot.serverId ? { ...s, connection: snapshot } : s)) });
  },
  async add(input) {
    const server = await api.call('servers.add', input);
    await get().load();
    return server.id;
  },
  async update(serverId, input) {
    await api.call('servers.update', { serverId, input });
    await get().load();
  },
  async duplicate(serverId) {
    await api.call('servers.duplicate', { serverId });
    await get().load();
  },
  async remove(serverId) {
    await api.call('servers.remove', { serverId });
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
  },
}));
