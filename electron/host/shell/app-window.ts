import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isSafeExternalUrl } from './security.ts';

/**
 * The windows of the browser shell: the app's own window (Chromium or Chrome in app mode) and links the
 * scout opens in the OS browser.
 */

const CHROMES = [
  process.env.CHROME_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** A Chromium window of the app, and its throwaway profile folder (to remove when it has closed). */
export interface AppWindow {
  child: ChildProcess;
  profile: string;
}

/** Opens `url` in Chromium/Chrome app mode with a throwaway profile; null when none is found. */
export async function openAppWindow(url: string): Promise<AppWindow | null> {
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

/**
 * The host's `openExternal`: opens an https URL (only one {@link isSafeExternalUrl} accepts) in the OS
 * browser (xdg-open / open / start), without a shell; does nothing when `noOpen`. A failure is one line
 * on `note`.
 */
export function osOpener(noOpen: boolean, note: (line: string) => void): (url: string) => Promise<void> {
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
