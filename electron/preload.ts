// The preload exposes exactly one frozen object, `window.skillInspector`,
// built from the contract: a call() that only accepts the contract's methods
// and an on() that only delivers the contract's events. No Node, no ipcRenderer.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, isEventName, isMethod, type Bridge, type Envelope, type EventName } from '../shared/api.js';

const bridge: Bridge = Object.freeze({
  call(method: unknown, params: unknown): Promise<Envelope<unknown>> {
    if (!isMethod(method)) {
      return Promise.resolve({ ok: false, error: { code: 'unknown-method', message: `Unknown method ${typeof method === 'string' ? method.slice(0, 80) : typeof method}.` } } as const);
    }
    return ipcRenderer.invoke(IPC_CALL_CHANNEL, method, params) as Promise<Envelope<unknown>>;
  },
  on(listener: (event: EventName, payload: unknown) => void): () => void {
    const handler = (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
      if (isEventName(name)) listener(name, payload);
    };
    ipcRenderer.on(IPC_EVENT_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, handler);
    };
  },
});

contextBridge.exposeInMainWorld('skillInspector', bridge);
