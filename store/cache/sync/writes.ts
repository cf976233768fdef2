import type { Value, WritableDB } from '../../common/db.ts';
import { type PackedUnit, PLAYER_COLUMNS, STAT_COLUMNS } from '../rows.ts';
import { markSearch } from '../search.ts';
import type { HeldUnit } from './digest.ts';

/**
 * Writing synced team-seasons: their league, season, team, players and stats rows (the players of new rows
 * marked for the stats browser's rows, migration 10), the players' latest team, the marks of their search
 * rows (rewritten after the download, store/cache/search.ts), and each one's checkpoint, in the caller's
 * transaction. Rows are keyed by the service's ids, so a resumed sync duplicates nothing; a team-season
 * fetched again replaces its rows. Each row is compared with the one stored before it is written, and
 * nothing is written for a row that has not changed (these operations take no `updatedAt:min`, so a
 * re-sync reads everything again): a re-sync of unchanged data writes only its checkpoints. A team-season
 * fetched with the digest it was last written with (sync/digest.ts) is not even compared: the host sends
 * only its checkpoint.
 */

const STATS_COLUMNS = [
  'id',
  'playerId',
  'teamId',
  'teamName',
  'leagueSlug',
  'seasonSlug',
  'playerAge',
  ...STAT_COLUMNS,
];

/** A new stats row (no trigger marks its player: writeRows does, store/cache/schema/migrations/10-dirty-marks.ts). */
const INSERT_STATS = `INSERT INTO player_stats (${STATS_COLUMNS.join(', ')})
    VALUES (${STATS_COLUMNS.map(() => '?').join(', ')})`;

const UPSERT_STATS = `INSERT INTO player_stats (${STATS_COLUMNS.join(', ')})
    VALUES (${STATS_COLUMNS.map(() => '?').join(', ')})
    ON CONFLICT (id) DO UPDATE SET ${STATS_COLUMNS.slice(1)
      .map((c) => `${c} = excluded.${c}`)
      .join(', ')}`;

/** A team-season's stored rows: those of its league, and those a record named no league for. */
const UNIT_ROWS = `SELECT ${STATS_COLUMNS.join(', ')} FROM player_stats
    WHERE teamId = ? AND seasonSlug = ? AND (leagueSlug = ? OR leagueSlug IS NULL)`;

/** A stored player's values, in {@link PLAYER_COLUMNS} order. */
const PLAYER_ROW = `SELECT ${PLAYER_COLUMNS.join(', ')} FROM players WHERE id = ?`;

/** A new player with his latest team-season as the batch shows it (LATEST_TEAM checks it after the rows). */
const INSERT_NEW_PLAYER = `INSERT INTO players (${PLAYER_COLUMNS.join(', ')}, latestSeason, latestTeamId, latestTeamName)
    VALUES (${PLAYER_COLUMNS.map(() => '?').join(', ')}, ?, ?, ?)`;

const UPSERT_PLAYER = `INSERT INTO players (${PLAYER_COLUMNS.join(', ')})
    VALUES (${PLAYER_COLUMNS.map(() => '?').join(', ')})
    ON CONFLICT (id) DO UPDATE SET ${PLAYER_COLUMNS.slice(1)
      .map((c) => `${c} = excluded.${c}`)
      .join(', ')}`;

const LATEST = `SELECT s.seasonSlug, s.teamId, s.teamName FROM player_stats s WHERE s.playerId = players.id
    ORDER BY s.seasonSlug DESC, s.id DESC LIMIT 1`;
/** A player's latest team-season, written only when it changed. */
const LATEST_TEAM = `UPDATE players SET (latestSeason, latestTeamId, latestTeamName) = (${LATEST})
    WHERE id = ? AND (latestSeason, latestTeamId, latestTeamName) IS NOT (${LATEST})`;

