import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDatabank } from '../../../service/data/databank/import.ts';
import { seedDatabase } from '../../../service/data/seed.ts';
import { TEST_CACHE_ENV } from './build-once.ts';
import { writeSample } from './databank-sample.ts';
import { importDatabankOnce, seedDatabaseOnce } from './database-once.ts';
import { dumpAll, openPlain, tempDir } from './helpers.ts';

// The databases a test run makes once: each caller's copy holds what the importer (or the seed) writes, with
// an identity of its own, and the same report (or counts); CSVs that differ in one line are another import.

const t = tempDir('rinkside-database-once-');
const csv = join(t.dir, 'csv');
beforeAll(() => {
  writeSample(csv, [[1976, 'MTL']]);
});
afterAll(() => t.cleanup());

const idOf = (file: string) => {
  const db = openPlain(file);
  try {
    return (db.prepare("SELECT value FROM meta WHERE key = 'databaseId'").get() as { value: string }).value;
  } finally {
    db.close();
  }
};

describe('importDatabankOnce', () => {
  it('gives each caller a copy of one import: the importer’s data and report, an identity of its own', async () => {
    expect(process.env[TEST_CACHE_ENV], 'the run has a cache folder').toBeTruthy();
    const plain = join(t.dir, 'plain.sqlite');
    const want = await importDatabank(csv, plain, { maxSkippedShare: 1 });
    const [a, b] = [join(t.dir, 'a.sqlite'), join(t.dir, 'b.sqlite')];
    const reports = await Promise.all([
      importDatabankOnce(csv, a, { maxSkippedShare: 1 }),
      importDatabankOnce(csv, b, { maxSkippedShare: 1 }),
    ]);
    expect(reports).toEqual([want, want]);
    expect(dumpAll(a)).toBe(dumpAll(plain));
    expect(dumpAll(b)).toBe(dumpAll(plain));
    expect(new Set([idOf(plain), idOf(a), idOf(b)]).size).toBe(3);
  });

  it('CSVs that differ by one line are imported on their own', async () => {
    const fewer = join(t.dir, 'csv-fewer');
    cpSync(csv, fewer, { recursive: true });
    const scoring = readFileSync(join(fewer, 'Scoring.csv'), 'utf8').trimEnd().split('\n');
    writeFileSync(join(fewer, 'Scoring.csv'), `${scoring.slice(0, -1).join('\n')}\n`);
    const [x, y] = [join(t.dir, 'x.sqlite'), join(t.dir, 'y.sqlite')];
    const rx = await importDatabankOnce(csv, x, { maxSkippedShare: 1 });
    const ry = await importDatabankOnce(fewer, y, { maxSkippedShare: 1 });
    const lines = (f: string) => {
      const db = openPlain(f);
      try {
        return (db.prepare('SELECT COUNT(*) AS n FROM player_stats').get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    expect(lines(x) - lines(y)).toBe(1);
    expect(ry).not.toEqual(rx);
  });
});

describe('seedDatabaseOnce', () => {
  it('gives each caller a copy of one seeded world: the seed’s data and counts, an identity of its own', async () => {
    const plain = join(t.dir, 'seed-plain.sqlite');
    const want = await seedDatabase(plain, { size: 'small', seed: 4 });
    const [a, b] = [join(t.dir, 'seed-a.sqlite'), join(t.dir, 'seed-b.sqlite')];
    expect(await seedDatabaseOnce(a, { size: 'small', seed: 4 })).toEqual(want);
    expect(await seedDatabaseOnce(b, { size: 'small', seed: 4 })).toEqual(want);
    expect(dumpAll(a)).toBe(dumpAll(plain));
    expect(dumpAll(b)).toBe(dumpAll(plain));
    expect(new Set([idOf(plain), idOf(a), idOf(b)]).size).toBe(3);
  });
});
