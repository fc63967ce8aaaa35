// Binds the contract to Electron IPC. Every call is checked to come from the
// app's own window and top frame before it reaches a handler.
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, type Envelope } from '../shared/api.js';
import type { Inspector } from './inspector.js';

/** The sender is the app's window, its main frame, showing the app's own page. */
export function isTrustedSender(event: IpcMainInvokeEvent, window: BrowserWindow, isAppUrl: (url: string) => boolean): boolean {
  if (window.isDestroyed() || event.sender !== window.webContents) return false;
  const frame = event.senderFrame;
  if (!frame || frame !== window.webContents.mainFrame) return false;
  return isAppUrl(frame.url);
}

export function bindIpc(inspector: Pick<Inspector, 'call' | 'subscribe'>, window: BrowserWindow, isAppUrl: (url: string) => boolean): () => void {
  ipcMain.handle(IPC_CALL_CHANNEL, async (event, method: unknown, params: unknown): Promise<Envelope<unknown>> => {
    if (!isTrustedSender(event, window, isAppUrl)) {
      return { ok: false, error: { code: 'internal', message: 'Refused: the call did not come from the Skill Inspector window.' } };
    }
    return inspector.call(method, params);
  });
  const unsubscribe = inspector.subscribe((name, payload) => {
    if (!window.isDestroyed()) window.webContents.send(IPC_EVENT_CHANNEL, name, payload);
  });
  return () => {
    unsubscribe();
    ipcMain.removeHandler(IPC_CALL_CHANNEL);
  };
}
