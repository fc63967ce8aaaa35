// The Electron shell's hardening, checked against recorders standing in for
// Electron (its binary cannot be installed here): the window's web
// preferences, navigation and window.open denied, permissions refused, the
// Content-Security-Policy installed, and only http(s) opened externally; one
// instance of the app (a second launch focuses the first window), and a data
// folder held by browser mode refused with the holder named.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { lockDataDir } from './storage/instance-lock.js';
import { CONTENT_SECURITY_POLICY } from './content-security-policy.js';

const userData = mkdtempSync(path.join(os.tmpdir(), 'si-main-'));
const recorded = {
  windows: [] as Array<{ options: Record<string, unknown>; loaded?: string }>,
  appEvents: new Map<string, (...args: unknown[]) => void>(),
  permissionHandler: undefined as undefined | ((...args: unknown[]) => void),
  headersHandler: undefined as undefined | ((details: unknown, callback: (r: unknown) => void) => void),
  opened: [] as string[],
  sandboxEnabled: false,
  /** What requestSingleInstanceLock answers: false for a second launch. */
  singleInstance: true,
  quits: 0,
  /** The codes app.exit was called with. */
  exits: [] as number[],
  errorBoxes: [] as Array<{ title: string; content: string }>,
  windowCalls: [] as string[],
  minimized: false,
  /** Each window's event listeners, by window: closing one is calling its 'closed'. */
  windowEvents: [] as Array<Map<string, () => void>>,
  trays: [] as Array<{ image: unknown; menu?: unknown; tip?: string; destroyed: boolean }>,
  notifications: [] as Array<{ title: string; body: string }>,
};
let ready!: () => void;
const whenReady = new Promise<void>((resolve) => (ready = resolve));

vi.mock('electron', () => {
  class BrowserWindow {
    webContents = { send: () => undefined, mainFrame: {}, setWindowOpenHandler: () => undefined, on: () => undefined };
    private readonly events = new Map<string, () => void>();
    constructor(readonly options: Record<string, unknown>) {
      recorded.windows.push({ options });
      recorded.windowEvents.push(this.events);
    }
    once() {}
    on(event: string, listener: () => void) {
      this.events.set(event, listener);
    }
    isVisible() {
      return true;
    }
    isFocused() {
      return false;
    }
    isDestroyed() {
      return false;
    }
    isMinimized() {
      return recorded.minimized;
    }
    restore() {
      recorded.windowCalls.push('restore');
    }
    show() {
      recorded.windowCalls.push('show');
    }
    focus() {
      recorded.windowCalls.push('focus');
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
      isPackaged: false,
      quit: () => void recorded.quits++,
      exit: (code: number) => void recorded.exits.push(code),
      requestSingleInstanceLock: () => recorded.singleInstance,
    },
    Tray: class {
      private readonly record: (typeof recorded.trays)[number];
      constructor(image: unknown) {
        this.record = { image, destroyed: false };
        recorded.trays.push(this.record);
      }
      setToolTip(tip: string) {
        this.record.tip = tip;
      }
      setContextMenu(menu: unknown) {
        this.record.menu = menu;
      }
      on() {}
      destroy() {
        this.record.destroyed = true;
      }
    },
    Notification: class {
      static isSupported() {
        return true;
      }
      constructor(readonly options: { title: string; body: string }) {}
      show() {
        recorded.notifications.push(this.options);
      }
    },
    nativeImage: { createFromPath: (file: string) => ({ file, resize: (size: unknown) => ({ file, size }) }) },
    dialog: { showErrorBox: (title: string, content: string) => void recorded.errorBoxes.push({ title, content }) },
    BrowserWindow,
    Menu: { setApplicationMenu: () => undefined, buildFromTemplate: (t: unknown) => t },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: (...args: unknown[]) => void) => (recorded.permissionHandler = handler),
        webRequest: { onHeadersReceived: (handler: typeof recorded.headersHandler) => (recorded.headersHandler = handler) },
      },
    },
    shell: { openExternal: async (url: string) => void recorded.opened.push(url) },
    // The OS keychain's key cannot exist here: a reversible stand-in, so the store's own code runs.
    safeStorage: {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => 'gnome_libsecret',
      encryptString: (plain: string) => Buffer.from(Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a)),
      decryptString: (sealed: Buffer) => Buffer.from(sealed.map((b) => b ^ 0x5a)).toString('utf8'),
    },
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

