import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BrowserMainOptions } from '../electron/host/shell/browser-main.ts';
import { type CliArgs, parseCliArgs, USAGE } from '../electron/host/shell/cli-args.ts';
import { ALL_PARTS } from './build-stamp.ts';
import { type Build, ensureBuilt } from './ensure-built.ts';

// `npm start`'s launcher (scripts/start.js loads it): it parses the command line, brings out/ up to date
// (building only the stale parts), then runs the built app: Electron on out/main/main.js when it can
// start; otherwise it says so in one line and loads the browser shell's main, out/main/browser-main.js,
// which starts the host, the local service (out/main/child.js) and the store's worker
// (out/main/store-worker.js). Nothing of the app runs from its TypeScript sources (the build itself makes
// the demo database the service child copies on a first launch: scripts/demo-template.ts). stdout
// carries only those lines, starting with the URL line `Rinkside: http://127.0.0.1:PORT/`; diagnostics go
// to stderr.

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const say = (line: string) => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`${line}\n`);

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
 * Runs Electron on the built main process (package.json "main") with the same flags. Resolves 'fallback'
 * with a reason when it cannot start or exits at once with an error; otherwise it runs until Electron
 * quits.
 */
async function tryElectron(args: readonly string[]): Promise<{ fallback: string } | { exitCode: number }> {
  const bin = electronBinary();
  if ('reason' in bin) return { fallback: bin.reason };
  const started = Date.now();
  const child: ChildProcess = spawn(bin.path, [root, ...args], { cwd: root, stdio: 'inherit' });
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

/**
 * The built browser shell's main (electron/host/shell/browser-main.ts in out/main); `handOver` is called just
 * before it takes over the signals.
 */
async function runBuiltBrowserShell(opts: BrowserMainOptions, handOver: () => void): Promise<void> {
  const entry = pathToFileURL(join(root, 'out', 'main', 'browser-main.js')).href;
  const { runBrowserShell } = (await import(entry)) as typeof import('../electron/host/shell/browser-main.ts');
  handOver();
  await runBrowserShell(opts);
}

async function main(): Promise<void> {
  let args: CliArgs;
  try {
    args = parseCliArgs(process.argv.slice(2));
  } catch (err) {
    note(`Rinkside: ${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    process.exit(2);
  }
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  // Until Electron or the browser shell handles them, a signal ends the launch (and so the build: see
  // ensureBuilt) at once.
  const onSignal = (signal: NodeJS.Signals) => process.exit(signal === 'SIGINT' ? 130 : 143);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const handOver = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  // The preload serves Electron's window alone: a launch that will run the browser shell leaves it for the
  // first start that runs Electron.
  const electron = !args.noOpen && !args.browser && 'path' in electronBinary();
  const build: Build = await ensureBuilt(root, note, electron ? ALL_PARTS : ['main', 'renderer']);
  try {
    if (!args.noOpen && !args.browser) {
      await Promise.all([build.main, build.renderer]);
      handOver();
      const ran = await tryElectron(process.argv.slice(2));
      if ('exitCode' in ran) process.exit(ran.exitCode);
      say(`Rinkside: Electron could not start (${ran.fallback}); using the browser shell.`);
    }
    await build.main;
    const rendererDir = join(root, 'out', 'renderer');
    await runBuiltBrowserShell({ args, version, rendererDir, rendererBuilt: build.renderer }, handOver);
  } catch (err) {
    // A part still building is let finish (and the lock released), so the next start need not build it.
    await build.finished;
    throw err;
  }
}

main().catch((err: unknown) => {
  note(`Rinkside could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
