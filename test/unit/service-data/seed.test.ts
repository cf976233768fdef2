import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoDatabase, seedDatabase } from '../../../service/data/seed.ts';
import { buildAtomically } from '../../../service/data/store.ts';
import { demoIsCurrent, WORLD_VERSION } from '../../../service/data/world-version.ts';
import { dumpAll, openPlain, scalar, tempDir } from './helpers.ts';

describe('seedDatabase (synthetic world)', () => {
  const t = tempDir();
  const a = path.join(t.dir, 'a.db');
  const b = path.join(t.dir, 'b.db');
  const c = path.join(t.dir, 'c.db');
  beforeAll(async () => {
    await seedDatabase(a, { size: 'small', seed: 1 });
    await seedDatabase(b, { size: 'small', seed: 1 });
    await seedDatabase(c, { size: 'small', seed: 2 });
  });
  afterAll(() => t.cleanup());

  it('gives identical data for the same seed and size, timestamps included', () => {
    const da = dumpAll(a);
    expect(da.length).toBeGreaterThan(100_000);
    expect(dumpAll(b)).toBe(da);
  });

  it('gives each file an identity of its own, the same data or not', () => {
    const id = (file: string) => {
      const db = openPlain(file);
      try {
        return (db.prepare("SELECT value FROM meta WHERE key = 'databaseId'").get() as { value: string }).value;
      } finally {
        db.close();
      }
    };
    const ids = [id(a), id(b), id(c)];
    for (const v of ids) expect(v).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('gives different data for another seed', () => {
    const pa = openPlain(a);
    const pc = openPlain(c);
    const q = 'SELECT firstName, lastName, dateOfBirth FROM players ORDER BY id LIMIT 50';
    expect(pc.prepare(q).all()).not.toEqual(pa.prepare(q).all());
    const s = 'SELECT reg_GP, reg_GA, reg_SA FROM player_stats WHERE isGoalie = 1 ORDER BY id LIMIT 50';
    expect(pc.prepare(s).all()).not.toEqual(pa.prepare(s).all());
    pa.close();
    pc.close();
  });

  it('records its provenance (synthetic, seed, size)', () => {
    const db = openPlain(c);
    const p = JSON.parse(
      (db.prepare("SELECT value FROM meta WHERE key = 'provenance'").get() as { value: string }).value,
    );
    expect(p).toMatchObject({ source: 'synthetic', seed: 2, size: 'small', world: WORLD_VERSION });
    db.close();
  });

  it('a synthetic world of older rules (world version below the current, or none) is not current; others are', () => {
    const f = path.join(t.dir, 'versions.db');
    fs.copyFileSync(c, f);
    try {
      expect(demoIsCurrent(f)).toBe(true);
      const db = new DatabaseSync(f);
      const set = (p: object) =>
        db.prepare("UPDATE meta SET value = ? WHERE key = 'provenance'").run(JSON.stringify(p));
      set({ source: 'synthetic', seed: 1, size: 'demo', description: '' });
      expect(demoIsCurrent(f)).toBe(false);
      set({ source: 'synthetic', seed: 1, size: 'demo', description: '', world: WORLD_VERSION - 1 });
      expect(demoIsCurrent(f)).toBe(false);
      set({ source: 'hockey-databank', attribution: '', description: '', directory: '' });
      expect(demoIsCurrent(f)).toBe(true);
      db.close();
    } finally {
      fs.rmSync(f);
    }
  });

  it('leaves one self-contained file: no temp, -wal or -shm files beside it', () => {
    expect(fs.readdirSync(t.dir).sort()).toEqual(['a.db', 'b.db', 'c.db']);
  });

  it('small is a few leagues, 2-3 seasons and a couple thousand player-stat rows', () => {
    const db = openPlain(a);
    expect(scalar(db, 'SELECT count(*) FROM leagues')).toBeGreaterThanOrEqual(3);
    const seasons = scalar(db, 'SELECT count(*) FROM seasons');
    expect(seasons).toBeGreaterThanOrEqual(2);
    expect(seasons).toBeLessThanOrEqual(3);
    const rows = scalar(db, 'SELECT count(*) FROM player_stats');
    expect(rows).toBeGreaterThan(1500);
    expect(rows).toBeLessThan(5000);
    db.close();
  });

  it('rejects an unknown size or a non-integer seed without creating the file', async () => {
    const f = path.join(t.dir, 'bad.db');
    await expect(seedDatabase(f, { size: 'huge' as 'small', seed: 1 })).rejects.toThrow(/unknown size/);
    await expect(seedDatabase(f, { size: 'small', seed: 1.5 })).rejects.toThrow(/integer/);
    expect(fs.existsSync(f)).toBe(false);
  });
});

describe('buildAtomically', () => {
  it('leaves nothing behind when the build fails, and keeps an existing file as it was', async () => {
    const t = tempDir();
    try {
      const target = path.join(t.dir, 'x.db');
      await expect(
        buildAtomically(target, (temp) => {
          fs.writeFileSync(temp, 'half written');
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(fs.readdirSync(t.dir)).toEqual([]);
      fs.writeFileSync(target, 'old');
      await expect(
        buildAtomically(target, (temp) => {
          fs.writeFileSync(temp, 'new');
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(fs.readFileSync(target, 'utf8')).toBe('old');
      expect(fs.readdirSync(t.dir)).toEqual(['x.db']);
    } finally {
      t.cleanup();
    }
  });
});

describe('ensureDemoDatabase', () => {
  it('creates the demo world (seed 1) when the file is missing and leaves an existing file alone', async () => {
    const t = tempDir();
    try {
      const f = path.join(t.dir, 'demo.db');
      await ensureDemoDatabase(f);
      const db = openPlain(f);
      const p = JSON.parse(
        (db.prepare("SELECT value FROM meta WHERE key = 'provenance'").get() as { value: string }).value,
      );
      expect(p).toMatchObject({ source: 'synthetic', seed: 1, size: 'demo' });
      expect(scalar(db, "SELECT count(*) FROM seasons WHERE slug BETWEEN '2015-2016' AND '2025-2026'")).toBe(11);
      db.close();
      const before = fs.statSync(f).mtimeMs;
      await ensureDemoDatabase(f);
      expect(fs.statSync(f).mtimeMs).toBe(before);
      // A demo world built by older rules is built again.
      const old = new DatabaseSync(f);
      old
        .prepare("UPDATE meta SET value = ? WHERE key = 'provenance'")
        .run(JSON.stringify({ source: 'synthetic', seed: 1, size: 'demo', description: '' }));
      old.close();
      await ensureDemoDatabase(f);
      const again = openPlain(f);
      const q = "SELECT value FROM meta WHERE key = 'provenance'";
      expect(JSON.parse((again.prepare(q).get() as { value: string }).value)).toMatchObject({ world: WORLD_VERSION });
      again.close();
    } finally {
      t.cleanup();
    }
  });
});
