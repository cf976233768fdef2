/**
 * Bulk writing into the service schema, shared by the synthetic generator and the Hockey Databank
 * importer: one prepared INSERT per table, rows given as objects keyed by column name, committed in
 * batches; and the "build in a temp file, rename on success" rule both writers follow.
 */

import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { SCHEMA_SQL } from '../db/schema.ts';
import type { StatLine } from './stat-blocks.ts';

/** A row for an insert: column name → value (undefined is written as NULL). */
export type Row = Record<string, SQLInputValue | undefined>;

/** Inserts rows into one table with one prepared statement. A key left out (undefined) gets the column's DEFAULT, else NULL. */
export interface Inserter {
  (row: Row): void;
  /** Rows written so far. */
  readonly count: number;
}

/**
 * Prepares `INSERT INTO table (columns…)` on `db`. Columns are read from the table itself
 * (`PRAGMA table_info`), so a column added to the schema is written as soon as rows carry it.
 */
export function makeInserter(db: DatabaseSync, table: string): Inserter {
  const info = db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string; dflt_value: string | null }[];
  if (info.length === 0) throw new Error(`no table ${table}`);
  const cols = info.map((c) => c.name);
  // A column the row leaves out gets the schema's DEFAULT (binding NULL would defeat it).
  const defaults: SQLInputValue[] = info.map((c) => parseDefault(c.dflt_value));
  const stmt: StatementSync = db.prepare(
    `INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
  );
  let count = 0;
  const values: SQLInputValue[] = new Array(cols.length);
  const insert = ((row: Row) => {
    for (let i = 0; i < cols.length; i++) {
      const v = row[cols[i] as string];
      values[i] = v === undefined ? (defaults[i] ?? null) : v;
    }
    stmt.run(...values);
    count++;
  }) as Inserter;
  Object.defineProperty(insert, 'count', { get: () => count });
  return insert;
}

function parseDefault(sql: string | null): SQLInputValue {
  if (sql === null) return null;
  if (/^'.*'$/s.test(sql)) return sql.slice(1, -1).replace(/''/g, "'");
  if (/^-?\d+(\.\d+)?$/.test(sql)) return Number(sql);
  return null;
}

/**
 * A fast writer for `player_stats`, the one table with a million rows: fills one positional array per
 * row from the base columns and the three stat blocks, without building a 70-key object.
 */
export function makePlayerStatsInserter(db: DatabaseSync): {
  (base: Row, blocks: Record<'reg_' | 'post_' | 'tot_', StatLine | null>): void;
  readonly count: number;
} {
  const info = db.prepare('PRAGMA table_info(player_stats)').all() as { name: string; dflt_value: string | null }[];
  const cols = info.map((c) => {
    const m = /^(reg_|post_|tot_)(.+)$/.exec(c.name);
    return m
      ? { block: m[1] as 'reg_' | 'post_' | 'tot_', key: m[2] as string, dflt: null }
      : { block: null, key: c.name, dflt: parseDefault(c.dflt_value) };
  });
  const stmt = db.prepare(
    `INSERT INTO player_stats (${info.map((c) => `"${c.name}"`).join(', ')}) VALUES (${info.map(() => '?').join(', ')})`,
  );
  const values: SQLInputValue[] = new Array(cols.length);
  let count = 0;
  const insert = ((base: Row, blocks: Record<'reg_' | 'post_' | 'tot_', StatLine | null>) => {
    for (let i = 0; i < cols.length; i++) {
      const c = cols[i] as (typeof cols)[number];
      if (c.block) values[i] = (blocks[c.block] as Record<string, number | null> | null)?.[c.key] ?? null;
      else {
        const v = base[c.key];
        values[i] = v === undefined ? c.dflt : v;
      }
    }
    stmt.run(...values);
    count++;
  }) as { (base: Row, blocks: Record<'reg_' | 'post_' | 'tot_', StatLine | null>): void; readonly count: number };
  Object.defineProperty(insert, 'count', { get: () => count });
  return insert;
}

/** Commits every `every` calls to `tick()`, so a big load neither holds one huge transaction nor commits per row. */
export function batcher(db: DatabaseSync, every = 20_000): { tick(): void; done(): void } {
  let n = 0;
  db.exec('BEGIN');
  return {
    tick() {
      if (++n % every === 0) {
        db.exec('COMMIT');
        db.exec('BEGIN');
      }
    },
    done() {
      db.exec('COMMIT');
    },
  };
}

/**
 * Prepares a fresh database for a bulk load: fast, unsafe pragmas (the file is a temp file that is thrown
 * away on failure), foreign-key enforcement off while rows arrive in dependency-free order, and the
 * secondary indexes of `player_stats` dropped (rebuilt in one pass by {@link finishBulkLoad}).
 */
export function startBulkLoad(db: DatabaseSync): void {
  db.exec('PRAGMA journal_mode = OFF');
  db.exec('PRAGMA synchronous = OFF');
  db.exec('PRAGMA foreign_keys = OFF');
  db.exec('PRAGMA cache_size = -200000');
  const idx = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'player_stats' AND sql IS NOT NULL")
    .all() as { name: string }[];
  for (const { name } of idx) db.exec(`DROP INDEX "${name}"`);
}

/**
 * Ends a bulk load: recreates the dropped indexes (SCHEMA_SQL is idempotent), checks every foreign key
 * and runs ANALYZE so the query planner knows the data.
 * @throws Error naming the first broken reference when a foreign key does not hold.
 */
export function finishBulkLoad(db: DatabaseSync): void {
  db.exec(SCHEMA_SQL);
  const bad = db.prepare('PRAGMA foreign_key_check').all() as { table: string; rowid: number; parent: string }[];
  if (bad.length > 0) {
    const b = bad[0];
    throw new Error(`${bad.length} broken references, e.g. ${b?.table} row ${b?.rowid} → ${b?.parent}`);
  }
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('ANALYZE');
}

/**
 * Runs `build(tempFile)` and moves the result onto `file` only if it succeeds; on failure the temp file
 * is removed and `file` is left as it was (absent stays absent). The temp file sits beside the target
 * (same file system, so the rename is atomic); stale `-wal`/`-shm` files of the target are removed first
 * so they are not replayed into the new database. A SIGINT or SIGTERM while building removes the temp
 * file and its `-wal`/`-shm`/`-journal` and ends the process with the signal's usual status (130, 143);
 * it is seen whenever `build` yields to the event loop.
 */
export async function buildAtomically(file: string, build: (tempFile: string) => Promise<void> | void): Promise<void> {
  const dir = path.dirname(path.resolve(file));
  fs.mkdirSync(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  const cleanup = () => {
    for (const f of [temp, `${temp}-wal`, `${temp}-shm`, `${temp}-journal`]) fs.rmSync(f, { force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    cleanup();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await build(temp);
    for (const f of [`${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    fs.renameSync(temp, file);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    cleanup();
  }
}

/**
 * Sets the `status` of player-stat and staff-stat rows from where people ended up, the same way for
 * synthetic and imported data: `rostered` when the player is still with that team (staff: holds a role
 * there in the last season), `not-active` when retired, else `not-active-on-team`.
 */
export function settleStatuses(db: DatabaseSync, lastSeasonSlug: string): void {
  db.exec(`
    UPDATE player_stats SET status = CASE
      WHEN p.currentTeamId = player_stats.teamId THEN 'rostered'
      WHEN p.status = 'retired' THEN 'not-active'
      ELSE 'not-active-on-team' END
    FROM players p WHERE p.id = player_stats.playerId;
  `);
  db.prepare(`
    UPDATE staff_stats SET status = CASE
      WHEN EXISTS (SELECT 1 FROM staff_stats s2 WHERE s2.staffId = staff_stats.staffId AND s2.teamId = staff_stats.teamId
                   AND s2.seasonSlug = ?) THEN 'rostered'
      WHEN (SELECT status FROM staff WHERE id = staff_stats.staffId) = 'active' THEN 'not-active-on-team'
      ELSE 'not-active' END
  `).run(lastSeasonSlug);
}
