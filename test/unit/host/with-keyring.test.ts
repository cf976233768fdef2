import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// scripts/with-keyring.sh, run for real: it must leave no /tmp/rinkside-keyring.* folder behind, whether
// the command succeeds or fails, and pass on the command's exit status, even when something is still
// writing into that folder as the command ends (the keyring daemon outlives the D-Bus session) or the
// folder cannot be removed at all.

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

/** Runs `bash -c cmd` under the script (optionally through `wrap`); its exit code, stdout and stderr. */
async function runWrapped(cmd: string, wrap: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const argv = [...wrap, 'bash', script, 'bash', '-c', cmd];
  try {
    const { stdout, stderr } = await run(argv[0] as string, argv.slice(1), {
      timeout: 60_000,
      env: { ...process.env, ...env },
    });
    return { exit: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { exit: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** Whether process `pid` still runs: it exists and is not a zombie (which writes nothing more). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The keyring folder named on the first line of `stdout` (the command prints its XDG_DATA_HOME). */
const folderOf = (stdout: string) => (stdout.split('\n')[0] ?? '').split('/').slice(0, 3).join('/');

describe('scripts/with-keyring.sh when something outlives the command', () => {
  let dir: string;
  const started: number[] = [];
  const folders: string[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rinkside-with-keyring-'));
  });
  afterAll(async () => {
    // What the script should have stopped and removed, in case it did not.
    for (const pid of started.filter(running)) process.kill(pid, 'SIGKILL');
    for (const f of folders) await rm(f, { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['succeeds', 0],
    ['fails', 3],
  ])(
    'a command that %s leaving a daemon writing into the folder: the daemon and the keyring daemon are stopped, the folder removed, the status kept',
    async (what, code) => {
      const pidFile = join(dir, `writer-${what}.pid`);
      // A detached process (its own session, like the keyring daemon) that writes into the folder as fast
      // as it can, forever; and the keyring daemon's pid, from the session bus, before the command ends.
      const cmd = [
        'printf "%s\\n" "$XDG_DATA_HOME"',
        `setsid bash -c 'echo $$ > "$WRITER_PID_FILE"; i=0; while :; do : > "$XDG_DATA_HOME/busy.$((i++ % 500))"; done' </dev/null >/dev/null 2>&1 &`,
        'until [ -s "$WRITER_PID_FILE" ]; do sleep 0.01; done',
        'for i in $(seq 200); do p=$(dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets 2>/dev/null | awk \'/uint32/ {print $2}\'); [ -n "$p" ] && break; sleep 0.05; done',
        'echo "keyring $p"',
        `exit ${code}`,
      ].join('\n');
      const r = await runWrapped(cmd, [], { WRITER_PID_FILE: pidFile });
      const folder = folderOf(r.stdout);
      folders.push(folder);
      const writer = Number(readFileSync(pidFile, 'utf8'));
      const keyringDaemon = Number(/^keyring (\d+)$/m.exec(r.stdout)?.[1]);
      started.push(writer);
      expect(folder).toMatch(/^\/tmp\/rinkside-keyring\.\w{6}$/);
      expect(keyringDaemon).toBeGreaterThan(1);
      expect({ exit: r.exit, writer: running(writer), keyringDaemon: running(keyringDaemon) }).toEqual({
        exit: code,
        writer: false,
        keyringDaemon: false,
      });
      expect(existsSync(folder)).toBe(false);
    },
    120_000,
  );

  it.each([
    ['succeeds', 0],
    ['fails', 3],
  ])(
    'a command that %s leaving its folder impossible to remove: the status is kept and the folder named',
    async (_what, code) => {
      // A tmpfs mounted on the keyring's data folder (in a private mount namespace, as root: see
      // test/unit/store/faults) makes `rm -rf` fail every time, as a folder still in use does.
      const r = await runWrapped(
        `printf "%s\\n" "$XDG_DATA_HOME"; mount -t tmpfs rinkside-busy "$XDG_DATA_HOME"; exit ${code}`,
        ['unshare', '--mount', '--propagation', 'private'],
      );
      const folder = folderOf(r.stdout);
      folders.push(folder);
      expect(folder).toMatch(/^\/tmp\/rinkside-keyring\.\w{6}$/);
      expect(r.exit).toBe(code);
      expect(r.stderr).toContain(`could not remove ${folder}`);
    },
    60_000,
  );
});
