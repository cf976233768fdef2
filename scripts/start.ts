import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Host, HostOptions } from '../electron/host/app.ts';
import type { BrowserShell } from '../electron/host/browser-shell.ts';
import { type CliArgs, parseCliArgs, USAGE } from '../electron/host/cli-args.ts';
import { enableCompileCache } from '../electron/host/compile-cache.ts';
import { defaultDataDir } from '../electron/host/paths.ts';
import { isSafeExternalUrl, LOCAL_SERVICE_IMAGE_ORIGIN } from '../electron/host/security.ts';

// `npm start`: the app on its embedded default. Launches Electron when it can start;
// otherwise says so in one line and runs the browser shell on 127.0.0.1 (Chromium in --app mode when
// found, else the printed URL). stdout carries only those lines, starting with the URL line
// `Rinkside: http://127.0.0.1:PORT/`; diagnostics go to stderr.

// Before the host's modules are loaded (they are imported dynamically below), so they come from the cache.
enableCompileCache();

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const rendererDir = join(root, 'out', 'renderer');
const say = (line: string) => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`${line}\n`);

/** The newest modification time (ms) of the files under `dirs`, skipping nothing but missing folders. */
async function newestSource(dirs: readonly string[]): Promise<number> {
  let newest = 0;
  for (const d of dirs) {
    const entries = await readdir(join(root, d), { recursive: true, withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (!e.isFile()) continue;
      const s = await stat(join(e.parentPath, e.name)).catch(() => null);
      if (s !== null && s.mtimeMs > newest) newest = s.mtimeMs;
    }
  }
  return newest;
}

/** Whether the build is missing or older than the sources it is made from. */
async function needsBuild(): Promise<'missing' | 'stale' | null> {
  const index = join(rendererDir, 'index.html');
  if (!existsSync(index) || !existsSync(join(root, 'out', 'main', 'main.js'))) return 'missing';
  return (await stat(index)).mtimeMs < (await newestSource(['renderer', 'shared'])) ? 'stale' : null;
}

/**
 * Runs `electron-vite build` when the build is missing (first run on a fresh clone) or older than the
 * sources (after a pull). Several starts at once (e.g. the e2e tests' web servers) build only once: the
 * first takes `out/.build-lock`, the others wait for it to go and then use its build.
 */
async function ensureBuilt(): Promise<void> {
  const why = await needsBuild();
  if (why === null) return;
  const lock = join(root, 'out', '.build-lock');
  await mkdir(dirname(lock), { recursive: true });
  let mine = false;
  try {
    await writeFile(lock, String(process.pid), { flag: 'wx' });
    mine = true;
  } catch {
    // Another start is building; a lock older than two minutes is left over from a crash.
    const age = await stat(lock).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (age > 120_000) {
      await rm(lock, { force: true });
      return ensureBuilt();
    }
  }
  if (!mine) {
    note('Rinkside: waiting for another start that is building the app…');
    while (existsSync(lock)) await new Promise((r) => setTimeout(r, 200));
    return;
  }
  try {
    note(
      why === 'stale'
        ? 'Rinkside: the sources changed; rebuilding the app…'
        : 'Rinkside: building the app (first run)…',
    );
    const bin = join(
      root,
      'node_modules',
      '.bin',
      process.platform === 'win32' ? 'electron-vite.cmd' : 'electron-vite',
    );
    const code = await new Promise<number | null>((resolve) => {
      // The build's output goes to stderr, so stdout stays the URL line.
      const child = spawn(bin, ['build'], { cwd: root, stdio: ['ignore', 2, 2] });
      child.on('error', () => resolve(-1));
      child.on('exit', resolve);
    });
    if (code !== 0) throw new Error('the build (electron-vite build) failed; see above.');
  } finally {
    await rm(lock, { force: true });
  }
}

/**
 * The Electron binary's path, or why there is none. Read the way the electron package does, but without
 * its download on first use: a start must be quick and these machines have no network for it
 * (`npx install-electron` fetches it where one exists).
 */
function electronBinary(): { path: string } | { reason: string } {
  const pkgDir = join(root, 'node_modules', 'electron');
  if (!existsSync(join(pkgDir, 'package.json'))) return { reason: 'it is not installed' };
  let relative: string | null = null;
  try {
    relative = readFileSync(join(pkgDir, 'path.txt'), 'utf8').trim();
  } catch {
    relative = null;
  }
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const path =
    override !== undefined && override !== ''
      ? join(override, relative ?? 'electron')
      : relative !== null
        ? join(pkgDir, 'dist', relative)
        : null;
  return path !== null && existsSync(path) ? { path } : { reason: 'its binary is not installed' };
}

/**
 * Runs Electron with our main process and the same flags. Resolves 'fallback' with a reason when it
 * cannot start or exits at once with an error; otherwise it runs until Electron quits.
 */
async function tryElectron(args: readonly string[]): Promise<{ fallback: string } | { exitCode: number }> {
  const bin = electronBinary();
  if ('reason' in bin) return { fallback: bin.reason };
  const started = Date.now();
  const child = spawn(bin.path, [root, ...args], { cwd: root, stdio: 'inherit' });
  const forward = (sig: NodeJS.Signals) => child.kill(sig);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => {
    child.on('error', (err) => resolve({ fallback: err.message }));
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      if (code !== 0 && signal === null && Date.now() - started < 5000)
        resolve({ fallback: `it exited with code ${code}` });
      else resolve({ exitCode: code ?? 0 });
    });
  });
}

