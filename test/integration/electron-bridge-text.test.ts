// From the main process to the window through Electron's IPC, preload and
// context bridge, a key a server named `__proto__` (a frontmatter field)
// arrives as the window's own key. Electron cannot run here, so its modules
// are recorders wired to each other, and the context bridge is modelled as
// Electron's source does it: plain objects copied into the page key by key, by
// assignment (CreateProxyForAPI), which drops `__proto__` or makes it the
// copy's prototype. What crosses it now is text, which the copy keeps as is.
import { describe, expect, it, vi } from 'vitest';
import type { Bridge, TextBridge } from '../../shared/api.js';

const handlers = new Map<string, (...args: unknown[]) => Promise<unknown>>();
const rendererListeners = new Map<string, (...args: unknown[]) => void>();
const exposed = new Map<string, unknown>();
const webContents = {
  mainFrame: { url: 'file:///app/out/renderer/index.html' },
  send: (channel: string, ...args: unknown[]) => rendererListeners.get(channel)?.({}, ...args.map(bridgeCopy)),
};

/** The context bridge's copy of a value handed from the preload's world to the page's. */
function bridgeCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(bridgeCopy);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = bridgeCopy((value as Record<string, unknown>)[key]);
  return out;
}

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: (...args: unknown[]) => Promise<unknown>) => handlers.set(channel, handler),
    removeHandler: (channel: string) => handlers.delete(channel),
  },
  ipcRenderer: {
    invoke: (channel: string, ...args: unknown[]) => handlers.get(channel)!({ sender: webContents, senderFrame: webContents.mainFrame }, ...args),
    on: (channel: string, handler: (...args: unknown[]) => void) => rendererListeners.set(channel, handler),
    removeListener: (channel: string) => rendererListeners.delete(channel),
  },
  contextBridge: { exposeInMainWorld: (name: string, value: unknown) => exposed.set(name, value) },
}));

// What a server listed: a frontmatter whose keys include `__proto__` (JSON.parse keeps it an own key, as the engine does).
const listed = JSON.parse('{"name":"evil","description":"d","__proto__":{"allowed-tools":"Bash(*)"},"constructor":"x"}') as Record<string, unknown>;

describe('the Electron bridge', () => {
  it('carries keys named __proto__ from the main process to the window, in answers and in events', async () => {
    const { bindIpc } = await import('../../electron/ipc.js');
    let push: ((name: string, payload: unknown) => void) | undefined;
    const inspector = {
      call: vi.fn(async (_method: unknown, params: unknown) => ({ ok: true as const, result: { frontmatter: listed, echoed: params } })),
      subscribe: (listener: (name: string, payload: unknown) => void) => {
        push = listener;
        return () => undefined;
      },
    };
    bindIpc(inspector as never, { isDestroyed: () => false, webContents } as never, (url) => url === webContents.mainFrame.url);
    await import('../../electron/preload.js');
    const { textBridge } = await import('../../renderer/src/electron-bridge.js');
    const preloadBridge = exposed.get('skillInspector') as TextBridge;
    // What the page holds is the context bridge's copy of what the preload answers.
    const page: Bridge = textBridge({
      call: async (method, params) => bridgeCopy(await preloadBridge.call(method, bridgeCopy(params) as string)) as string,
      on: (listener) => preloadBridge.on((name, payload) => listener(name, bridgeCopy(payload) as string)),
    });

    const params = JSON.parse('{"serverId":"s","__proto__":{"x":1}}') as unknown;
    const answer = await page.call('app.info', params);
    expect(answer.ok).toBe(true);
    const result = (answer as { result: { frontmatter: Record<string, unknown>; echoed: Record<string, unknown> } }).result;
    expect(Object.keys(result.frontmatter)).toEqual(['name', 'description', '__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(result.frontmatter, '__proto__')?.value).toEqual({ 'allowed-tools': 'Bash(*)' });
    expect(Object.getPrototypeOf(result.frontmatter)).toBe(Object.prototype);
    expect((result.frontmatter as { 'allowed-tools'?: unknown })['allowed-tools']).toBeUndefined();
    // The arguments reach the main process with their own __proto__ key too.
    expect(Object.keys(inspector.call.mock.calls[0]![1] as object)).toEqual(['serverId', '__proto__']);

    const seen: unknown[] = [];
    page.on((name, payload) => seen.push([name, payload]));
    push!('approvals.changed', { frontmatter: listed });
    push!('servers.changed', undefined);
    expect(seen).toHaveLength(2);
    const [name, payload] = seen[0] as [string, { frontmatter: Record<string, unknown> }];
    expect(name).toBe('approvals.changed');
    expect(Object.keys(payload.frontmatter)).toEqual(['name', 'description', '__proto__', 'constructor']);
    expect(seen[1]).toEqual(['servers.changed', undefined]);
  });

  it('answers an error, not a crash, for arguments that are not JSON text and for an answer with no JSON form', async () => {
    const preloadBridge = exposed.get('skillInspector') as TextBridge;
    expect(JSON.parse(await preloadBridge.call('app.info', { not: 'text' } as never))).toMatchObject({ ok: false, error: { code: 'invalid-params' } });
    const handle = handlers.get('skill-inspector:call')!;
    const from = { sender: webContents, senderFrame: webContents.mainFrame };
    expect(JSON.parse((await handle(from, 'app.info', '{not json')) as string)).toMatchObject({ ok: false, error: { code: 'invalid-params' } });
    const { bindIpc } = await import('../../electron/ipc.js');
    bindIpc({ call: async () => ({ ok: true, result: 1n }), subscribe: () => () => undefined } as never, { isDestroyed: () => false, webContents } as never, () => true);
    const answer = JSON.parse((await handlers.get('skill-inspector:call')!(from, 'app.info', '{}')) as string) as { ok: boolean; error: { code: string; message: string } };
    expect(answer).toMatchObject({ ok: false, error: { code: 'failed' } });
    expect(answer.error.message).toContain('could not be sent to the window');
  });
});
