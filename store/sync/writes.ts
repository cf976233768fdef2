import type { UnitCommit } from '../../shared/offline.ts';
import type { Db } from '../db.ts';
import { PLAYER_COLUMNS, playerValues, STAT_COLUMNS, statsValues } from '../rows.ts';
import { reindexPlayer } from '../search.ts';

/**
 * Writing a synced team-season: its league, season, team, players and stats rows, the players' latest
 * team and search rows, and its checkpoint, in the caller's transaction. Rows are upserted by the
 * service's ids, so a resumed sync duplicates nothing; a team-season fetched again replaces its rows.
 */

const UPSERT_STATS = `INSERT INTO player_stats (id, playerId, teamId, teamName, leagueSlug, seasonSlug, playerAge, ${STAT_COLUMNS.join(', ')})
    VALUES (${new Array(7 + STAT_COLUMNS.length).fill('?').join(', ')})
    ON CONFLICT (id) DO UPDATE SET ${['playerId', 'teamId', 'teamName', 'leagueSlug', 'seasonSlug', 'playerAge', ...STAT_COLUMNS].map((c) => `${c} = excluded.${c}`).join(', ')}`;

const UPSERT_PLAYER = `INSERT INTO players (${PLAYER_COLUMNS.join(', ')})
    VALUES (${PLAYER_COLUMNS.map(() => '?').join(', ')})
    ON CONFLICT (id) DO UPDATE SET ${PLAYER_COLUMNS.filter((c) => c !== 'id')
      .map((c) => `${c} = excluded.${c}`)
      .join(', ')}`;

const LATEST_TEAM = `UPDATE players SET (latestSeason, latestTeamId, latestTeamName) = (
    SELECT s.seasonSlug, s.teamId, s.teamName FROM player_stats s WHERE s.playerId = players.id
    ORDER BY s.seasonSlug DESC, s.id DESC LIMIT 1) WHERE id = ?`;

/** Writes the league, season and team of a team-season. */
function writeContext(db: Db, unit: UnitCommit): void {
  db.query<never, [string, string | null, string | null]>(
    'INSERT INTO leagues (slug, name, fullName) VALUES (?, ?, ?) ON CONFLICT (slug) DO UPDATE SET name = excluded.name, fullName = excluded.fullName',
  ).run(unit.league.slug, unit.league.name, unit.league.fullName);
  db.query<never, [string, number, number]>(
    'INSERT INTO seasons (slug, startYear, endYear) VALUES (?, ?, ?) ON CONFLICT (slug) DO NOTHING',
  ).run(unit.season.slug, unit.season.startYear, unit.season.endYear);
  db.query<never, [number, string, string]>(
    'INSERT INTO teams (id, name, leagueSlug) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name, leagueSlug = excluded.leagueSlug',
  ).run(unit.team.id, unit.team.name, unit.leagueSlug);
}

/**
 * Replaces the team-season's stats rows with `unit.rows`; answers, per player whose search row may need
 * rewriting, the team names this commit gives him (null: he lost a row, so index him afresh).
 */
function writeRows(db: Db, unit: UnitCommit): Map<number, Set<string> | null> {
  const kept = new Set(unit.rows.map((r) => r.id));
  const gone = db
    .query<{ id: number; playerId: number }, [number, string]>(
      'SELECT id, playerId FROM player_stats WHERE teamId = ? AND seasonSlug = ?',
    )
    .all(unit.team.id, unit.season.slug)
    .filter((r) => !kept.has(r.id));
  const del = db.query<never, [number]>('DELETE FROM player_stats WHERE id = ?');
  for (const r of gone) del.run(r.id);
  const upsert = db.query(UPSERT_STATS);
  for (const r of unit.rows) upsert.run(...statsValues(r));

  const added = new Map<number, Set<string> | null>();
  for (const p of unit.players) if (!added.has(p.id)) added.set(p.id, new Set());
  for (const r of unit.rows) {
    const set = added.get(r.playerId) ?? new Set<string>();
    if (r.team.name !== null) set.add(r.team.name);
    added.set(r.playerId, set);
  }
  for (const r of gone) added.set(r.playerId, null);
  return added;
}

/** Writes one team-season and its checkpoint (inside the caller's transaction). */
export function writeUnit(db: Db, unit: UnitCommit): void {
  writeContext(db, unit);
  const upsertPlayer = db.query(UPSERT_PLAYER);
  for (const p of unit.players) upsertPlayer.run(...playerValues(p));
  const added = writeRows(db, unit);
  const latest = db.query<never, [number]>(LATEST_TEAM);
  for (const [id, teams] of added) {
    latest.run(id);
    reindexPlayer(db, id, teams);
  }
  db.query<never, [string, number, string, number, string]>(
    `INSERT INTO sync_units (leagueSlug, teamId, seasonSlug, status, rowCount, message, doneAt) VALUES (?, ?, ?, 'done', ?, NULL, ?)
       ON CONFLICT (leagueSlug, teamId, seasonSlug) DO UPDATE SET status = 'done', rowCount = excluded.rowCount, message = NULL, doneAt = excluded.doneAt`,
  ).run(unit.leagueSlug, unit.team.id, unit.season.slug, unit.rows.length, new Date().toISOString());
}
