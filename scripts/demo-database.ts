import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CliArgs } from '../electron/host/cli-args.ts';
import { defaultDataDir, demoDatabaseFile } from '../electron/host/paths.ts';
import { demoIsCurrent } from '../service/data/world-version.ts';

/**
 * The demo database on a launch that must build the app first (a fresh clone): created from the very
 * start of the launch, beside the build, by service/cli/ensure-demo.ts run from its source, instead of by
 * the built service child once the build is in. The built child then finds it in place. This one step runs
 * from source because the build it would wait for is what it overlaps with; it runs once, on the first
 * launch on a data folder.
 */

/**
 * Starts creating the demo database of `args` when the launch will use it (no `--db`, no `--base-url`) and
 * it does not exist yet (or was built by older rules of the synthetic world); resolves once it is done or
 * has failed (the service child then tries itself and reports why), at once when there is nothing to do. The data folder is created as the host creates
 * it (mode 700). A launcher that ends meanwhile stops it (its temp file is removed, nothing is left).
 */
export function createDemoDatabaseEarly(root: string, args: CliArgs, note: (line: string) => void): Promise<void> {
  if (args.db !== undefined || args.baseUrl !== undefined) return Promise.resolve();
  const dataDir = args.dataDir ?? defaultDataDir();
  const file = demoDatabaseFile(dataDir);
  if (existsSync(file) && demoIsCurrent(file)) return Promise.resolve();
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch {
    return Promise.resolve(); // the host reports an unusable data folder
  }
  const child = spawn(process.execPath, [join(root, 'service', 'cli', 'ensure-demo.ts'), file], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = () => child.kill();
  process.on('exit', stop);
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-2000);
  });
  return new Promise((resolve) => {
    const end = (failed: boolean) => {
      process.off('exit', stop);
      if (failed && stderr.trim() !== '') note(`Rinkside: ${stderr.trim()}`);
      resolve();
    };
    child.on('error', () => end(true));
    child.on('exit', (code) => end(code !== 0));
  });
}
