import { existsSync } from 'node:fs';
import { LEGACY_EMBEDDED_SOURCE } from '../../shared/domain/sources.ts';
import { cacheSource } from '../cache/read-only.ts';
import { openDb, type WritableDB } from '../common/db.ts';
import { listNamed } from './lists.ts';
import { getMeta, setMeta } from './meta.ts';

/**
 * The lists of earlier versions, which lived in the player cache's file (its tables `scouting_lists` and
 * `scouting_list_entries`, cache migration 3): copied once into the lists file, in one transaction with
 * the mark that they were (`legacyImportedAt`), then dropped from the cache file. A crash between the two
 * leaves them in both; the mark keeps them from being copied twice, and the drop is tried again at the
 * next opening. Their entries get the cache's recorded source (the legacy `embedded`, bound later to the
 * embedded database in use, when it was the local service) and the birth date the cache holds for them.
 */

interface LegacyList {
  id: number;
  name: string;
  createdAt: string;
  updatedAt: string;
}

interface LegacyEntry {
  listId: number;
  playerId: number;
  playerName: string;
  position: string | null;
  rating: number | null;
  note: string;
  addedAt: string;
  updatedAt: string;
  dateOfBirth: string | null;
}

const MARK = 'legacyImportedAt';

/** Whether `db` has table `name`. */
function hasTable(db: WritableDB, name: string): boolean {
  return (
    db
      .query<{ n: number }, [string]>("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(name)?.n === 1
  );
}

/** Copies `lists` and `entries` of the cache into the lists file, merging by list name. */
function copyInto(db: WritableDB, lists: LegacyList[], entries: LegacyEntry[], source: string): void {
  const idOf = new Map<number, number>();
  for (const l of lists) {
    const existing = listNamed(db, l.name);
    const id =
      existing?.id ??
      db
        .query<never, [string, string, string]>(
          'INSERT INTO scouting_lists (name, createdAt, updatedAt) VALUES (?, ?, ?)',
        )
        .run(l.name, l.createdAt, l.updatedAt).lastInsertRowid;
    idOf.set(l.id, id);
  }
  const insert = db.query(
    `INSERT OR IGNORE INTO scouting_list_entries
       (listId, source, playerId, playerName, dateOfBirth, position, rating, note, addedAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const e of entries) {
    const listId = idOf.get(e.listId);
    if (listId === undefined) continue;
    insert.run(
      listId,
      source,
      e.playerId,
      e.playerName,
      e.dateOfBirth,
      e.position,
      e.rating,
      e.note,
      e.addedAt,
      e.updatedAt,
    );
  }
}

/** Reads the legacy tables of the cache `cache`, or null when it has none. */
function readLegacy(cache: WritableDB): { lists: LegacyList[]; entries: LegacyEntry[]; source: string } | null {
  if (!hasTable(cache, 'scouting_lists') || !hasTable(cache, 'scouting_list_entries')) return null;
  const source = cacheSource(cache) ?? LEGACY_EMBEDDED_SOURCE;
  const lists = cache.query<LegacyList, []>('SELECT id, name, createdAt, updatedAt FROM scouting_lists').all();
  const entries = cache
    .query<LegacyEntry, []>(
      `SELECT e.listId, e.playerId, e.playerName, e.position, e.rating, e.note, e.addedAt, e.updatedAt,
         p.dateOfBirth AS dateOfBirth
       FROM scouting_list_entries e LEFT JOIN players p ON p.id = e.playerId`,
    )
    .all();
  return { lists, entries, source };
}

/**
 * Moves the lists of an earlier version's cache file `cacheFile` into the lists file `db` (see the
 * module's comment); returns how many entries were copied (0 when there was nothing to copy). Throws when
 * the cache file holds lists that cannot be read: the caller keeps that file.
 */
export function importLegacyLists(db: WritableDB, cacheFile: string): number {
  if (!existsSync(cacheFile)) return 0;
  const cache = openDb(cacheFile, 'PRAGMA busy_timeout = 5000;');
  try {
    let copied = 0;
    if (getMeta(db, MARK) === null) {
      const legacy = readLegacy(cache);
      db.tx(() => {
        if (legacy !== null) copyInto(db, legacy.lists, legacy.entries, legacy.source);
        setMeta(db, MARK, new Date().toISOString());
      });
      copied = legacy?.entries.length ?? 0;
    }
    try {
      if (hasTable(cache, 'scouting_lists')) {
        cache.tx(() => cache.exec('DROP TABLE IF EXISTS scouting_list_entries; DROP TABLE IF EXISTS scouting_lists;'));
      }
    } catch {
      // The cache's writer is busy: the copies are marked, the old tables are dropped at the next opening.
    }
    return copied;
  } finally {
    cache.close();
  }
}
