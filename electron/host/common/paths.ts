import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The user data folder of Rinkside, where the settings file and the demo database live, the same for
 * the Electron app and the browser shell: `$XDG_DATA_HOME/rinkside` (default `~/.local/share/rinkside`)
 * on Linux, `~/Library/Application Support/Rinkside` on macOS, `%APPDATA%\Rinkside` on Windows.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Rinkside');
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Rinkside');
  const base = env.XDG_DATA_HOME?.startsWith('/') ? env.XDG_DATA_HOME : join(homedir(), '.local', 'share');
  return join(base, 'rinkside');
}

/** The demo database file inside a data folder (created on first run by the service's seed). */
export function demoDatabaseFile(dataDir: string): string {
  return join(dataDir, 'demo.sqlite');
}
