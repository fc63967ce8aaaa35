// What a connected server says changed on its own: its resource listing
// (notifications/resources/list_changed; the skills extension names no
// notification of its own, its listing is resources) and, where it offers
// `resources.subscribe`, one skill's SKILL.md (notifications/resources/updated).
// A 2025-era server sends these unasked (subscriptions by resources/subscribe);
// a 2026-07-28 one only on a subscriptions/listen stream the client opens,
// whose filter carries the URIs, so a new set of URIs opens a new stream.
import type { Client } from '@modelcontextprotocol/client';
import type { ProtocolLog } from './protocol-log.js';

export type ServerNotice = { readonly kind: 'list-changed' } | { readonly kind: 'updated'; readonly uri: string };

/** The most SKILL.md subscriptions one server gets; a larger catalog still relists on list_changed. */
export const MAX_SUBSCRIPTIONS = 200;

interface Offered {
  readonly listChanged: boolean;
  readonly subscribe: boolean;
}

export function offeredBy(capabilities: Record<string, unknown> | undefined): Offered {
  const resources = capabilities?.['resources'];
  const r = resources && typeof resources === 'object' ? (resources as Record<string, unknown>) : {};
  return { listChanged: r['listChanged'] === true, subscribe: r['subscribe'] === true };
}

type Listening = Awaited<ReturnType<Client['listen']>>;

export class ServerNotices {
  private readonly offered: Offered;
  private subscribed: readonly string[] = [];
  private stream: Listening | undefined;
  /** Listens are opened one after another: the newest filter wins, none is left open behind it. */
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly client: Client,
    private readonly era: 'modern' | 'legacy',
    capabilities: Record<string, unknown> | undefined,
    private readonly log: ProtocolLog,
    private readonly onNotice: (notice: ServerNotice) => void,
  ) {
    this.offered = offeredBy(capabilities);
  }

  get offersSubscriptions(): boolean {
    return this.offered.subscribe;
  }

  /** Registers the handlers and, on a modern server that offers list_changed, opens the listen stream. */
  start(): void {
    if (!this.offered.listChanged && !this.offered.subscribe) return;
    this.client.setNotificationHandler('notifications/resources/list_changed', () => this.onNotice({ kind: 'list-changed' }));
    this.client.setNotificationHandler('notifications/resources/updated', (n) => {
      const uri = (n.params as { uri?: unknown } | undefined)?.uri;
      if (typeof uri === 'string' && this.subscribed.includes(uri)) this.onNotice({ kind: 'updated', uri });
    });
    if (this.era === 'modern' && this.offered.listChanged) this.relisten();
  }

  /** Subscribes to these SKILL.md URIs (the first MAX_SUBSCRIPTIONS), where the server offers it. */
  watch(uris: readonly string[]): void {
    if (!this.offered.subscribe || this.closed) return;
    const next = uris.slice(0, MAX_SUBSCRIPTIONS);
    const same = next.length === this.subscribed.length && next.every((u, i) => u === this.subscribed[i]);
    if (same) return;
    if (uris.length > MAX_SUBSCRIPTIONS) {
      this.log.note(`Subscribed to the first ${MAX_SUBSCRIPTIONS} of ${uris.length} skills' SKILL.md (at most ${MAX_SUBSCRIPTIONS} per server); the others are noticed when the server's listing changes.`);
    }
    const added = next.filter((u) => !this.subscribed.includes(u));
    this.subscribed = next;
    if (this.era === 'modern') {
      this.relisten();
      return;
    }
    for (const uri of added) this.client.subscribeResource({ uri }).catch((error: unknown) => this.note(`resources/subscribe ${uri} failed`, error));
  }

  close(): void {
    this.closed = true;
    const stream = this.stream;
    this.stream = undefined;
    if (stream) void stream.close().catch(() => undefined);
  }

  private relisten(): void {
    this.queue = this.queue.then(async () => {
      if (this.closed) return;
      const previous = this.stream;
      this.stream = undefined;
      if (previous) await previous.close().catch(() => undefined);
      try {
        const stream = await this.client.listen({
          ...(this.offered.listChanged ? { resourcesListChanged: true } : {}),
          ...(this.subscribed.length > 0 ? { resourceSubscriptions: [...this.subscribed] } : {}),
        });
        if (this.closed) await stream.close().catch(() => undefined);
        else this.stream = stream;
      } catch (error) {
        this.note('subscriptions/listen failed', error);
      }
    });
  }

  private note(what: string, error: unknown): void {
    if (!this.closed) this.log.note(`${what}: ${error instanceof Error ? error.message : String(error)}. The listing is still refreshed on ttl and by Refresh.`);
  }
}