/** Whether two rows' values (in one column order) are the same. */
const same = (a: readonly Value[], b: readonly Value[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Writes the league, season and team of a team-season, when new or changed. */
function writeContext(db: WritableDB, unit: PackedUnit): void {
  db.query<never, [string, string | null, string | null]>(
    `INSERT INTO leagues (slug, name, fullName) VALUES (?, ?, ?) ON CONFLICT (slug) DO UPDATE
       SET name = excluded.name, fullName = excluded.fullName
       WHERE name IS NOT excluded.name OR fullName IS NOT excluded.fullName`,
  ).run(unit.league.slug, unit.league.name, unit.league.fullName);
  db.query<never, [string, number, number]>(
    'INSERT INTO seasons (slug, startYear, endYear) VALUES (?, ?, ?) ON CONFLICT (slug) DO NOTHING',
  ).run(unit.season.slug, unit.season.startYear, unit.season.endYear);
  db.query<never, [number, string, string]>(
    `INSERT INTO teams (id, name, leagueSlug) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE
       SET name = excluded.name, leagueSlug = excluded.leagueSlug
       WHERE name IS NOT excluded.name OR leagueSlug IS NOT excluded.leagueSlug`,
  ).run(unit.team.id, unit.team.name, unit.leagueSlug);
}

/** A player's latest team-season in a batch: its season slug, stats row id, team id and team name. */
type Latest = readonly [string, number, number, string | null];

/** Each player's latest row among the batch's units (by season, then row id, as LATEST_TEAM orders). */
function latestInBatch(units: readonly PackedUnit[]): Map<number, Latest> {
  const latest = new Map<number, Latest>();
  for (const unit of units) {
    for (const v of unit.rows) {
      // statsValues order: id, playerId, teamId, teamName, leagueSlug, seasonSlug, …
      const row: Latest = [v[5] as string, v[0] as number, v[2] as number, v[3] as string | null];
      const seen = latest.get(v[1] as number);
      if (seen === undefined || row[0] > seen[0] || (row[0] === seen[0] && row[1] > seen[1]))
        latest.set(v[1] as number, row);
    }
  }
  return latest;
}

/**
 * Writes a player (his values in PLAYER_COLUMNS order) when new or changed; answers whether it wrote. A
 * new player is written with his latest team-season as the batch shows it (`latest`): written after the
 * rows instead, it rewrote his row and three of its sort indexes a second time, for nearly every player of
 * a first download.
 */
function writePlayer(db: WritableDB, values: readonly Value[], latest: Latest | undefined): boolean {
  // Arrays, in PLAYER_COLUMNS order: compared as they come, no row object built.
  const stored = db.tuples<[number]>(PLAYER_ROW).all(values[0] as number)[0];
  if (stored !== undefined && same(stored, values)) return false;
  // A plain INSERT for a new player: the upsert's update arm, with its trigger, made every insert dearer.
  if (stored === undefined)
    db.query(INSERT_NEW_PLAYER).run(...values, latest?.[0] ?? null, latest?.[2] ?? null, latest?.[3] ?? null);
  else db.query(UPSERT_PLAYER).run(...values);
  return true;
}

/** The players whose rows changed: their latest team and their search row may have changed too. */
type Touched = Set<number>;

/** Replaces a team-season's stats rows with `unit.rows`, writing only rows that are new or changed. */
function writeRows(db: WritableDB, unit: PackedUnit, touched: Touched): void {
  // Arrays in STATS_COLUMNS order (the id first): a row object of some seventy columns cost more than
  // the read, and a re-sync reads every stored row.
  const stored = new Map(
    db
      .tuples<[number, string, string]>(UNIT_ROWS)
      .all(unit.team.id, unit.season.slug, unit.leagueSlug)
      .map((r) => [r[0] as number, r] as const),
  );
  const upsert = db.query(UPSERT_STATS);
  const insert = db.query(INSERT_STATS);
  const elsewhere = db.tuples<[number]>('SELECT teamId, seasonSlug FROM player_stats WHERE id = ?');
  const undigest = db.query<never, [number, string]>('DELETE FROM sync_digests WHERE teamId = ? AND seasonSlug = ?');
  const mark = db.query<never, [number]>('INSERT OR IGNORE INTO player_seasons_dirty (playerId) VALUES (?)');
  for (const values of unit.rows) {
    // statsValues order: id, playerId, teamId, teamName, …
    const id = values[0] as number;
    const playerId = values[1] as number;
    const before = stored.get(id);
    stored.delete(id);
    if (before !== undefined && same(before, values)) continue;
    const moved = before === undefined ? elsewhere.all(id)[0] : undefined;
    if (before === undefined && moved === undefined) {
      // A new row: inserted, its player marked here (an insert trigger would cost more than the insert).
      insert.run(...values);
      mark.run(playerId);
    } else {
      // A row taken from another team-season changes that one's rows: its digest no longer holds.
      if (moved !== undefined) undigest.run(moved[0] as number, moved[1] as string);
      upsert.run(...values);
    }
    // A row moved from another player leaves him without it.
    if (before !== undefined && before[1] !== playerId) touched.add(before[1] as number);
    touched.add(playerId);
  }
  const del = db.query<never, [number]>('DELETE FROM player_stats WHERE id = ?');
  for (const [id, gone] of stored) {
    del.run(id);
    touched.add(gone[1] as number);
  }
}

/** Records a written team-season's digest, or drops the one recorded when it came without one. */
function writeDigest(db: WritableDB, unit: PackedUnit): void {
  if (unit.digest === undefined) {
    db.query<never, [string, number, string]>(
      'DELETE FROM sync_digests WHERE leagueSlug = ? AND teamId = ? AND seasonSlug = ?',
    ).run(unit.leagueSlug, unit.team.id, unit.season.slug);
    return;
  }
  db.query<never, [string, number, string, string]>(
    `INSERT INTO sync_digests (leagueSlug, teamId, seasonSlug, digest) VALUES (?, ?, ?, ?)
       ON CONFLICT (leagueSlug, teamId, seasonSlug) DO UPDATE SET digest = excluded.digest`,
  ).run(unit.leagueSlug, unit.team.id, unit.season.slug, unit.digest);
}

/**
 * Writes team-seasons and their checkpoints, and the checkpoints of `held` team-seasons (fetched as they
 * were last written: nothing else of theirs is written), inside the caller's transaction.
 */
export function writeUnits(db: WritableDB, units: readonly PackedUnit[], held: readonly HeldUnit[] = []): void {
  const players = new Map<number, readonly Value[]>();
  for (const unit of units) {
    writeContext(db, unit);
    for (const p of unit.players) players.set(p[0] as number, p);
  }
  // A new or renamed player's search row is marked to be rewritten (writePlayer says which).
  const renamed = new Set<number>();
  const latest = latestInBatch(units);
  for (const [id, p] of players) if (writePlayer(db, p, latest.get(id))) renamed.add(id);
  const touched: Touched = new Set();
  const checkpoint = db.query<never, [string, number, string, number, string]>(
    `INSERT INTO sync_units (leagueSlug, teamId, seasonSlug, status, rowCount, message, doneAt) VALUES (?, ?, ?, 'done', ?, NULL, ?)
       ON CONFLICT (leagueSlug, teamId, seasonSlug) DO UPDATE SET status = 'done', rowCount = excluded.rowCount, message = NULL, doneAt = excluded.doneAt`,
  );
  const at = new Date().toISOString();
  for (const unit of units) {
    writeRows(db, unit, touched);
    writeDigest(db, unit);
    checkpoint.run(unit.leagueSlug, unit.team.id, unit.season.slug, unit.rows.length, at);
  }
  for (const h of held) checkpoint.run(h.leagueSlug, h.teamId, h.seasonSlug, h.rowCount, at);
  const latestTeam = db.query<never, [number]>(LATEST_TEAM);
  const mark = markSearch(db);
  for (const id of touched) {
    latestTeam.run(id);
    mark(id);
  }
  for (const id of renamed) if (!touched.has(id)) mark(id);
}
