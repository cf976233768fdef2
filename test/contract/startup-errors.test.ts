// Startup errors say which file and what to do; a 500 is logged with its uuid (never the key) without --verbose.
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../service/data/seed.ts';
import { startService } from '../../service/server.ts';

let dir: string;
let dbFile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rinkside-startup-errors-'));
  dbFile = join(dir, 'small.db');
  await seedDatabase(dbFile, { size: 'small', seed: 5 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const failure = (db: string) =>
  startService({ db, port: 0 }).then(
    async (s) => {
      await s.close();
      return 'started';
    },
    (e: unknown) => (e as Error).message,
  );

describe('startService: a database that cannot be opened', () => {
  it('a missing file: names the path and how to make one', async () => {
    const file = join(dir, 'missing.db');
    const msg = await failure(file);
    expect(msg).toContain(file);
    expect(msg).toMatch(/does not exist: make one with `npm run service:seed -- --db FILE`/);
  });

  it('a file in a missing folder: names the folder', async () => {
    const msg = await failure(join(dir, 'no-such-folder', 'x.db'));
    expect(msg).toContain(`the folder ${join(dir, 'no-such-folder')} does not exist`);
  });

  it('--db is a folder: says so instead of "disk I/O error"', async () => {
    const msg = await failure(dir);
    expect(msg).toContain(`${dir} is a folder, not a database file`);
    expect(msg).not.toMatch(/^disk I\/O error$/);
  });

  it.skipIf(process.getuid?.() === 0)(
    'a read-only folder when seeding: names the folder to make writable',
    async () => {
      const ro = join(dir, 'read-only');
      mkdirSync(ro);
      chmodSync(ro, 0o555);
      try {
        const err = await seedDatabase(join(ro, 'x.db'), { size: 'small', seed: 1 }).catch((e: unknown) => e);
        expect((err as Error).message).toMatch(/cannot be written: check that this user may write the folder/);
      } finally {
        chmodSync(ro, 0o755);
      }
    },
  );

  it('the command prints the same message and exits 1', async () => {
    const child = spawn(process.execPath, [resolve('service/cli/serve.ts'), '--port', '0', '--db', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    const code = await new Promise<number | null>((res) => child.on('exit', (c) => res(c)));
    expect(code).toBe(1);
    expect(err).toContain(`${dir} is a folder, not a database file`);
  });
});

describe('a 500 without --verbose', () => {
  it('is logged on stderr with the uuid of its response body, and without the key', async () => {
    const broken = join(dir, 'broken.db');
    copyFileSync(dbFile, broken);
    const child = spawn(process.execPath, [resolve('service/cli/serve.ts'), '--port', '0', '--db', broken], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
    await new Promise<void>((res) => {
      const check = () => (out.includes('Demo API key') ? res() : setTimeout(check, 20));
      check();
    });
    const base = /(http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(out)?.[1];
    const key = /(demo-[0-9a-f]{24})/.exec(out)?.[1] as string;
    // A writer beside the read-only service removes a table it needs: the next query fails inside SQLite.
    const w = new DatabaseSync(broken);
    w.exec('PRAGMA foreign_keys = OFF; DROP TABLE teams;');
    w.close();
    const res = await fetch(`${base}/teams?limit=1&apiKey=${key}`);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { uuid: string; message: string };
    expect(body.message).toBe('Internal server error');
    await new Promise<void>((res) => {
      const check = () => (err.includes(body.uuid) ? res() : setTimeout(check, 20));
      check();
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const line = err.split('\n').find((l) => l.includes(body.uuid)) as string;
    expect(line).toMatch(new RegExp(`^error ${body.uuid}: GET /v1/teams\\?limit=1&apiKey=\\*\\*\\* 500: `));
    expect(err).not.toContain(key);
  });
});