describe('the window closed', () => {
  it('leaves the app running in the tray with the app icon, its menu, and one notification saying so; nothing quits', async () => {
    const quitsBefore = recorded.quits;
    recorded.windowEvents[0]!.get('closed')!();
    await vi.waitFor(() => expect(recorded.trays).toHaveLength(1));
    const tray = recorded.trays[0]!;
    expect(tray.image).toMatchObject({ file: expect.stringMatching(/assets[/\\]icon\.png$/), size: { width: 18, height: 18 } });
    const labels = (tray.menu as Array<{ label: string; type?: string }>).filter((i) => i.type !== 'separator').map((i) => i.label);
    expect(labels[0]).toBe('Open Skill Inspector');
    expect(labels.at(-1)).toBe('Quit Skill Inspector');
    expect(recorded.notifications.map((n) => n.title)).toEqual(['Skill Inspector keeps running']);
    expect(recorded.quits).toBe(quitsBefore);
    // The app's own window-all-closed does not quit either.
    recorded.appEvents.get('window-all-closed')!();
    expect(recorded.quits).toBe(quitsBefore);
  });

  it('opens a new hardened window from the tray', () => {
    const before = recorded.windows.length;
    const open = (recorded.trays[0]!.menu as Array<{ label: string; click?: () => void }>).find((i) => i.label === 'Open Skill Inspector')!;
    open.click!();
    expect(recorded.windows).toHaveLength(before + 1);
    expect(recorded.windows.at(-1)!.options['webPreferences']).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
  });
});

describe('one instance of the app', () => {
  it('asks for the single-instance lock, and a second launch focuses the first window', () => {
    const secondInstance = recorded.appEvents.get('second-instance');
    expect(secondInstance).toBeDefined();
    const windowsBefore = recorded.windows.length;
    recorded.minimized = true;
    secondInstance!({}, [], '/');
    expect(recorded.windowCalls).toEqual(['restore', 'show', 'focus']);
    expect(recorded.windows).toHaveLength(windowsBefore);
  });

  it('quits at once, opening nothing, when another launch of the app holds the lock', async () => {
    const windowsBefore = recorded.windows.length;
    const quitsBefore = recorded.quits;
    recorded.singleInstance = false;
    vi.resetModules();
    await import('./main.js');
    expect(recorded.quits).toBe(quitsBefore + 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recorded.windows).toHaveLength(windowsBefore);
    recorded.singleInstance = true;
  });

  it('refuses a data folder browser mode holds: an error box names the holder, then it quits without a window', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'si-main-held-'));
    // A real holder: the lock taken as browser mode would take it (this process stands in for it).
    const held = await lockDataDir(dataDir, { kind: 'browser mode', appVersion: '0.0.0-test' });
    const windowsBefore = recorded.windows.length;
    const quitsBefore = recorded.quits;
    const electron = await import('electron');
    const getPath = vi.spyOn(electron.app, 'getPath').mockReturnValue(dataDir);
    try {
      vi.resetModules();
      await import('./main.js');
      await vi.waitFor(() => expect(recorded.errorBoxes).toHaveLength(1), { timeout: 10_000 });
      expect(recorded.errorBoxes[0]).toEqual({
        title: 'Skill Inspector is already running',
        content:
          `The data folder ${dataDir} is in use by another Skill Inspector: browser mode (pid ${process.pid}), started ${held.owner.startedAt}. ` +
          // The app reads no --data-dir and no SKILL_INSPECTOR_DATA_DIR: neither is offered.
          "Two instances writing one folder would lose each other's approvals and servers. Close that one, then start the app again: the app always keeps its data in this folder.",
      });
      expect(recorded.quits).toBe(quitsBefore + 1);
      expect(recorded.windows).toHaveLength(windowsBefore);
    } finally {
      getPath.mockRestore();
      await held.release();
    }
  });

  it('a data folder that cannot be made (a file where a folder of its path should be): an error box says which, why and what to do, and the app ends with 1, no window', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'si-main-unusable-'));
    const file = path.join(work, 'notes.txt');
    writeFileSync(file, 'not a folder\n');
    const dataDir = path.join(file, 'Skill Inspector');
    const windowsBefore = recorded.windows.length;
    const boxesBefore = recorded.errorBoxes.length;
    const electron = await import('electron');
    const getPath = vi.spyOn(electron.app, 'getPath').mockReturnValue(dataDir);
    try {
      vi.resetModules();
      await import('./main.js');
      await vi.waitFor(() => expect(recorded.exits).toEqual([1]), { timeout: 10_000 });
      expect(recorded.errorBoxes.slice(boxesBefore)).toEqual([
        {
          title: 'Skill Inspector cannot start',
          content: `Could not create the data folder ${dataDir}: ${file} is a file, not a folder (ENOTDIR). Move ${file} away, then start Skill Inspector again.`,
        },
      ]);
      expect(recorded.windows).toHaveLength(windowsBefore);
    } finally {
      getPath.mockRestore();
    }
  });
});
