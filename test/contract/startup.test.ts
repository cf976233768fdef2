import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../service/data/seed.ts';
import { startService } from '../../service/server.ts';

let dir: string;
let dbFile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rinkside-startup-'));
  dbFile = join(dir, 'small.db');
  await seedDatabase(dbFile, { size: 'small', seed: 5 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('startService', () => {
  it('without a keys file makes a random demo key with full access', async () => {
    const a = await startService({ db: dbFile, port: 0 });
    const b = await startService({ db: dbFile, port: 0 });
    try {
      expect(a.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(a.demoKey).toMatch(/^demo-[0-9a-f]{24}$/);
      expect(a.demoKey).not.toBe(b.demoKey);
      for (const p of ['/teams', '/leagues', `/arenas/${1}/teams`]) {
        const res = await fetch(`${a.baseUrl}${p}?limit=1&apiKey=${a.demoKey}`);
        expect(res.status === 200 || (p.startsWith('/arenas') && res.status === 404), p).toBe(true);
      }
      expect((await fetch(`${a.baseUrl}/teams?apiKey=${b.demoKey}`)).status).toBe(401);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('rejects a keys file of the wrong shape with a message naming the problem (not the key)', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        keys: [{ key: 'secret-key-1234', organisation: 'X', leagues: 'all', seasons: '*', categories: ['teams'] }],
      }),
    );
    const err = (await startService({ db: dbFile, keys: bad }).then(
      () => new Error('started'),
      (e: unknown) => e,
    )) as Error;
    expect(err.name).toBe('KeysFileError');
    expect(err.message).toContain('keys[0].leagues');
    expect(err.message).toContain('keys[0].categories');
    expect(err.message).not.toContain('secret-key-1234');
    writeFileSync(bad, '{not json');
    await expect(startService({ db: dbFile, keys: bad })).rejects.toThrow(/not valid JSON/);
    await expect(startService({ db: dbFile, keys: join(dir, 'missing.json') })).rejects.toThrow(
      /Cannot read keys file/,
    );
  });

  it('logs one line per request with the key redacted', async () => {
    const lines: string[] = [];
    const s = await startService({ db: dbFile, log: (l) => lines.push(l) });
    try {
      await fetch(`${s.baseUrl}/teams?limit=1&apiKey=${s.demoKey}`);
      await fetch(`${s.baseUrl}/teams?sort=nope&apiKey=${s.demoKey}`);
      await fetch(`${s.baseUrl}/teams?apiKey=wrong-key-5678`);
    } finally {
      await s.close();
    }
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^GET \/v1\/teams\?limit=1&apiKey=\*\*\* 200 /);
    expect(lines[1]).toContain(' 400 ');
    expect(lines[2]).toContain(' 401 ');
    for (const l of lines) {
      expect(l).not.toContain(s.demoKey as string);
      expect(l).not.toContain('wrong-key-5678');
    }
  });
});

describe('npm run service (service/cli/serve.ts)', () => {
  it('prints one base URL line and the demo key line, serves, and exits cleanly on SIGTERM', async () => {
    const node = process.execPath;
    const child = spawn(node, [resolve('service/cli/serve.ts'), '--port', '0', '--db', dbFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
    for (let i = 0; i < 200 && !out.includes('Demo API key'); i++) await new Promise((r) => setTimeout(r, 50));
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(2);
    const base = /(http:\/\/127\.0\.0\.1:\d+\/v1)$/.exec(lines[0] as string)?.[1];
    const key = /(demo-[0-9a-f]{24})$/.exec(lines[1] as string)?.[1];
    expect(base).toBeDefined();
    expect(key).toBeDefined();
    expect((await fetch(`${base}/teams?limit=1&apiKey=${key}`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('with --keys prints only the URL line', async () => {
    const keys = join(dir, 'keys.json');
    writeFileSync(
      keys,
      JSON.stringify({
        keys: [{ key: 'cli-key-12345678', organisation: 'O', leagues: '*', seasons: '*', categories: '*' }],
      }),
    );
    const child = spawn(
      process.execPath,
      [resolve('service/cli/serve.ts'), '--port', '0', '--db', dbFile, '--keys', keys],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
    for (let i = 0; i < 200 && !out.includes('/v1'); i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    expect(out.trim().split('\n')).toHaveLength(1);
    const base = /(http:\/\/127\.0\.0\.1:\d+\/v1)$/.exec(out.trim())?.[1];
    expect((await fetch(`${base}/teams?limit=1&apiKey=cli-key-12345678`)).status).toBe(200);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});
