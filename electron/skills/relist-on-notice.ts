// Lists a server again when it says its listing changed, so a server developer
// sees the catalog follow their edits without pressing Refresh. Notifications
// come in bursts (an editor's save, a hostile flood): the first one plans a
// relist a short while later and the rest until then join it; one that arrives
// while a relist runs plans exactly one more after it. So a server is never
// listed twice at once, and N notifications cost at most two relists per
// quiet period, whatever N is.

export interface RelistDeps {
  /** Lists the server again (the same path as Refresh); rejects when it could not. */
  readonly relist: (serverId: string) => Promise<unknown>;
  /** How long a burst is gathered before the relist, ms. */
  readonly delayMs?: number;
}

export const RELIST_DELAY_MS = 250;

interface ServerState {
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  /** A notification arrived during the running relist. */
  again: boolean;
}

export class NoticeRelister {
  private readonly servers = new Map<string, ServerState>();

  constructor(private readonly deps: RelistDeps) {}

  /** The server said something changed. */
  notice(serverId: string): void {
    const state = this.servers.get(serverId) ?? { again: false };
    this.servers.set(serverId, state);
    if (state.running) {
      state.again = true;
      return;
    }
    if (state.timer) return;
    state.timer = setTimeout(() => this.run(serverId, state), this.deps.delayMs ?? RELIST_DELAY_MS);
    // A planned relist must not keep a CLI run or a test process alive.
    state.timer.unref();
  }

  /** The server disconnected or was removed: nothing more is planned for it (a running relist finishes). */
  cancel(serverId: string): void {
    const state = this.servers.get(serverId);
    if (!state) return;
    if (state.timer) clearTimeout(state.timer);
    state.timer = undefined;
    state.again = false;
    if (!state.running) this.servers.delete(serverId);
  }

  close(): void {
    for (const serverId of [...this.servers.keys()]) this.cancel(serverId);
  }

  private run(serverId: string, state: ServerState): void {
    state.timer = undefined;
    state.running = this.deps
      .relist(serverId)
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        state.running = undefined;
        if (this.servers.get(serverId) !== state) return;
        if (state.again) {
          state.again = false;
          this.notice(serverId);
        } else {
          this.servers.delete(serverId);
        }
      });
  }
}
