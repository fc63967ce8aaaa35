// The renderer's one client of the contract. In Electron it uses the frozen
// bridge the preload exposes; in a browser it opens the token-checked
// WebSocket of browser mode. Everything else in the renderer calls `api`.
import type { ApiError, Bridge, BridgeEvent, BridgeResponse, Envelope, EventName, Events, Method, Params, Results, TextBridge } from '../../shared/api.js';
import { textBridge } from './electron-bridge.js';

declare global {
  interface Window {
    readonly skillInspector?: TextBridge;
  }
}

export class ApiCallError extends Error {
  readonly code: ApiError['code'] | 'disconnected';
  readonly detail: string | undefined;
  constructor(error: ApiError | { code: 'disconnected'; message: string; detail?: string }) {
    super(error.message);
    this.name = 'ApiCallError';
    this.code = error.code;
    this.detail = error.detail;
  }
}

const TOKEN_KEY = 'skill-inspector-token';

/** Reads the launch token from the URL fragment once, then hides it from the address bar. */
function takeToken(): string {
  const match = /(?:^#|&)token=([0-9a-f]+)/.exec(window.location.hash);
  if (match?.[1]) {
    sessionStorage.setItem(TOKEN_KEY, match[1]);
    history.replaceState(null, '', window.location.pathname + window.location.search);
    return match[1];
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

type Listener = (event: EventName, payload: unknown) => void;

/** Browser mode: JSON over one WebSocket, reconnecting when the server restarts. */
function webSocketBridge(): Bridge & { readonly status: () => string } {
  const token = takeToken();
  const listeners = new Set<Listener>();
  const pending = new Map<number, (envelope: Envelope<unknown>) => void>();
  let socket: WebSocket | undefined;
  let opened: Promise<WebSocket> | undefined;
  let nextId = 1;
  let state = 'connecting';

  function open(): Promise<WebSocket> {
    opened ??= new Promise<WebSocket>((resolve, reject) => {
      const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/bridge?token=${encodeURIComponent(token)}`;
      const ws = new WebSocket(url);
      ws.onopen = () => {
        state = 'open';
        socket = ws;
        resolve(ws);
      };
      ws.onmessage = (message) => {
        let data: unknown;
        try {
          data = JSON.parse(String(message.data));
        } catch {
          return;
        }
        if (data && typeof data === 'object' && 'event' in data) {
          const { event, payload } = data as BridgeEvent;
          // Each subscriber listens for one name (api.on), so a name no one knows reaches no one. The
          // contract's own name table is not imported here: it would bring every argument schema (zod) into the first script.
          if (typeof event === 'string') for (const l of listeners) l(event as EventName, payload);
        } else if (data && typeof data === 'object' && 'id' in data) {
          const response = data as BridgeResponse;
          const resolveCall = pending.get(response.id);
          pending.delete(response.id);
          resolveCall?.(response);
        }
      };
      ws.onclose = () => {
        state = 'closed';
        socket = undefined;
        opened = undefined;
        for (const [, resolveCall] of pending) {
          resolveCall({ ok: false, error: { code: 'failed', message: 'The connection to Skill Inspector closed. Is it still running?' } });
        }
        pending.clear();
        reject(new Error('closed'));
        // Reconnect so events resume after a restart of `npm run web`.
        setTimeout(() => void open().catch(() => undefined), 1000);
      };
    });
    return opened;
  }
  void open().catch(() => undefined);

  return {
    status: () => state,
    async call(method, params) {
      let ws: WebSocket;
      try {
        ws = socket ?? (await open());
      } catch {
        return { ok: false, error: { code: 'failed', message: 'Cannot reach Skill Inspector. Start it again with "npm run web" and open the address it prints.' } };
      }
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        ws.send(JSON.stringify({ id, method, params }));
      });
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const bridge: Bridge = window.skillInspector ? textBridge(window.skillInspector) : webSocketBridge();

export const api = {
  async call<M extends Method>(method: M, params: Params<M>): Promise<Results[M]> {
    const envelope = await bridge.call(method, params);
    if (!envelope.ok) throw new ApiCallError(envelope.error);
    return envelope.result as Results[M];
  },
  on<E extends EventName>(event: E, callback: (payload: Events[E]) => void): () => void {
    return bridge.on((name, payload) => {
      if (name === event) callback(payload as Events[E]);
    });
  },
  get mode(): 'electron' | 'browser' {
    return window.skillInspector ? 'electron' : 'browser';
  },
};

/** Message of any error, for showing in place. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
