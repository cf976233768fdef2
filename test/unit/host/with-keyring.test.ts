import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// scripts/with-keyring.sh, run for real: it must leave no /tmp/rinkside-keyring.* folder behind, whether
// the command succeeds or fails, and pass on the command's exit status.

const script = fileURLToPath(new URL('../../../scripts/with-keyring.sh', import.meta.url));
const run = promisify(execFile);

async function keyringFolders(): Promise<Set<string>> {
  return new Set((await readdir('/tmp')).filter((n) => n.startsWith('rinkside-keyring.')));
}

describe('scripts/with-keyring.sh', () => {
  it.each([
    ['a command that succeeds', 'exit 0', 0],
    ['a command that fails', 'exit 3', 3],
  ])('removes its temp folder after %s and exits with its status', async (_what, body, code) => {
    // The command prints the folder it ran in (XDG_DATA_HOME is inside it), so the test knows which one.
    const cmd = `printf %s "$XDG_DATA_HOME"; ${body}`;
    let stdout = '';
    let exit = 0;
    try {
      ({ stdout } = await run('bash', [script, 'bash', '-c', cmd], { timeout: 30_000 }));
    } catch (err) {
      const e = err as { code?: number; stdout?: string };
      exit = e.code ?? -1;
      stdout = e.stdout ?? '';
    }
    expect(exit).toBe(code);
    const folder = stdout.trim().split('/').slice(0, 3).join('/');
    expect(folder).toMatch(/^\/tmp\/rinkside-keyring\.\w{6}$/);
    const after = await keyringFolders();
    expect(after.has(folder.slice('/tmp/'.length))).toBe(false);
  });
});
