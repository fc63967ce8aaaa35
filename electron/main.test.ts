// The Electron shell's hardening, checked against recorders standing in for
// Electron (its binary cannot be installed here): the window's web
// preferences, navigation and window.open denied, permissions refused, the
// Content-Security-Policy installed, and only http(s) opened externally.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './content-security-policy.js';

const userData = mkdtempSync(path.join(os.tmpdir(), 'si-main-'));
const recorded = {
  windows: [] as Array<{ options: Record<string, unknown>; loaded?: string }>,
  appEvents: new Map<string, (...args: unknown[]) => void>(),
  permissionHandler: undefined as undefined | ((...args: unknown[]) => void),
  headersHandler: undefined as undefined | ((details: unknown, callback: (r: unknown) => void) => void),
  opened: [] as string[],
  sandboxEnabled: false,
};
let ready!: () => void;
const whenReady = new Promise<void>((resolve) => (ready = resolve));

vi.mock('electron', () => {
  class BrowserWindow {
    webContents = { send: () => undefined, mainFrame: {}, setWindowOpenHandler: () => undefined, on: () => undefined };
    constructor(readonly options: Record<string, unknown>) {
      recorded.windows.push({ options });
    }
    once() {}
    on() {}
    isDestroyed() {
      return false;
    }
    async loadFile(file: string) {
      recorded.windows.at(-1)!.loaded = file;
    }
    async loadURL(url: string) {
      recorded.windows.at(-1)!.loaded = url;
    }
  }
  return {
    app: {
      enableSandbox: () => (recorded.sandboxEnabled = true),
      on: (event: string, listener: (...args: unknown[]) => void) => recorded.appEvents.set(event, listener),
      whenReady: () => whenReady,
      getPath: () => userData,
      getVersion: () => '0.0.0-test',
      quit: () => undefined,
    },
    BrowserWindow,
    Menu: { setApplicationMenu: () => undefined, buildFromTemplate: (t: unknown) => t },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: (...args: unknown[]) => void) => (recorded.permissionHandler = handler),
        webRequest: { onHeadersReceived: (handler: typeof recorded.headersHandler) => (recorded.headersHandler = handler) },
      },
    },
    shell: { openExternal: async (url: string) => void recorded.opened.push(url) },
    ipcMain: { handle: () => undefined, removeHandler: () => undefined },
  };
});

describe('Electron shell hardening', () => {
  beforeAll(async () => {
    await import('./main.js');
    ready();
    await vi.waitFor(() => expect(recorded.windows.length).toBe(1), { timeout: 10_000 });
    await vi.waitFor(() => expect(recorded.windows[0]!.loaded).toBeDefined());
  });

  it('turns on the sandbox for every renderer', () => {
    expect(recorded.sandboxEnabled).toBe(true);
  });

  it('creates one window with context isolation, sandbox, no Node, web security, and the frozen preload', () => {
    const prefs = recorded.windows[0]!.options['webPreferences'] as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(String(prefs['preload'])).toMatch(/preload[/\\]preload\.cjs$/);
    expect(recorded.windows[0]!.options).toMatchObject({ minWidth: 1024, minHeight: 700 });
    expect(recorded.windows[0]!.loaded).toMatch(/renderer[/\\]index\.html$/);
  });

  it('denies window.open, foreign navigation, redirects and webviews in every web contents', () => {
    const handlers = new Map<string, (...args: unknown[]) => void>();
    let openHandler: ((details: unknown) => unknown) | undefined;
    const contents = { setWindowOpenHandler: (h: typeof openHandler) => (openHandler = h), on: (e: string, h: (...args: unknown[]) => void) => handlers.set(e, h) };
    recorded.appEvents.get('web-contents-created')!({}, contents);
    expect(openHandler!({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    const navigate = { preventDefault: vi.fn() };
    handlers.get('will-navigate')!(navigate, 'https://evil.example/');
    expect(navigate.preventDefault).toHaveBeenCalled();
    const redirect = { preventDefault: vi.fn() };
    handlers.get('will-redirect')!(redirect, 'https://evil.example/');
    expect(redirect.preventDefault).toHaveBeenCalled();
    const webview = { preventDefault: vi.fn() };
    handlers.get('will-attach-webview')!(webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('refuses every permission request', () => {
    const callback = vi.fn();
    recorded.permissionHandler!({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
  });

  it('installs the strict Content-Security-Policy on every response', () => {
    let headers: Record<string, unknown> = {};
    recorded.headersHandler!({ responseHeaders: { 'x-other': ['1'] } }, (r) => (headers = (r as { responseHeaders: Record<string, unknown> }).responseHeaders));
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
  });
});
