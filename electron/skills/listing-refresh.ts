// Lists a connected server's skills again once its listing goes stale, so a
// changed skill is noticed (and its approval revoked) without the user
// pressing Refresh. The server's `ttlMs` says when (SEP-2549); it is not a
// polling interval, so a listing without one (or with 0) is never polled, a
// short one is stretched to the user's minimum, every wait gets jitter, and a
// failed refresh backs off.

export interface ListingRefreshDeps {
  /** Lists the server again; rejects when it could not. */
  readonly refresh: (serverId: string) => Promise<unknown>;
  /** The shortest wait between automatic listings, ms; 0 turns them off (Settings: minListingRefreshMs). */
  readonly minIntervalMs: () => number;
  /** 0 ≤ r < 1; tests pass a fixed one. */
  readonly random?: () => number;
}

/** Waits get up to this fraction added, so many servers with one TTL don't all refresh together. */
const JITTER = 0.1;
/** A server that keeps failing is tried at most this rarely. */
export const MAX_BACKOFF_MS = 60 * 60 * 1000;

interface Plan {
  timer: NodeJS.Timeout;
  /** When the refresh is due (Date.now() ms), for the UI and tests. */
  readonly dueAt: number;
}

export class ListingRefresher {
  private readonly plans = new Map<string, Plan>();
  private readonly failures = new Map<string, number>();

  constructor(private readonly deps: ListingRefreshDeps) {}

  /** A listing arrived with this ttlMs (undefined: the server sent none). Plans the next one. */
  listed(serverId: string, ttlMs: number | undefined): void {
    this.failures.delete(serverId);
    this.plan(serverId, ttlMs ?? 0);
  }

  /** A listing failed; tries again later, waiting twice as long each time. */
  failed(serverId: string, ttlMs: number | undefined): void {
    const failures = (this.failures.get(serverId) ?? 0) + 1;
    this.failures.set(serverId, failures);
    this.plan(serverId, ttlMs ?? 0, failures);
  }

  /** The server disconnected or was removed: nothing more is planned for it. */
  cancel(serverId: string): void {
    const plan = this.plans.get(serverId);
    if (plan) clearTimeout(plan.timer);
    this.plans.delete(serverId);
    this.failures.delete(serverId);
  }

  /** When the next automatic listing is due, if one is planned. */
  dueAt(serverId: string): number | undefined {
    return this.plans.get(serverId)?.dueAt;
  }

  close(): void {
    for (const serverId of [...this.plans.keys()]) this.cancel(serverId);
  }

  private plan(serverId: string, ttlMs: number, failures = 0): void {
    const previous = this.plans.get(serverId);
    if (previous) clearTimeout(previous.timer);
    this.plans.delete(serverId);
    const min = this.deps.minIntervalMs();
    if (min <= 0 || ttlMs <= 0) return;
    const base = Math.min(Math.max(ttlMs, min) * 2 ** failures, MAX_BACKOFF_MS);
    const wait = Math.round(base * (1 + JITTER * (this.deps.random ?? Math.random)()));
    const timer = setTimeout(() => {
      this.plans.delete(serverId);
      // refresh() reports its own outcome through listed()/failed(); nothing to do with the promise here.
      this.deps.refresh(serverId).catch(() => undefined);
    }, wait);
    // An open timer must not keep a CLI run or a test process alive.
    timer.unref();
    this.plans.set(serverId, { timer, dueAt: Date.now() + wait });
  }
}
