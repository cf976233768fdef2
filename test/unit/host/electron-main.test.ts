import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BRIDGE_OPS, bridgeChannel } from '../../../shared/bridge/bridge.ts';

// electron/main.ts cannot run here (no Electron binary), so this runs it against a recording stand-in
// of the `electron` module's API surface it uses: it checks the glue itself (window options, one IPC
// handler per op with the sender check, the rinkside:// protocol, navigation and window-open rules,
// permissions). The host behind it is the real one, on the real local service.

type Handler = (...args: unknown[]) => unknown;
const rec = vi.hoisted(() => ({
  ipc: new Map<string, (event: unknown, args: unknown) => unknown>(),
  windows: [] as Array<{ options: Record<string, unknown>; loaded: string[]; webContents: { id: number } }>,
  schemes: [] as unknown[],
  protocolHandlers: new Map<string, (req: Request) => Promise<Response>>(),
  appEvents: new Map<string, Handler>(),
  opened: [] as string[],
  permissionRequest: null as null | ((wc: unknown, permission: string, cb: (ok: boolean) => void) => void),
  permissionCheck: null as null | ((wc: unknown, permission: string) => boolean),
  sandboxEnabled: false,
  forked: [] as Array<{ modulePath: string; args: string[]; options: unknown }>,
}));

vi.mock('electron', () => {
  let nextId = 1;
  class BrowserWindow {
    webContents: { id: number };
    options: Record<string, unknown>;
    loaded: string[] = [];
    constructor(options: Record<string, unknown>) {
      this.options = options;
      this.webContents = { id: nextId++ };
      rec.windows.push(this);
    }
    once() {}
    on() {}
    show() {}
    async loadURL(url: string) {
      this.loaded.push(url);
    }
  }
  return {
    app: {
      isPackaged: false,
      enableSandbox: () => {
        rec.sandboxEnabled = true;
      },
      whenReady: () => Promise.resolve(),
      getVersion: () => '9.9.9',
      on: (name: string, fn: Handler) => rec.appEvents.set(name, fn),
      quit: () => {},
      exit: () => {},
    },
    BrowserWindow,
    // utilityProcess.fork: the module main.ts names, as a Node child, with utilityProcess's parent-side
    // API (message/exit events, postMessage, kill). Built, main.ts names out/main/child.js; run from its
    // source, as here, service/child.ts (shared/contract/process-entries.ts).
    utilityProcess: {
      fork: (modulePath: string, args: string[], options: unknown) => {
        rec.forked.push({ modulePath, args, options });
        const child = fork(modulePath, args, { execArgv: [], serialization: 'json' });
        return {
          get pid() {
            return child.pid;
          },
          on: (event: string, fn: Handler) => child.on(event, fn),
          once: (event: string, fn: Handler) => child.once(event, fn),
          postMessage: (m: unknown) => child.connected && child.send(m as object),
          kill: () => child.kill('SIGKILL'),
        };
      },
    },
    ipcMain: { handle: (channel: string, fn: (e: unknown, a: unknown) => unknown) => rec.ipc.set(channel, fn) },
    protocol: {
      registerSchemesAsPrivileged: (s: unknown[]) => rec.schemes.push(...s),
      handle: (scheme: string, fn: (req: Request) => Promise<Response>) => rec.protocolHandlers.set(scheme, fn),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: typeof rec.permissionRequest) => {
          rec.permissionRequest = fn;
        },
        setPermissionCheckHandler: (fn: typeof rec.permissionCheck) => {
          rec.permissionCheck = fn;
        },
        webRequest: { onHeadersReceived: () => {} },
      },
    },
    shell: {
      openExternal: async (url: string) => {
        rec.opened.push(url);
      },
    },
  };
});

let dir: string;
const argv = process.argv;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-electron-main-'));
  process.argv = [argv[0] ?? 'node', 'main.js', '--data-dir', join(dir, 'data')];
  await import('../../../electron/main.ts');
  // main() runs on import; wait until it created the window.
  for (let i = 0; i < 600 && rec.windows[0]?.loaded.length !== 1; i++) await new Promise((r) => setTimeout(r, 20));
});
afterAll(async () => {
  // before-quit closes the host (and its local service) before the app quits.
  let quitDeferred = false;
  rec.appEvents.get('before-quit')?.({ preventDefault: () => (quitDeferred = true) });
  expect(quitDeferred).toBe(true);
  await new Promise((r) => setTimeout(r, 200));
  process.argv = argv;
  await rm(dir, { recursive: true, force: true });
});

function event(opts: { senderId?: number; url?: string; parent?: unknown; noFrame?: boolean }) {
  return {
    sender: { id: opts.senderId ?? rec.windows[0]?.webContents.id },
    senderFrame: opts.noFrame ? null : { url: opts.url ?? 'rinkside://app/index.html', parent: opts.parent ?? null },
  };
}

