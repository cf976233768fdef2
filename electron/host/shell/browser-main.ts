import { mkdir, rm } from 'node:fs/promises';
import type { Host, HostOptions } from '../app.ts';
import { defaultDataDir } from '../common/paths.ts';
import { type AppWindow, openAppWindow, osOpener } from './app-window.ts';
import type { BrowserShell } from './browser-shell.ts';
import type { CliArgs } from './cli-args.ts';
import { LOCAL_SERVICE_IMAGE_ORIGIN } from './security.ts';
import { boundYoungGeneration, HOST_YOUNG_GENERATION_MIB } from './young-generation.ts';

/**
 * The browser shell's main, what `npm start` runs when Electron cannot start: the host, the local
 * service's process and the shell on 127.0.0.1, then the app's window (Chromium in app mode when found,
 * else the printed URL). It is an entry of the build (out/main/browser-main.js), loaded by
 * scripts/launch.ts: like Electron's main.ts, it runs built, never from its source.
 *
 * stdout carries only the URL line `Rinkside: http://127.0.0.1:PORT/`; diagnostics go to stderr.
 */

export interface BrowserMainOptions {
  args: CliArgs;
  /** The app's version (package.json). */
  version: string;
  /** The built page the shell serves (out/renderer). */
  rendererDir: string;
  /**
   * Settles when `rendererDir` holds the page: `npm start` may still be building it while the host
   * starts. The URL line waits for it; a rejection (a failed build) ends the launch with its message.
   */
  rendererBuilt?: Promise<void>;
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`${line}\n`);

function hostOptions(args: CliArgs, version: string): HostOptions {
  const hostOpts: HostOptions = {
    shell: 'browser',
    version,
    dataDir: args.dataDir ?? defaultDataDir(),
    openExternal: osOpener(args.noOpen, note),
    log: note,
  };
  if (args.verbose) hostOpts.requestLog = note;
  if (args.baseUrl !== undefined) hostOpts.baseUrl = args.baseUrl;
  if (args.db !== undefined) hostOpts.db = args.db;
  if (args.keys !== undefined) hostOpts.keys = args.keys;
  if (args.rateLimit !== undefined) hostOpts.rateLimit = args.rateLimit;
  return hostOpts;
}

/**
 * Starts the local service's process before the rest of the host is loaded (the heavier part of the
 * launch), so that its boot (on a first launch, the demo database's copy) and the host's module loading
 * run side by side.
 */
async function spawnEmbeddedFirst(hostOpts: HostOptions): Promise<void> {
  const { embeddedChildArgs, nodeServiceStarter } = await import('../embedded/service-process.ts');
  await mkdir(hostOpts.dataDir, { recursive: true, mode: 0o700 });
  const starter = nodeServiceStarter();
  const first = starter(embeddedChildArgs({ ...hostOpts, log: hostOpts.requestLog }));
  const { embeddedServiceOptions, startEmbeddedService } = await import('../embedded/embedded-service.ts');
  hostOpts.embedded = Promise.resolve(first).then((child) =>
    startEmbeddedService({ ...embeddedServiceOptions(hostOpts), starter, first: child }),
  );
  // Observed here; startHost awaits it and reports its failure.
  hostOpts.embedded.catch(() => {});
}

/**
 * Runs the browser shell until SIGINT/SIGTERM or the scout closes the app window; then the process
 * exits. Rejects with a plain message when the host cannot start (the caller prints it and exits 1).
 */
export async function runBrowserShell(opts: BrowserMainOptions): Promise<void> {
  boundYoungGeneration(HOST_YOUNG_GENERATION_MIB);
  const { args } = opts;
  const hostOpts = hostOptions(args, opts.version);
  let host: Host | null = null;
  let shell: BrowserShell | null = null;
  let window: AppWindow | null = null;
  let profile: string | null = null;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // A signal to the process group reached the service's child too: its end is no crash.
    host?.closing();
    if (window !== null && window.child.exitCode === null) window.child.kill('SIGTERM');
    await shell?.close();
    await host?.close();
    // Chromium's helpers (crashpad) may still be writing into the throwaway profile for a moment.
    if (profile !== null) await rm(profile, { recursive: true, force: true, maxRetries: 5 }).catch(() => {});
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  if (args.baseUrl === undefined) await spawnEmbeddedFirst(hostOpts);
  const [{ startHost }, { startBrowserShell }] = await Promise.all([import('../app.ts'), import('./browser-shell.ts')]);
  host = await startHost(hostOpts);
  const started = host;
  await opts.rendererBuilt;
  shell = await startBrowserShell({
    rendererDir: opts.rendererDir,
    dispatch: started.dispatchJson,
    port: args.port,
    imageOrigins: started.embedded ? [LOCAL_SERVICE_IMAGE_ORIGIN] : [],
    log: note,
    exportDownload: (id) => started.exports.downloadFile(id),
  });
  say(`Rinkside: ${shell.url}`);
  const source = started.embedded
    ? `local service ${started.embedded.baseUrl()} on ${started.embedded.db}${started.embedded.demoKey() !== null ? ' (built-in key, no key of your own needed)' : ''}`
    : `service ${started.connection.baseUrl()}`;
  note(`Rinkside: ${source}; keychain ${started.keys.status().keychainAvailable ? 'available' : 'not available'}.`);

  if (args.noOpen) return;
  window = await openAppWindow(shell.url);
  if (window === null) {
    note('Rinkside: no Chromium or Chrome found; open the address above in a browser.');
    return;
  }
  profile = window.profile;
  watchWindow(window, () => stopping, {
    failed: () => {
      window = null;
    },
    closed: () => void stop(0),
  });
}

/**
 * Follows the app window: a window that fails within 5 s (no display, say) leaves the printed URL in
 * charge (`failed`); a window the scout closes ends the app like a desktop app (`closed`).
 */
function watchWindow(window: AppWindow, stopping: () => boolean, on: { failed: () => void; closed: () => void }): void {
  let stderrTail = '';
  window.child.stderr?.on('data', (c: Buffer) => {
    stderrTail = (stderrTail + c.toString()).slice(-2000);
  });
  window.child.on('error', () => note('Rinkside: the browser could not start; open the address above in a browser.'));
  const launched = Date.now();
  window.child.on('close', (code) => {
    if (stopping()) return;
    if (code !== 0 && Date.now() - launched < 5000) {
      const why = /Missing X server|cannot open display|no DISPLAY/i.test(stderrTail) ? ' (no display)' : '';
      note(`Rinkside: the browser window could not open${why}; open the address above in a browser.`);
      on.failed();
      return;
    }
    on.closed();
  });
}
