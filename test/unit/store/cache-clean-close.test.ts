import { closeSync, existsSync, openSync, statSync, utimesSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflineStatsRow } from '../../../shared/domain/offline.ts';
import { recordCleanClose } from '../../../store/cache/clean-close.ts';
import { openStore } from '../../../store/cache/open.ts';
import { openCheckedCache } from '../../../store/cache/opening.ts';
import { storePlayer } from './fixtures.ts';

/**
 * The cache's check at opening reads every page of the file (seconds on a store of a million lines), so it
 * is skipped for a file exactly as a clean close left it, and runs after anything else: a run that did not
 * close, a write to the file since, a run that met a damaged page. The store runs in-process here (the
 * worker runs the same openStore); each file is a real SQLite file written through the store.
 */

let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-clean-close-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A store file with one team-season of `lines` skaters, closed cleanly. */
function cleanlyClosedStore(lines = 400): string {
  const file = join(dir, `offline-${++n}.sqlite`);
  const store = openStore(file);
  const season = { slug: '2015-2016', startYear: 2015, endYear: 2016 };
  const rows: OfflineStatsRow[] = Array.from({ length: lines }, (_, i) => ({
    id: i + 1,
    playerId: i + 1,
    team: { id: 7, name: 'Team 7' },
    leagueSlug: 'ohl',
    season: season.slug,
    playerAge: null,
    regularStats: { GP: 60, G: i % 50, A: i % 40, PTS: (i % 50) + (i % 40) },
    postseasonStats: {},
    totalStats: {},
  }));
  store.commitUnit({
    leagueSlug: 'ohl',
    league: { slug: 'ohl', name: 'OHL', fullName: null },
    season,
    team: { id: 7, name: 'Team 7' },
    rows,
    players: rows.map((r) => storePlayer(r.playerId, `Player ${r.playerId}`, 'F')),
  });
  store.close();
  return file;
}

/** Opens `file` as the store's opening does; whether its check ran and whether it set the file aside. */
function opening(file: string): { checked: boolean; rebuilt: boolean } {
  const opened = openCheckedCache(file);
  opened.db.close();
  return { checked: opened.checked, rebuilt: opened.rebuilt !== null };
}

/** Overwrites the first page of `player_stats` (its root) with bytes that are no b-tree page. */
function damageStatsRoot(file: string): void {
  const db = new DatabaseSync(file, { readOnly: true });
  const { rootpage } = db.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'player_stats'").get() as {
    rootpage: number;
  };
  const { page_size } = db.prepare('PRAGMA page_size').get() as { page_size: number };
  db.close();
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(page_size, 0xee), 0, page_size, (rootpage - 1) * page_size);
  closeSync(fd);
}

describe('the check of the cache at opening', () => {
  it('is skipped for a file as its clean close left it, and runs at the next opening after that', () => {
    const file = cleanlyClosedStore();
    expect(existsSync(`${file}.closed`)).toBe(true);
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(opening(file)).toEqual({ checked: false, rebuilt: false });
    // The record is taken at opening: a run that never closes (a crash) leaves none.
    expect(existsSync(`${file}.closed`)).toBe(false);
    expect(opening(file)).toEqual({ checked: true, rebuilt: false });
  });

  it('runs for a file anything touched since, and a damaged one is set aside', () => {
    const touched = cleanlyClosedStore();
    // Even the same times written back move the change time, which no program can set back.
    const { atime, mtime } = statSync(touched);
    utimesSync(touched, atime, mtime);
    expect(opening(touched)).toEqual({ checked: true, rebuilt: false });

    const damaged = cleanlyClosedStore();
    damageStatsRoot(damaged);
    expect(opening(damaged)).toEqual({ checked: true, rebuilt: true });
  });

  it('a run that meets a damaged page leaves no record, so the next opening checks and sets the file aside', () => {
    const file = cleanlyClosedStore();
    damageStatsRoot(file);
    // Damage no write made (a page gone bad on the disk): the record matches and the check is skipped.
    recordCleanClose(file);
    const store = openStore(file);
    expect(store.rebuilt()).toBeNull();
    expect(() => store.player(1)).toThrow(/malformed/);
    store.close();
    expect(existsSync(`${file}.closed`)).toBe(false);
    expect(opening(file)).toEqual({ checked: true, rebuilt: true });
  });

  it('a store closed while another connection still reads it leaves no record', () => {
    const file = cleanlyClosedStore();
    const store = openStore(file);
    // A write of this run, still in the WAL when the store closes.
    store.adoptSource('http://127.0.0.1:1/');
    const reader = new DatabaseSync(file, { readOnly: true });
    reader.exec('BEGIN');
    reader.prepare('SELECT COUNT(*) FROM players').get();
    store.close();
    reader.exec('COMMIT');
    reader.close();
    expect(existsSync(`${file}.closed`)).toBe(false);
  });
});
