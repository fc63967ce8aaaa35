// The gateway the app itself runs: Streamable HTTP on 127.0.0.1 with a token,
// serving the app's live approvals and snapshots (the same ApprovedCatalog the
// command reads), with a record of what each host was served, a pause switch,
// word when an approved skill leaves because it changed upstream, and why each
// approved skill it holds back is held back (what the command prints on stderr).
import type { GatewayStatus, GatewayWithdrawal } from '../../shared/gateway-model.js';
import { ApprovedCatalog } from './approved-catalog.js';
import { Gateway } from './gateway.js';
import { HostActivity } from './host-activity.js';
import { newGatewayToken, serveGatewayHttp, type GatewayHttp } from './serve.js';
import type { ServedSkill } from './served-skill.js';
import { watchAppData } from './watch-app-data.js';
import { withheldForStatus } from './withheld.js';
import type { HeldDecisions } from '../../shared/approvals-model.js';

export interface InAppGatewayEvents {
  changed(status: GatewayStatus): void;
  withdrawn(withdrawal: GatewayWithdrawal): void;
}

const keyOf = (s: ServedSkill) => `${s.serverId}\n${s.upstreamUri}`;

export class InAppGateway {
  private http: GatewayHttp | undefined;
  private paused = false;
  private problem: string | undefined;
  private readonly activity = new HostActivity();
  private readonly catalog: ApprovedCatalog;
  private readonly gateway: Gateway;
  private served: readonly ServedSkill[] = [];
  private changedTimer: NodeJS.Timeout | undefined;
  private unwatch: (() => void) | undefined;

  constructor(
    dataDir: string,
    private readonly events: InAppGatewayEvents,
    /** The skills a revocation, decline or disable holds in memory but not yet on disk (approvals/decision-saver.ts). */
    heldInMemory?: () => HeldDecisions,
  ) {
    this.catalog = new ApprovedCatalog(dataDir, undefined, heldInMemory);
    this.gateway = new Gateway(this.catalog, { onActivity: (a) => {
      this.activity.record(a);
      this.changedSoon();
    } });
    this.gateway.onChange(() => this.setChanged());
  }

  async start(port = 0): Promise<void> {
    // A first read that fails (approvals.json damaged) serves nothing and says why (status), as a later one does; the
    // gateway still listens and watches the file, and serves again once the app writes it whole. Stopping here said
    // "could not start" and left it off until a restart, however the file was mended.
    await this.gateway.sync().catch(() => undefined);
    this.served = this.gateway.served;
    try {
      this.http = await serveGatewayHttp(this.gateway, { port, token: newGatewayToken(), paused: () => this.paused });
      // The app writes approvals.json whole on every decision, servers.json on every server added, renamed or removed: each write may change the served set.
      this.unwatch = watchAppData(this.catalog, () => void this.sync());
    } catch (error) {
      this.problem = `The in-app gateway could not start: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  /**
   * The decisions held in memory changed: build the served set again. A refresh already under way may have
   * read the old set, so this one starts after it.
   */
  async heldChanged(): Promise<void> {
    await this.gateway.sync().catch(() => undefined);
    await this.sync();
  }

  async sync(): Promise<void> {
    const before = this.gateway.problem;
    // A failed refresh leaves the gateway serving nothing (gateway.ts); the status says why.
    await this.gateway.sync().catch(() => undefined);
    if (this.gateway.problem !== before) this.changedSoon();
  }

  status(): GatewayStatus {
    const hosts = this.activity.hostsNow();
    if (!this.http) return { state: 'off', served: 0, hosts, ...(this.problem ? { problem: this.problem } : {}) };
    const problem = this.gateway.problem;
    const withheld = withheldForStatus(this.gateway.withheld);
    return {
      state: this.paused ? 'paused' : 'running',
      url: this.http.url,
      token: this.http.token,
      served: this.gateway.served.length,
      hosts,
      ...(problem ? { problem: `The gateway serves no skills: ${problem}` } : {}),
      ...(withheld ? { withheld } : {}),
    };
  }

  setPaused(paused: boolean): GatewayStatus {
    this.paused = paused;
    const status = this.status();
    this.events.changed(status);
    return status;
  }

  async close(): Promise<void> {
    if (this.changedTimer) clearTimeout(this.changedTimer);
    this.unwatch?.();
    this.unwatch = undefined;
    await this.http?.close();
    this.http = undefined;
  }

  private setChanged(): void {
    const now = this.gateway.served;
    const still = new Set(now.map(keyOf));
    for (const skill of this.served) {
      // Only a withdrawal the app made because upstream changed is news; the user's own revoke or disable is not.
      if (!still.has(keyOf(skill)) && this.catalog.withdrawn.has(keyOf(skill))) {
        this.events.withdrawn({ label: skill.label, uri: skill.upstreamUri, name: String(skill.entry.frontmatter.name), at: new Date().toISOString() });
      }
    }
    this.served = now;
    this.changedSoon();
  }

  /** Reads come in bursts: one push per burst. */
  private changedSoon(): void {
    this.changedTimer ??= setTimeout(() => {
      this.changedTimer = undefined;
      this.events.changed(this.status());
    }, 100);
  }
}
