import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListsClient, openListsClient, StoreError } from '../../../store/index.ts';

/**
 * The league factors a scout pins (shared/domain/nhle.ts), kept in the lists file through the real lists worker:
 * pinned, re-pinned, removed, refused when bad; written into a `rinkside-lists` file as version 2's
 * `leagueFactors` (a file without pins stays version 1) and merged back by league, the later pin winning.
 */

let root: string;
let n = 0;

async function fresh(): Promise<ListsClient> {
  const dir = join(root, `store-${++n}`);
  await mkdir(dir, { recursive: true });
  return openListsClient({
    file: join(dir, 'lists.sqlite'),
    backupsDir: join(dir, 'backups'),
    cacheFile: join(dir, 'cache.sqlite'),
    record: null,
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rinkside-lists-factors-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('pinned league factors', () => {
  it('pins, re-pins and removes a factor; a bad factor is refused naming the field', async () => {
    const lists = await fresh();
    try {
      const pin = await lists.pinFactor({ league: 'ohl', factor: 0.3, note: 'Vollman’s table' });
      expect(pin).toMatchObject({ league: 'ohl', factor: 0.3, note: 'Vollman’s table' });
      await lists.pinFactor({ league: 'ohl', factor: 0.28 });
      await lists.pinFactor({ league: 'khl', factor: 0.77 });
      expect((await lists.pinnedFactors()).map((p) => [p.league, p.factor, p.note])).toEqual([
        ['khl', 0.77, ''],
        ['ohl', 0.28, ''],
      ]);
      await lists.unpinFactor('khl');
      expect((await lists.pinnedFactors()).map((p) => p.league)).toEqual(['ohl']);
      const refused = await lists.pinFactor({ league: 'ohl', factor: -1 }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(StoreError);
      expect((refused as StoreError).key).toBe('factor');
    } finally {
      await lists.close();
    }
  });

  it('travels in a rinkside-lists file (version 2 with pins, 1 without) and merges by league, the later pin winning', async () => {
    const a = await fresh();
    const b = await fresh();
    try {
      const plain = JSON.parse(await a.exportLists(null, 'Rinkside test'));
      expect(plain.version).toBe(1);
      expect(plain.leagueFactors).toBeUndefined();

      await b.pinFactor({ league: 'shl', factor: 0.6, note: 'newer in b' });
      await a.pinFactor({ league: 'ohl', factor: 0.3, note: 'from a' });
      await new Promise((r) => setTimeout(r, 5));
      await a.pinFactor({ league: 'shl', factor: 0.55, note: 'newest, in a' });
      const doc = JSON.parse(await a.exportLists(null, 'Rinkside test'));
      expect(doc.version).toBe(2);
      expect(doc.leagueFactors.map((f: { league: string }) => f.league)).toEqual(['ohl', 'shl']);

      await b.importLists(JSON.stringify(doc));
      const merged = await b.pinnedFactors();
      expect(merged.map((p) => [p.league, p.factor, p.note])).toEqual([
        ['ohl', 0.3, 'from a'],
        ['shl', 0.55, 'newest, in a'],
      ]);
      // An older pin in the file does not replace a newer one here.
      await b.pinFactor({ league: 'ohl', factor: 0.31, note: 'b, later' });
      await b.importLists(JSON.stringify(doc));
      expect((await b.pinnedFactors()).find((p) => p.league === 'ohl')?.note).toBe('b, later');

      const v1WithPins = JSON.stringify({ ...doc, version: 1 });
      const refused = await b.importLists(v1WithPins).catch((e: unknown) => e);
      expect((refused as StoreError).key).toBe('leagueFactors');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
