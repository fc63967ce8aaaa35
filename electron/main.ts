// The Electron shell: one hardened window, the inspector behind IPC, and a tray
// icon that keeps the gateway running with the window closed
// (background/keep-running.ts). Only this file, preload.ts and ipc.ts import
// 'electron'; everything else is plain Node.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, Menu, nativeImage, Notification, safeStorage, session, shell, Tray } from 'electron';
import { KeepRunning, type BackgroundShell, type TrayLike } from './background/keep-running.js';
import { CONTENT_SECURITY_POLICY } from './content-security-policy.js';
import { DataDirUnusable } from './data-dir.js';
import { createInspector, type Inspector } from './inspector.js';
import { loginShellSearchPath } from './connections/search-path.js';
import { DataDirInUse } from './storage/instance-lock.js';
import { bindIpc } from './ipc.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererIndex = path.resolve(here, '../renderer/index.html');
const devServerUrl = process.env['ELECTRON_RENDERER_URL'];

function isAppUrl(url: string): boolean {
  if (devServerUrl && url.startsWith(devServerUrl)) return true;
  return url.split('#')[0] === pathToFileURL(rendererIndex).href;
}

/** Only http(s) leaves the app, and only through the OS browser. */
async function openExternal(url: string): Promise<void> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`Refused to open ${parsed.protocol} link.`);
  await shell.openExternal(parsed.href);
}

app.enableSandbox();

app.on('web-contents-created', (_event, contents) => {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
});

/** The one window; a second launch of the app brings it to the front instead of opening another. */
let mainWindow: BrowserWindow | undefined;

function focusMainWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

async function start(): Promise<void> {
  await app.whenReady();
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });

  let inspector: Inspector;
  try {
    inspector = await createInspector({
      dataDir: app.getPath('userData'),
      mode: 'electron',
      appVersion: app.getVersion(),
      // The demo server runs on Electron's own Node runtime, from inside the app bundle.
      demoTransport: () => ({ kind: 'stdio', command: process.execPath, args: [path.join(here, 'cli.js'), 'demo-server'], env: { ELECTRON_RUN_AS_NODE: '1' } }),
      openExternal,
      // Content reviews run in the pool of the worker built beside this file.
      reviewWorker: path.join(here, 'review-worker.js'),
      seedDemo: true,
      autoConnect: true,
      // Secrets go to the OS keychain through Electron's own binding (electron/secrets/safe-storage-store.ts).
      safeStorage,
      // Started from the dock, the app's PATH lacks the shell's folders (npx, uvx, docker): the login shell is asked once, at the first stdio start.
      searchPath: loginShellSearchPath(),
    });
  } catch (error) {
    // Browser mode holds the data folder (the single-instance lock only knows other app launches): say which, and quit.
    if (error instanceof DataDirInUse) {
      dialog.showErrorBox('Skill Inspector is already running', error.message);
      app.quit();
      return;
    }
    // The data folder cannot be made (a file in the way, no permission): say where and why, and end with a failure.
    if (!(error instanceof DataDirUnusable)) throw error;
    dialog.showErrorBox('Skill Inspector cannot start', error.message);
    app.exit(1);
    return;
  }

  const background = new KeepRunning(inspector, electronShell(() => openWindow(inspector, background)));
  // Quit from the app menu (or Cmd+Q): the Inspector closes first, then the app ends.
  app.on('before-quit', (event) => {
    if (quitting) return;
    event.preventDefault();
    void background.quit();
  });
  app.on('activate', () => openWindow(inspector, background));
  Menu.setApplicationMenu(
    Menu.buildFromTemplate([
      ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
      { role: 'fileMenu' },
      { role: 'editMenu' },
      { role: 'viewMenu' },
      { role: 'windowMenu' },
    ]),
  );
  openWindow(inspector, background);
}

let quitting = false;

/** The tray's picture: the app icon, beside the bundle when packaged (electron-builder.yml extraResources). */
function trayIcon(): Electron.NativeImage {
  const file = app.isPackaged ? path.join(process.resourcesPath, 'icon.png') : path.resolve(here, '../../assets/icon.png');
  return nativeImage.createFromPath(file).resize({ width: 18, height: 18 });
}

function electronShell(open: () => void): BackgroundShell {
  return {
    createTray(): TrayLike | undefined {
      let tray: Tray;
      try {
        tray = new Tray(trayIcon());
      } catch {
        // No tray on this desktop: the app quits with its window, as it always did.
        return undefined;
      }
      return {
        setToolTip: (text) => tray.setToolTip(text),
        setContextMenu: (items) => tray.setContextMenu(Menu.buildFromTemplate(items.map((item) => ({ ...item })))),
        onClick: (listener) => void tray.on('click', listener),
        destroy: () => tray.destroy(),
      };
    },
    notify(title, body) {
      if (!Notification.isSupported()) return false;
      new Notification({ title, body }).show();
      return true;
    },
    openWindow: open,
    windowInFront: () => mainWindow !== undefined && !mainWindow.isDestroyed() && mainWindow.isVisible() && mainWindow.isFocused(),
    quit: () => {
      quitting = true;
      app.quit();
    },
  };
}

/** Opens the window (again, from the tray), or brings the open one to the front. */
function openWindow(inspector: Inspector, background: KeepRunning): void {
  if (mainWindow && !mainWindow.isDestroyed()) {
    focusMainWindow();
    return;
  }
  const window = (mainWindow = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 1024,
    minHeight: 700,
    show: false,
    title: 'Skill Inspector',
    webPreferences: {
      preload: path.join(here, '../preload/preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  }));
  const unbind = bindIpc(inspector, window, isAppUrl);
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    unbind();
    mainWindow = undefined;
    // The gateway and the relisting go on from the tray; without one, the app ends as before.
    void background.windowClosed();
  });
  background.windowOpened();
  void (devServerUrl ? window.loadURL(devServerUrl) : window.loadFile(rendererIndex));
}

// Closing the window leaves the app in the tray (openWindow's 'closed' decides); it never quits by itself here.
app.on('window-all-closed', () => undefined);

// Two launches of the app would be two writers of one data folder: the second hands over to the first and quits.
if (app.requestSingleInstanceLock()) {
  app.on('second-instance', () => focusMainWindow());
  void start();
} else {
  app.quit();
}
