// The preload exposes one frozen object built from the contract, nothing else.
// Electron itself cannot run here, so its two modules are replaced by recorders.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, type TextBridge } from '../shared/api.js';

const exposed: Array<{ name: string; value: unknown }> = [];
const invoke = vi.fn(async () => '{"ok":true,"result":"from-main"}');
const listeners = new Map<string, (...args: unknown[]) => void>();

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, value: unknown) => exposed.push({ name, value }) },
  ipcRenderer: {
    invoke,
    on: (channel: string, handler: (...args: unknown[]) => void) => listeners.set(channel, handler),
    removeListener: (channel: string) => listeners.delete(channel),
  },
}));

describe('preload', () => {
  let bridge: TextBridge;
  beforeAll(async () => {
    await import('./preload.js');
    bridge = exposed[0]!.value as TextBridge;
  });

  it('exposes exactly one frozen object, window.skillInspector, with call and on', () => {
    expect(exposed.map((e) => e.name)).toEqual(['skillInspector']);
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.keys(bridge).sort()).toEqual(['call', 'on']);
  });

  it('forwards contract methods on the call channel only, as JSON text both ways', async () => {
    await expect(bridge.call('app.info', '{}')).resolves.toEqual('{"ok":true,"result":"from-main"}');
    expect(invoke).toHaveBeenCalledWith(IPC_CALL_CHANNEL, 'app.info', '{}');
  });

  it('refuses arguments that are not text without touching IPC', async () => {
    invoke.mockClear();
    expect(JSON.parse(await bridge.call('app.info', {} as never))).toMatchObject({ ok: false, error: { code: 'invalid-params' } });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('refuses anything that is not a contract method without touching IPC', async () => {
    invoke.mockClear();
    for (const method of ['process.exec', '__proto__', 'constructor', 42]) {
      const result = JSON.parse(await bridge.call(method as never, '{}')) as unknown;
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    }
    expect(invoke).not.toHaveBeenCalled();
  });

  it('delivers only contract events, and unsubscribes', () => {
    const seen: unknown[] = [];
    const off = bridge.on((event, payload) => seen.push([event, payload]));
    const handler = listeners.get(IPC_EVENT_CHANNEL)!;
    handler({}, 'servers.changed', '[]');
    handler({}, 'evil.event', '{"x":1}');
    handler({}, 'servers.changed', []);
    expect(seen).toEqual([['servers.changed', '[]']]);
    off();
    expect(listeners.has(IPC_EVENT_CHANNEL)).toBe(false);
  });
});