const CHROMES = [
  process.env.CHROME_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** Opens the shell in Chromium/Chrome app mode with a throwaway profile; null when none is found. */
async function openAppWindow(url: string): Promise<{ child: ChildProcess; profile: string } | null> {
  const chrome = CHROMES.find((p) => p !== undefined && p !== '' && existsSync(p));
  if (chrome === undefined) return null;
  const profile = await mkdtemp(join(tmpdir(), 'rinkside-chromium-'));
  const flags = [
    `--app=${url}`,
    `--user-data-dir=${profile}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--window-size=1280,860',
  ];
  // Chromium refuses to run as root with its sandbox (containers, CI); it must be told.
  if (process.getuid?.() === 0) flags.push('--no-sandbox');
  const child = spawn(chrome, flags, { stdio: ['ignore', 'ignore', 'pipe'] });
  return { child, profile };
}

/** Opens an https URL in the OS browser (xdg-open / open / start), without a shell. */
function osOpener(noOpen: boolean): (url: string) => Promise<void> {
  return async (url) => {
    if (noOpen || !isSafeExternalUrl(url)) return;
    const [cmd, args] =
      process.platform === 'darwin'
        ? ['open', [url]]
        : process.platform === 'win32'
          ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
          : ['xdg-open', [url]];
    const child = spawn(cmd, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => note(`Rinkside: could not open ${new URL(url).origin} in the system browser.`));
    child.unref();
  };
}

async function runBrowserShell(args: CliArgs, version: string): Promise<void> {
  const hostOpts: HostOptions = {
    shell: 'browser',
    version,
    dataDir: args.dataDir ?? defaultDataDir(),
    openExternal: osOpener(args.noOpen),
    log: note,
  };
  if (args.verbose) hostOpts.requestLog = note;
  if (args.baseUrl !== undefined) hostOpts.baseUrl = args.baseUrl;
  if (args.db !== undefined) hostOpts.db = args.db;
  if (args.keys !== undefined) hostOpts.keys = args.keys;
  if (args.rateLimit !== undefined) hostOpts.rateLimit = args.rateLimit;

  let host: Host | null = null;
  let shell: BrowserShell | null = null;
  let window: { child: ChildProcess; profile: string } | null = null;
  let profile: string | null = null;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (window !== null && window.child.exitCode === null) window.child.kill('SIGTERM');
    await shell?.close();
    await host?.close();
    // Chromium's helpers (crashpad) may still be writing into the throwaway profile for a moment.
    if (profile !== null) await rm(profile, { recursive: true, force: true, maxRetries: 5 }).catch(() => {});
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  // The local service's process starts before the rest of the host is loaded (the heavier part of the
  // launch), so that its boot and the host's module loading run side by side.
  if (args.baseUrl === undefined) {
    const { embeddedChildArgs, nodeServiceStarter } = await import('../electron/host/service-process.ts');
    await mkdir(hostOpts.dataDir, { recursive: true, mode: 0o700 });
    const starter = nodeServiceStarter();
    const first = starter(embeddedChildArgs({ ...hostOpts, log: hostOpts.requestLog }));
    const { embeddedServiceOptions, startEmbeddedService } = await import('../electron/host/embedded-service.ts');
    hostOpts.embedded = startEmbeddedService({ ...embeddedServiceOptions(hostOpts), starter, first });
    // Observed here; startHost awaits it and reports its failure.
    hostOpts.embedded.catch(() => {});
  }
  const [{ startHost }, { startBrowserShell }] = await Promise.all([
    import('../electron/host/app.ts'),
    import('../electron/host/browser-shell.ts'),
  ]);
  host = await startHost(hostOpts);
  const imageOrigins = host.embedded ? [LOCAL_SERVICE_IMAGE_ORIGIN] : [];
  shell = await startBrowserShell({
    rendererDir,
    dispatch: host.dispatch,
    port: args.port,
    imageOrigins,
    log: note,
    exportDownload: (id) => host?.exports.downloadFile(id) ?? null,
  });
  say(`Rinkside: ${shell.url}`);
  const source = host.embedded
    ? `local service ${host.embedded.baseUrl()} on ${host.embedded.db}${host.embedded.demoKey() !== null ? ' (built-in key, no key of your own needed)' : ''}`
    : `service ${host.connection.baseUrl()}`;
  note(`Rinkside: ${source}; keychain ${host.keys.status().keychainAvailable ? 'available' : 'not available'}.`);

  if (args.noOpen) return;
  window = await openAppWindow(shell.url);
  if (window === null) {
    note('Rinkside: no Chromium or Chrome found; open the address above in a browser.');
    return;
  }
  const opened = window;
  profile = opened.profile;
  let stderrTail = '';
  opened.child.stderr?.on('data', (c: Buffer) => {
    stderrTail = (stderrTail + c.toString()).slice(-2000);
  });
  opened.child.on('error', () => note('Rinkside: the browser could not start; open the address above in a browser.'));
  const launched = Date.now();
  opened.child.on('close', (code) => {
    if (stopping) return;
    if (code !== 0 && Date.now() - launched < 5000) {
      const why = /Missing X server|cannot open display|no DISPLAY/i.test(stderrTail) ? ' (no display)' : '';
      note(`Rinkside: the browser window could not open${why}; open the address above in a browser.`);
      window = null;
      return;
    }
    // The scout closed the app window: the app ends, like a desktop app.
    void stop(0);
  });
}

async function main(): Promise<void> {
  let args: CliArgs;
  try {
    args = parseCliArgs(process.argv.slice(2));
  } catch (err) {
    note(`Rinkside: ${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    process.exit(2);
  }
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
  await ensureBuilt();

  if (!args.noOpen && !args.browser) {
    const electron = await tryElectron(process.argv.slice(2));
    if ('exitCode' in electron) process.exit(electron.exitCode);
    say(`Rinkside: Electron could not start (${electron.fallback}); using the browser shell.`);
  }
  await runBrowserShell(args, pkg.version);
}

main().catch((err: unknown) => {
  note(`Rinkside could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
