// The seed and import commands as processes: exit codes, usage errors, progress and the summary.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openPlain, scalar, tempDir } from './helpers.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, [path.join(REPO, 'service/cli', script), ...args], { encoding: 'utf8', cwd: REPO });

describe('service:seed and service:import commands', () => {
  const t = tempDir();
  afterAll(() => t.cleanup());

  it('seed: usage errors exit 2 and name the problem', () => {
    const noDb = run('seed.ts', ['--size', 'small']);
    expect(noDb.status).toBe(2);
    expect(noDb.stderr).toMatch(/--db FILE is required/);
    const badSize = run('seed.ts', ['--db', path.join(t.dir, 'x.db'), '--size', 'huge']);
    expect(badSize.status).toBe(2);
    expect(badSize.stderr).toMatch(/--size must be one of small, demo, large/);
    const badSeed = run('seed.ts', ['--db', path.join(t.dir, 'x.db'), '--size', 'small', '--seed', '1.5']);
    expect(badSeed.status).toBe(2);
    expect(badSeed.stderr).toMatch(/--seed must be an integer/);
    expect(fs.existsSync(path.join(t.dir, 'x.db'))).toBe(false);
  });

  it('seed: builds a small world with progress and counts, exit 0', () => {
    const file = path.join(t.dir, 'small.db');
    const r = run('seed.ts', ['--db', file, '--size', 'small', '--seed', '5']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/season 2025-2026: [\d,]+ player-stat rows so far/);
    expect(r.stdout).toMatch(/player_stats\s+[\d,]+/);
    expect(r.stdout).toMatch(/done in [\d.]+ s/);
    const db = openPlain(file);
    expect(scalar(db, 'SELECT count(*) FROM player_stats')).toBeGreaterThan(1000);
    db.close();
  });

  it('import: usage errors exit 2; a directory that is not a Databank exits 1 and writes nothing', () => {
    expect(run('import.ts', [path.join(t.dir, 'dir')]).status).toBe(2);
    expect(run('import.ts', ['--db', path.join(t.dir, 'i.db')]).status).toBe(2);
    fs.mkdirSync(path.join(t.dir, 'empty'));
    const r = run('import.ts', ['--db', path.join(t.dir, 'i.db'), path.join(t.dir, 'empty')]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/service:import failed: abbrev\.csv is missing/);
    expect(fs.existsSync(path.join(t.dir, 'i.db'))).toBe(false);
  });
});
