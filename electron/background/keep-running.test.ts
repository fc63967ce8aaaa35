// The app with its window closed, against a recorder standing in for
// Electron's Tray and Notification (its binary cannot be installed here) and a
// real Inspector's contract calls stood in by a scripted one.
import { describe, expect, it } from 'vitest';
import type { GatewayStatus } from '../../shared/gateway-model.js';
import { KeepRunning, type BackgroundShell, type TrayMenuItem } from './keep-running.js';

type Listener = (name: string, payload: unknown) => void;

function harness(options: { tray?: boolean; inFront?: boolean; status?: GatewayStatus } = {}) {
  const seen = { notes: [] as Array<{ title: string; body: string }>, opened: 0, quits: 0, closes: 0, trays: 0, destroyed: 0, menu: [] as readonly TrayMenuItem[], tip: '', click: undefined as undefined | (() => void), calls: [] as Array<{ method: string; params: unknown }> };
  let listener: Listener = () => undefined;
  let status: GatewayStatus = options.status ?? { state: 'running', served: 3, hosts: [{ id: 'h', name: 'Claude', version: '1', served: [] } as never] };
  const inspector = {
    subscribe(l: Listener) {
      listener = l;
      return () => (listener = () => undefined);
    },
    async call(method: unknown, params: unknown) {
      seen.calls.push({ method: String(method), params });
      if (method === 'gateway.setPaused') status = { ...status, state: (params as { paused: boolean }).paused ? 'paused' : 'running' };
      return { ok: true as const, result: status };
    },
    async close() {
      seen.closes += 1;
    },
  };
  let inFront = options.inFront ?? false;
  const shell: BackgroundShell = {
    createTray: () => {
      if (options.tray === false) return undefined;
      seen.trays += 1;
      return {
        setToolTip: (t) => (seen.tip = t),
        setContextMenu: (items) => (seen.menu = items),
        onClick: (l) => (seen.click = l),
        destroy: () => void seen.destroyed++,
      };
    },
    notify: (title, body) => {
      seen.notes.push({ title, body });
      return true;
    },
    openWindow: () => void seen.opened++,
    windowInFront: () => inFront,
    quit: () => void seen.quits++,
  };
  const background = new KeepRunning(inspector as never, shell);
  return { background, seen, emit: (name: string, payload: unknown) => listener(name, payload), setInFront: (v: boolean) => (inFront = v) };
}

const labels = (items: readonly TrayMenuItem[]) => items.map((i) => (i.type === 'separator' ? '—' : i.label));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('keeping the app running with its window closed', () => {
  it('stays in the tray when the window closes: the Inspector is not closed, the menu says what the gateway serves, and the user is told once', async () => {
    const { background, seen } = harness();
    await settle();
    expect(await background.windowClosed()).toBe('in tray');
    expect(seen.closes).toBe(0);
    expect(seen.quits).toBe(0);
    expect(labels(seen.menu)).toEqual(['Open Skill Inspector', 'Gateway: serving 3 skills to 1 host', 'Pause the gateway', '—', 'Quit Skill Inspector']);
    expect(seen.tip).toBe('Skill Inspector — Gateway: serving 3 skills to 1 host');
    expect(seen.notes.map((n) => n.title)).toEqual(['Skill Inspector keeps running']);
    // Closing again (after Open) makes no second tray and no second word.
    await background.windowClosed();
    expect(seen.trays).toBe(1);
    expect(seen.notes).toHaveLength(1);
  });

  it('opens the window from the tray icon and from its menu', async () => {
    const { background, seen } = harness();
    await background.windowClosed();
    seen.click!();
    seen.menu.find((i) => i.label === 'Open Skill Inspector')!.click!();
    expect(seen.opened).toBe(2);
  });

  it('Quit closes the Inspector (gateway, relisting, connections) and then ends the app, once', async () => {
    const { background, seen } = harness();
    await background.windowClosed();
    seen.menu.find((i) => i.label === 'Quit Skill Inspector')!.click!();
    await settle();
    await background.quit();
    expect(seen.closes).toBe(1);
    expect(seen.quits).toBe(1);
    expect(seen.destroyed).toBe(1);
  });

  it('pauses and resumes the gateway from the tray menu, through the contract', async () => {
    const { background, seen } = harness();
    await background.windowClosed();
    // The first status comes from the contract, after the tray was made: the menu follows it.
    await settle();
    seen.menu.find((i) => i.label === 'Pause the gateway')!.click!();
    await settle();
    expect(seen.calls.at(-1)).toEqual({ method: 'gateway.setPaused', params: { paused: true } });
    expect(labels(seen.menu)[1]).toBe('Gateway: paused');
    expect(seen.menu.find((i) => i.label === 'Pause the gateway')!.checked).toBe(true);
    seen.menu.find((i) => i.label === 'Pause the gateway')!.click!();
    await settle();
    expect(seen.calls.at(-1)).toEqual({ method: 'gateway.setPaused', params: { paused: false } });
    expect(labels(seen.menu)[1]).toBe('Gateway: serving 3 skills to 1 host');
  });

  it('follows the gateway as it changes, and names why it is off', async () => {
    const { background, seen, emit } = harness();
    await background.windowClosed();
    emit('gateway.changed', { state: 'running', served: 1, hosts: [] });
    expect(labels(seen.menu)[1]).toBe('Gateway: serving 1 skill to 0 hosts');
    emit('gateway.changed', { state: 'off', served: 0, hosts: [], problem: 'port in use' });
    expect(labels(seen.menu)).toEqual(['Open Skill Inspector', 'Gateway: off (port in use)', '—', 'Quit Skill Inspector']);
  });

  it('notifies when an approved skill changed upstream and left the gateway, unless the window is in front (its toast says it)', async () => {
    const { background, seen, emit, setInFront } = harness();
    await background.windowClosed();
    const withdrawal = { label: 'Acme', uri: 'skill://acme/pdf/SKILL.md', name: 'pdf', at: '2026-12-02T05:00:00.000Z' };
    emit('gateway.withdrawn', withdrawal);
    expect(seen.notes.at(-1)).toEqual({ title: 'Withdrawn from the gateway', body: 'pdf (Acme) changed upstream; hosts no longer get it until you approve it again.' });
    setInFront(true);
    emit('gateway.withdrawn', { ...withdrawal, name: 'other' });
    expect(seen.notes.filter((n) => n.title === 'Withdrawn from the gateway')).toHaveLength(1);
  });

  it('shows a skill name and server label with invisible characters marked in the notification (a server and a config chose them)', async () => {
    const { background, seen, emit } = harness();
    await background.windowClosed();
    emit('gateway.withdrawn', { label: `work\u200Bserver\nx`, uri: 'skill://a/SKILL.md', name: `invoice\u202Efdp.exe`, at: '2026-12-02T05:00:00.000Z' });
    expect(seen.notes.at(-1)).toEqual({ title: 'Withdrawn from the gateway', body: 'invoice⟦RLO⟧fdp.exe (work⟦ZWSP⟧server⟦LF⟧x) changed upstream; hosts no longer get it until you approve it again.' });
  });

  it('quits with the window where the desktop has no tray, closing the Inspector first', async () => {
    const { background, seen } = harness({ tray: false });
    expect(await background.windowClosed()).toBe('quit');
    expect(seen.closes).toBe(1);
    expect(seen.quits).toBe(1);
    expect(seen.notes).toEqual([]);
  });
});