describe('electron/main.ts glue', () => {
  it('starts the local service through utilityProcess.fork of the child entry beside its own code', () => {
    expect(rec.forked).toHaveLength(1);
    // main.ts runs from its source here, so the child is the source too.
    expect(rec.forked[0]?.modulePath).toBe(fileURLToPath(new URL('../../../service/child.ts', import.meta.url)));
    expect(rec.forked[0]?.args).toContain('--seed');
  });

  it('registers the privileged app scheme and enables the sandbox before anything loads', () => {
    expect(rec.schemes).toEqual([
      { scheme: 'rinkside', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(rec.sandboxEnabled).toBe(true);
  });

  it('opens one window with isolation, sandbox, no Node, on rinkside://app', () => {
    expect(rec.windows).toHaveLength(1);
    const w = rec.windows[0];
    expect(w?.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(String((w?.options.webPreferences as { preload: string } | undefined)?.preload)).toMatch(/preload\.cjs$/);
    expect(w?.loaded).toEqual(['rinkside://app/index.html']);
  });

  it('handles exactly one IPC channel per bridge op', () => {
    expect([...rec.ipc.keys()].sort()).toEqual(BRIDGE_OPS.map(bridgeChannel).sort());
  });

  it('answers the app window and refuses every other sender', async () => {
    const call = rec.ipc.get(bridgeChannel('appInfo'));
    expect(await call?.(event({}), {})).toMatchObject({
      ok: true,
      value: { shell: 'electron', version: '9.9.9', demo: true },
    });
    const forbidden = { ok: false, error: { kind: 'forbidden', status: 403 } };
    expect(await call?.(event({ senderId: 999 }), {})).toMatchObject(forbidden);
    expect(await call?.(event({ url: 'https://evil.example/' }), {})).toMatchObject(forbidden);
    expect(await call?.(event({ url: 'file:///tmp/x.html' }), {})).toMatchObject(forbidden);
    expect(await call?.(event({ parent: {} }), {})).toMatchObject(forbidden);
    expect(await call?.(event({ noFrame: true }), {})).toMatchObject(forbidden);
  });

  it('validates IPC arguments like every other entry point', async () => {
    const call = rec.ipc.get(bridgeChannel('request'));
    expect(await call?.(event({}), { endpoint: 'team', path: { id: '1/../x' } })).toMatchObject({
      ok: false,
      error: { kind: 'bad-request', parameter: 'path.id' },
    });
    const ok = (await call?.(event({}), { endpoint: 'teams', query: { limit: '1' } })) as { ok: boolean };
    expect(ok.ok).toBe(true);
    expect(JSON.stringify(ok)).not.toMatch(/apikey/i);
  });

  it('serves the renderer on rinkside://app with the CSP, and nothing outside its folder', async () => {
    const serve = rec.protocolHandlers.get('rinkside');
    const index = await serve?.(new Request('rinkside://app/index.html'));
    expect(index?.status).toBe(200);
    expect(index?.headers.get('content-security-policy')).toMatch(/default-src 'none'; script-src 'self'/);
    expect(index?.headers.get('content-type')).toBe('text/html; charset=utf-8');
    for (const bad of [
      'rinkside://app/%2e%2e/package.json',
      'rinkside://app/..%2F..%2Fpackage.json',
      'rinkside://other/index.html',
    ]) {
      expect((await serve?.(new Request(bad)))?.status).toBe(404);
    }
  });

  it('locks down every web contents: navigation, redirects, webviews, new windows', async () => {
    const listeners = new Map<string, Handler>();
    let openHandler: ((d: { url: string }) => unknown) | null = null;
    const contents = {
      on: (name: string, fn: Handler) => listeners.set(name, fn),
      setWindowOpenHandler: (fn: (d: { url: string }) => unknown) => {
        openHandler = fn;
      },
    };
    rec.appEvents.get('web-contents-created')?.({}, contents);
    const navigate = (name: string, url: string) => {
      let prevented = false;
      listeners.get(name)?.({ preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    expect(navigate('will-navigate', 'rinkside://app/teams')).toBe(false);
    expect(navigate('will-navigate', 'https://evil.example/')).toBe(true);
    expect(navigate('will-redirect', 'file:///etc/passwd')).toBe(true);
    let webviewPrevented = false;
    listeners.get('will-attach-webview')?.({ preventDefault: () => (webviewPrevented = true) });
    expect(webviewPrevented).toBe(true);
    const open = openHandler as ((d: { url: string }) => unknown) | null;
    expect(open?.({ url: 'https://www.hockeydb.com/' })).toEqual({ action: 'deny' });
    expect(open?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(rec.opened).toEqual(['https://www.hockeydb.com/']);
  });

  it('denies every permission request and check', () => {
    const answers: boolean[] = [];
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      rec.permissionRequest?.({}, p, (ok) => answers.push(ok));
      answers.push(rec.permissionCheck?.({}, p) ?? true);
    }
    expect(answers).toEqual(Array(8).fill(false));
  });
});
