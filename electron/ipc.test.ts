// Every IPC call is checked to come from the app's own window, main frame and page.
import { describe, expect, it, vi } from 'vitest';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from '../shared/api.js';

const handlers = new Map<string, (...args: unknown[]) => Promise<unknown>>();
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: (...args: unknown[]) => Promise<unknown>) => handlers.set(channel, handler),
    removeHandler: (channel: string) => handlers.delete(channel),
  },
}));

const { bindIpc } = await import('./ipc.js');

function fakeWindow() {
  const sent: unknown[][] = [];
  const mainFrame = { url: 'file:///app/out/renderer/index.html' };
  const webContents = { mainFrame, send: (...args: unknown[]) => sent.push(args) };
  return { window: { isDestroyed: () => false, webContents }, webContents, mainFrame, sent };
}

describe('ipc', () => {
  const isAppUrl = (url: string) => url === 'file:///app/out/renderer/index.html';

  it('routes a call from the app window to the inspector and pushes events to it', async () => {
    const { window, webContents, mainFrame, sent } = fakeWindow();
    let subscriber: ((event: string, payload: unknown) => void) | undefined;
    const inspector = {
      call: vi.fn(async () => ({ ok: true as const, result: 1 })),
      subscribe: (listener: (event: string, payload: unknown) => void) => {
        subscriber = listener;
        return () => undefined;
      },
    };
    const unbind = bindIpc(inspector as never, window as never, isAppUrl);
    const reply = await handlers.get(IPC_CALL_CHANNEL)!({ sender: webContents, senderFrame: mainFrame }, 'app.info', '{}');
    expect(reply).toEqual('{"ok":true,"result":1}');
    expect(inspector.call).toHaveBeenCalledWith('app.info', {});
    subscriber!('servers.changed', []);
    expect(sent).toEqual([[IPC_EVENT_CHANNEL, 'servers.changed', '[]']]);
    unbind();
    expect(handlers.has(IPC_CALL_CHANNEL)).toBe(false);
  });

  it('refuses calls from another webContents, a subframe, or a foreign page', async () => {
    const { window, webContents, mainFrame } = fakeWindow();
    const inspector = { call: vi.fn(), subscribe: () => () => undefined };
    bindIpc(inspector as never, window as never, isAppUrl);
    const handle = handlers.get(IPC_CALL_CHANNEL)!;
    const refused = JSON.stringify({ ok: false, error: { code: 'internal', message: 'Refused: the call did not come from the Skill Inspector window.' } });
    expect(await handle({ sender: { other: true }, senderFrame: mainFrame }, 'app.info', '{}')).toEqual(refused);
    expect(await handle({ sender: webContents, senderFrame: { url: mainFrame.url } }, 'app.info', '{}')).toEqual(refused);
    mainFrame.url = 'https://evil.example/';
    expect(await handle({ sender: webContents, senderFrame: mainFrame }, 'app.info', '{}')).toEqual(refused);
    expect(inspector.call).not.toHaveBeenCalled();
  });
});
