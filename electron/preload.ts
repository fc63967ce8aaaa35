// The preload exposes exactly one frozen object, `window.skillInspector`,
// built from the contract: a call() that only accepts the contract's methods
// and an on() that only delivers the contract's events. No Node, no ipcRenderer.
// Calls, answers and events cross as JSON text (TextBridge says why).
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, isEventName, isMethod, type Envelope, type EventName, type TextBridge } from '../shared/api.js';

const refused = (envelope: Envelope<never>) => Promise.resolve(JSON.stringify(envelope));

const bridge: TextBridge = Object.freeze({
  call(method: unknown, params: unknown): Promise<string> {
    if (!isMethod(method)) {
      return refused({ ok: false, error: { code: 'unknown-method', message: `Unknown method ${typeof method === 'string' ? method.slice(0, 80) : typeof method}.` } });
    }
    if (typeof params !== 'string') return refused({ ok: false, error: { code: 'invalid-params', message: 'The arguments must be JSON text.' } });
    return ipcRenderer.invoke(IPC_CALL_CHANNEL, method, params) as Promise<string>;
  },
  on(listener: (event: EventName, payload: string) => void): () => void {
    const handler = (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
      if (isEventName(name) && typeof payload === 'string') listener(name, payload);
    };
    ipcRenderer.on(IPC_EVENT_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, handler);
    };
  },
});

contextBridge.exposeInMainWorld('skillInspector', bridge);
