// Binds the contract to Electron IPC. Every call is checked to come from the
// app's own window and top frame before it reaches a handler. Arguments,
// answers and events cross as JSON text (shared/api.ts TextBridge says why).
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, type Envelope } from '../shared/api.js';
import { answerText } from '../shared/answer-text.js';
import { safeStringify } from '../shared/nesting.js';
import type { Inspector } from './inspector.js';

/** The sender is the app's window, its main frame, showing the app's own page. */
export function isTrustedSender(event: IpcMainInvokeEvent, window: BrowserWindow, isAppUrl: (url: string) => boolean): boolean {
  if (window.isDestroyed() || event.sender !== window.webContents) return false;
  const frame = event.senderFrame;
  if (!frame || frame !== window.webContents.mainFrame) return false;
  return isAppUrl(frame.url);
}

function parsedParams(text: unknown): { ok: true; params: unknown } | { ok: false; error: Envelope<never> } {
  if (typeof text !== 'string') return { ok: false, error: { ok: false, error: { code: 'invalid-params', message: 'The arguments must be JSON text.' } } };
  try {
    return { ok: true, params: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, error: { ok: false, error: { code: 'invalid-params', message: 'The arguments are not valid JSON.' } } };
  }
}

export function bindIpc(inspector: Pick<Inspector, 'call' | 'subscribe'>, window: BrowserWindow, isAppUrl: (url: string) => boolean): () => void {
  ipcMain.handle(IPC_CALL_CHANNEL, async (event, method: unknown, paramsText: unknown): Promise<string> => {
    if (!isTrustedSender(event, window, isAppUrl)) {
      return answerText({ ok: false, error: { code: 'internal', message: 'Refused: the call did not come from the Skill Inspector window.' } }, 'window');
    }
    const parsed = parsedParams(paramsText);
    if (!parsed.ok) return answerText(parsed.error, 'window');
    return answerText(await inspector.call(method, parsed.params), 'window');
  });
  const unsubscribe = inspector.subscribe((name, payload) => {
    if (window.isDestroyed()) return;
    // No payload crosses as empty text (undefined has no JSON).
    if (payload === undefined) return window.webContents.send(IPC_EVENT_CHANNEL, name, '');
    const text = safeStringify(payload);
    // An event that cannot be serialised is dropped (the window refetches on the next one); the process lives.
    if (text.ok) window.webContents.send(IPC_EVENT_CHANNEL, name, text.text);
  });
  return () => {
    unsubscribe();
    ipcMain.removeHandler(IPC_CALL_CHANNEL);
  };
}
