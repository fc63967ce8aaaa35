// The app with its window closed: the in-app gateway and the relisting on
// ttlMs go on (they live in the Inspector, not the window), a tray icon says so
// and offers Open, Pause and Quit, and a system notification tells the user
// when an approved skill changed upstream and left the gateway. Plain Node:
// main.ts hands in Electron's Tray and Notification behind the small
// interfaces below, so this logic is tested without Electron's binary.
import type { GatewayStatus, GatewayWithdrawal } from '../../shared/gateway-model.js';
import { withdrawalNotice } from '../../shared/gateway-model.js';
import { revealIdentifier } from '../../shared/invisible-chars.js';
import type { Inspector } from '../inspector.js';

export interface TrayMenuItem {
  readonly label: string;
  readonly enabled?: boolean;
  readonly type?: 'normal' | 'separator' | 'checkbox';
  readonly checked?: boolean;
  readonly click?: () => void;
}

/** The part of Electron's Tray this uses. */
export interface TrayLike {
  setToolTip(text: string): void;
  setContextMenu(items: readonly TrayMenuItem[]): void;
  onClick(listener: () => void): void;
  destroy(): void;
}

export interface BackgroundShell {
  /** A tray icon, or undefined where the desktop has none (the app then quits with its window, as before). */
  createTray(): TrayLike | undefined;
  /** A system notification; false where the OS has none. */
  notify(title: string, body: string): boolean;
  /** Opens the window again, or brings it to the front. */
  openWindow(): void;
  /** Whether the window is open and in front: then the window's own toast says it. */
  windowInFront(): boolean;
  /** Ends the app (after the Inspector closed). */
  quit(): void;
}

type BackgroundInspector = Pick<Inspector, 'call' | 'subscribe' | 'close'>;

export class KeepRunning {
  private tray: TrayLike | undefined;
  private status: GatewayStatus | undefined;
  private readonly unsubscribe: () => void;
  private toldOnce = false;
  private quitting = false;

  constructor(
    private readonly inspector: BackgroundInspector,
    private readonly shell: BackgroundShell,
  ) {
    this.unsubscribe = inspector.subscribe((name, payload) => {
      if (name === 'gateway.changed') this.showStatus(payload as GatewayStatus);
      if (name === 'gateway.withdrawn') this.withdrawn(payload as GatewayWithdrawal);
    });
    void this.refreshStatus();
  }

  /** Whether the app is in the tray now. */
  get inTray(): boolean {
    return this.tray !== undefined;
  }

  /**
   * The window closed: stay in the tray, or — where there is no tray, or the
   * user is quitting — close the Inspector and end the app. Resolves once the
   * decision is carried out.
   */
  async windowClosed(): Promise<'in tray' | 'quit'> {
    if (!this.quitting) {
      this.tray ??= this.shell.createTray();
      if (this.tray) {
        this.tray.onClick(() => this.shell.openWindow());
        this.render();
        if (!this.toldOnce) {
          this.toldOnce = true;
          this.shell.notify('Skill Inspector keeps running', 'The gateway goes on serving the approved skills to your hosts, and you are told when one changes upstream. Quit from the tray icon.');
        }
        return 'in tray';
      }
    }
    await this.quit();
    return 'quit';
  }

  /** The window is open again: the tray icon stays while the app runs, as a way back to it. */
  windowOpened(): void {
    this.render();
  }

  /** Stops the gateway, the relisting and every connection, then ends the app. Safe to call twice. */
  async quit(): Promise<void> {
    if (this.quitting) return;
    this.quitting = true;
    this.unsubscribe();
    this.tray?.destroy();
    this.tray = undefined;
    try {
      await this.inspector.close();
    } finally {
      this.shell.quit();
    }
  }

  /** The tray's menu, for the status shown and the tests. */
  menu(): TrayMenuItem[] {
    const status = this.status;
    const gatewayLine =
      status === undefined ? 'Gateway: starting…' : status.state === 'off' ? `Gateway: off${status.problem ? ` (${status.problem})` : ''}` : status.state === 'paused' ? 'Gateway: paused' : `Gateway: serving ${status.served} ${status.served === 1 ? 'skill' : 'skills'} to ${status.hosts.length} ${status.hosts.length === 1 ? 'host' : 'hosts'}`;
    return [
      { label: 'Open Skill Inspector', click: () => this.shell.openWindow() },
      { label: gatewayLine, enabled: false },
      ...(status && status.state !== 'off' ? [{ label: 'Pause the gateway', type: 'checkbox' as const, checked: status.state === 'paused', click: () => void this.setPaused(status.state !== 'paused') }] : []),
      { label: '', type: 'separator' },
      { label: 'Quit Skill Inspector', click: () => void this.quit() },
    ];
  }

  private withdrawn(withdrawal: GatewayWithdrawal): void {
    // With the window in front its own toast says it; otherwise the OS does.
    if (this.shell.windowInFront()) return;
    // The skill's name is a server's words and the label a config's: a system notification is plain text, so each
    // invisible, bidi or control character is written as its marker (⟦RLO⟧), never raw to reverse what follows.
    const { title, body } = withdrawalNotice({ ...withdrawal, name: revealIdentifier(withdrawal.name), label: revealIdentifier(withdrawal.label) });
    this.shell.notify(title, body);
  }

  private showStatus(status: GatewayStatus): void {
    this.status = status;
    this.render();
  }

  private async refreshStatus(): Promise<void> {
    const answer = await this.inspector.call('gateway.status', {}).catch(() => undefined);
    if (answer && answer.ok) this.showStatus(answer.result as GatewayStatus);
  }

  private async setPaused(paused: boolean): Promise<void> {
    const answer = await this.inspector.call('gateway.setPaused', { paused }).catch(() => undefined);
    if (answer && answer.ok) this.showStatus(answer.result as GatewayStatus);
  }

  private render(): void {
    if (!this.tray) return;
    const items = this.menu();
    this.tray.setToolTip(`Skill Inspector — ${items[1]!.label}`);
    this.tray.setContextMenu(items);
  }
}
