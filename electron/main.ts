import { readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  ClipboardItem,
  clipboard,
  dialog,
  type IpcMainInvokeEvent,
  ipcMain,
  protocol,
  session,
  shell,
  utilityProcess,
  type WebContents,
} from 'electron';
import { BRIDGE_OPS, bridgeChannel } from '../shared/bridge/bridge.ts';
import type { Result } from '../shared/contract/errors.ts';
import { type Host, startHost } from './host/app.ts';
import { defaultDataDir } from './host/common/paths.ts';
import { SERVICE_CHILD_ENTRY } from './host/embedded/service-process.ts';
import { parseCliArgs } from './host/shell/cli-args.ts';
import {
  APP_HOST,
  APP_ORIGIN,
  APP_SCHEME,
  contentSecurityPolicy,
  isAllowedNavigation,
  isPermissionAllowed,
  isSafeExternalUrl,
  isTrustedSenderUrl,
  LOCAL_SERVICE_IMAGE_ORIGIN,
  securityHeaders,
} from './host/shell/security.ts';
import { contentTypeOf, isClientRoute, resolveStaticFile } from './host/shell/static-files.ts';
import { boundYoungGeneration, HOST_YOUNG_GENERATION_MIB } from './host/shell/young-generation.ts';

// Thin Electron glue: the host (electron/host/) does the work; this file applies the rules of
// host/shell/security.ts to the window, serves the built renderer on rinkside://app and maps each bridge
// operation to its IPC channel.

const here = dirname(fileURLToPath(import.meta.url));
const rendererDir = join(here, '../renderer');
const preloadFile = join(here, '../preload/preload.cjs');

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);
app.enableSandbox();
boundYoungGeneration(HOST_YOUNG_GENERATION_MIB);

let host: Host | null = null;
let mainWindow: BrowserWindow | null = null;

const forbidden: Result<never> = {
  ok: false,
  error: { kind: 'forbidden', status: 403, message: 'This window may not use the Rinkside bridge.' },
};

function isAppWindow(event: IpcMainInvokeEvent): boolean {
  return (
    mainWindow !== null &&
    event.sender.id === mainWindow.webContents.id &&
    event.senderFrame !== null &&
    event.senderFrame.parent === null &&
    isTrustedSenderUrl(event.senderFrame.url)
  );
}

function lockDown(contents: WebContents) {
  contents.on('will-navigate', (e, url) => {
    if (!isAllowedNavigation(url)) e.preventDefault();
  });
  contents.on('will-redirect', (e, url) => {
    if (!isAllowedNavigation(url)) e.preventDefault();
  });
  contents.on('will-attach-webview', (e) => e.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

async function serveApp(request: Request, csp: string): Promise<Response> {
  const url = new URL(request.url);
  if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
  let file = await resolveStaticFile(rendererDir, url.pathname === '/' ? '/index.html' : url.pathname);
  if (file === null && isClientRoute(url.pathname)) file = await resolveStaticFile(rendererDir, '/index.html');
  if (file === null) return new Response('Not found', { status: 404 });
  return new Response(await readFile(file), {
    headers: { ...securityHeaders(csp), 'Content-Type': contentTypeOf(file) },
  });
}

async function main() {
  const args = parseCliArgs(process.argv.slice(app.isPackaged ? 1 : 2), false);
  await app.whenReady();
  const hostOpts: Parameters<typeof startHost>[0] = {
    shell: 'electron',
    version: app.getVersion(),
    dataDir: args.dataDir ?? defaultDataDir(),
    openExternal: async (url) => {
      if (isSafeExternalUrl(url)) await shell.openExternal(url);
    },
    log: (line) => console.error(line),
    exports: {
      defaultDir: () => app.getPath('downloads'),
      chooseFile: async (suggested) => {
        const opts = {
          defaultPath: suggested,
          filters: [{ name: 'Export', extensions: [extname(suggested).slice(1)] }],
        };
        const r = mainWindow ? await dialog.showSaveDialog(mainWindow, opts) : await dialog.showSaveDialog(opts);
        return r.canceled || !r.filePath ? null : r.filePath;
      },
      writeClipboard: (data) =>
        clipboard.write([new ClipboardItem({ 'text/plain': data.text, 'text/html': data.html })]),
    },
    // The local service in a utilityProcess: its SQLite work never blocks this process's IPC and windows.
    serviceStarter: (childArgs) => {
      const child = utilityProcess.fork(SERVICE_CHILD_ENTRY, childArgs, { serviceName: 'Rinkside service' });
      return {
        get pid() {
          return child.pid;
        },
        onMessage: (listener) => child.on('message', listener),
        onExit: (listener) => child.once('exit', listener),
        send: (message) => child.postMessage(message),
        kill: () => void child.kill(),
      };
    },
  };
  if (args.baseUrl !== undefined) hostOpts.baseUrl = args.baseUrl;
  if (args.db !== undefined) hostOpts.db = args.db;
  if (args.keys !== undefined) hostOpts.keys = args.keys;
  if (args.rateLimit !== undefined) hostOpts.rateLimit = args.rateLimit;
  host = await startHost(hostOpts);
  const running = host;

  const csp = contentSecurityPolicy({
    imageOrigins: running.embedded ? [LOCAL_SERVICE_IMAGE_ORIGIN] : [],
  });
  protocol.handle(APP_SCHEME, (request) => serveApp(request, csp));

  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, permission, callback) => callback(isPermissionAllowed(permission)));
  ses.setPermissionCheckHandler((_wc, permission) => isPermissionAllowed(permission));
  // Anything not served by serveApp (there should be nothing) still gets the CSP.
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });

  for (const op of BRIDGE_OPS) {
    ipcMain.handle(bridgeChannel(op), (event, rawArgs: unknown) =>
      isAppWindow(event) ? running.dispatch(op, rawArgs) : forbidden,
    );
  }

  mainWindow = new BrowserWindow({
    width: 1280,
    height: 860,
    show: false,
    title: 'Rinkside',
    webPreferences: {
      preload: preloadFile,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  });
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
  await mainWindow.loadURL(`${APP_ORIGIN}/index.html`);
  console.log(`Rinkside: ${APP_ORIGIN}/ (Electron; service ${running.connection.baseUrl()})`);
}

app.on('web-contents-created', (_e, contents) => lockDown(contents));
app.on('window-all-closed', () => app.quit());
let closing = false;
app.on('before-quit', (e) => {
  if (closing || host === null) return;
  closing = true;
  e.preventDefault();
  void host.close().finally(() => app.quit());
});

main().catch((err: unknown) => {
  console.error(`Rinkside could not start: ${err instanceof Error ? err.message : String(err)}`);
  app.exit(1);
});
