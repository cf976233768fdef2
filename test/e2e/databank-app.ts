import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * An app instance of the test's own on a database file (a Hockey Databank import): `npm start`'s script
 * on a free port the system picks (the run's two instances serve the demo data), headless. Resolves with
 * its URL once it prints it; `stop()` ends it and waits for its exit.
 */
export async function startAppOn(db: string, dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const root = process.cwd();
  const child: ChildProcess = spawn(
    process.execPath,
    [join(root, 'scripts', 'start.ts'), '--no-open', '--db', db, '--data-dir', dataDir],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let err = '';
  child.stderr?.on('data', (c: Buffer) => {
    err = (err + c.toString()).slice(-4000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Rinkside: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`npm start exited (${code}) before its URL line:\n${err}`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
