// The Electron shell: one hardened window, the inspector behind IPC. Only this
// file, preload.ts and ipc.ts import 'electron'; everything else is plain Node.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, Menu, safeStorage, session, shell } from 'electron';
import { CONTENT_SECURITY_POLICY } from './content-security-policy.js';
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
    if (!(error instanceof DataDirInUse)) throw error;
    dialog.showErrorBox('Skill Inspector is already running', error.message);
    app.quit();
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
    void inspector.close().finally(() => app.quit());
  });
  Menu.setApplicationMenu(
    Menu.buildFromTemplate([
      ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
      { role: 'fileMenu' },
      { role: 'editMenu' },
      { role: 'viewMenu' },
      { role: 'windowMenu' },
    ]),
  );
  if (devServerUrl) await window.loadURL(devServerUrl);
  else await window.loadFile(rendererIndex);
}

app.on('window-all-closed', () => app.quit());

// Two launches of the app would be two writers of one data folder: the second hands over to the first and quits.
if (app.requestSingleInstanceLock()) {
  app.on('second-instance', () => focusMainWindow());
  void start();
} else {
  app.quit();
}
