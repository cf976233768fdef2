import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importDatabank } from '../../../service/data/databank/import.ts';
import { TEST_CACHE_ENV } from './build-once.ts';
import { importDatabankOnce } from './databank-once.ts';
import { writeSample } from './databank-sample.ts';
import { dumpAll, openPlain, tempDir } from './helpers.ts';

// The Databank import a test run makes once: each copy holds what the importer writes for those CSVs, with
// an identity of its own, and the same report; CSVs that differ in one line are another import.

const t = tempDir('rinkside-databank-once-');
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
    const csv = join(t.dir, 'csv');
    writeSample(csv, [[1976, 'MTL']]);
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

  it('CSVs that differ are imported on their own', async () => {
    const one = join(t.dir, 'one');
    const two = join(t.dir, 'two');
    writeSample(one, [[1976, 'MTL']]);
    writeSample(two, [[1976, 'BOS']]);
    const [x, y] = [join(t.dir, 'x.sqlite'), join(t.dir, 'y.sqlite')];
    await importDatabankOnce(one, x, { maxSkippedShare: 1 });
    await importDatabankOnce(two, y, { maxSkippedShare: 1 });
    const teams = (f: string) => {
      const db = openPlain(f);
      try {
        return (db.prepare('SELECT teamName FROM team_seasons').all() as { teamName: string }[]).map((r) => r.teamName);
      } finally {
        db.close();
      }
    };
    expect(teams(x)).toEqual(['Montreal Canadiens']);
    expect(teams(y)).toEqual(['Boston Bruins']);
  });
});
