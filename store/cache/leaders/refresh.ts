import { draftAge, seasonEndYear } from '../../../shared/domain/draft.ts';
import { eraFactors, leagueGames } from '../../../shared/domain/era.ts';
import { STAT_BLOCKS, STAT_KEYS } from '../../../shared/domain/offline.ts';
import { goalsAgainstAverage, savePercentage } from '../../../shared/domain/rates.ts';
import { GOALIE_ONLY_KEYS, playerPositions, positionGroupOf, positionMask } from '../../../shared/domain/stat-lines.ts';
import type { WritableDB } from '../../common/db.ts';
import { reindexNameWords } from '../fuzzy.ts';
import { parsePositions } from '../rows.ts';
import { goalieRateSql } from './goalie-rates.ts';

/**
 * Deriving the stats browser's rows (`player_seasons`, schema version 6) from `player_stats`: for every
 * player the triggers marked (`player_seasons_dirty`), one row per league, season and kind of line, the
 * stints of the season in that league combined (counts summed; SV% and GAA computed from the summed GA, SA
 * and minutes, as Hockey-Reference's TOT line, and so for a single stint too), with his name, positions and
 * position group (shared/domain/stat-lines.ts) and draft age that season (shared/domain/draft.ts); then the scoring of
 * every league-season touched and its era-adjusted columns (shared/domain/era.ts); and the words of their names
 * for search that forgives spelling (fuzzy.ts). One transaction: a reader sees the rows before or after,
 * never half.
 *
 * A row's league is the league its statistics record names (`player_stats.leagueSlug`, the league the
 * season was played in), else its team's league as synced.
 */

/** Whether a `player_stats` row (alias `s`) is a goalie line: any block records a goalie-only key. */
const GOALIE_LINE = `(${STAT_BLOCKS.flatMap((b) => GOALIE_ONLY_KEYS.map((k) => `s.${b}_${k} IS NOT NULL`)).join(' OR ')})`;

/**
 * The aggregate of each stat column over a season's stints (alias `l`), in STAT_BLOCKS × STAT_KEYS order:
 * counts summed; SV% and GAA computed from GA, SA and minutes by shared/domain/rates.ts's rule (goalie-rates.ts),
 * one stint or several alike, the source's own value kept only where the counts are missing.
 */
function aggregates(): { columns: string[]; exprs: string[] } {
  const columns: string[] = [];
  const exprs: string[] = [];
  for (const b of STAT_BLOCKS) {
    for (const k of STAT_KEYS) {
      columns.push(`${b}_${k}`);
      if (k === 'SVP' || k === 'GAA') exprs.push(goalieRateSql('l', b, k, 'l.gl'));
      else exprs.push(`SUM(l.${b}_${k})`);
    }
  }
  return { columns, exprs };
}

const AGG = aggregates();

/** The era-adjusted columns of a block from its factors (alias `f<block>`), as shared/domain/era.ts's eraAdjusted. */
const adjusted = (b: string, f: string) =>
  `g.${b}_G * ${f}.goalsFactor, g.${b}_A * ${f}.assistsFactor, g.${b}_G * ${f}.goalsFactor + g.${b}_A * ${f}.assistsFactor`;

/**
 * Derives the rows of the players `scope` selects from `player_stats s` (`WHERE …`, or '' for every row):
 * grouped per player, league, season and kind of line, with the era-adjusted columns from each
 * league-season's factors (already in `league_season_scoring`).
 */
function deriveSql(scope: string): string {
  const blockAdj = STAT_BLOCKS.map((b) => `${b}_adjG, ${b}_adjA, ${b}_adjPTS`).join(', ');
  return `WITH l AS (
    SELECT s.*, COALESCE(s.leagueSlug, t.leagueSlug, '') AS lg, ${GOALIE_LINE} AS gl
    FROM player_stats s LEFT JOIN teams t ON t.id = s.teamId ${scope}
  ), g AS (
  SELECT l.playerId, l.lg AS leagueSlug, l.seasonSlug, season_end_year(l.seasonSlug) AS endYear, l.gl AS goalieLine,
    ',' || GROUP_CONCAT(l.teamId, ',' ORDER BY l.id) || ',' AS teamIds,
    GROUP_CONCAT(COALESCE(l.teamName, 'Team ' || l.teamId), ' / ' ORDER BY l.id) AS teamNames,
    COUNT(*) AS stints, COALESCE(MAX(p.name), 'Player ' || l.playerId) AS name,
    position_mask(MAX(p.detailedPosition), MAX(p.position)) AS posMask,
    position_group(MAX(p.position), MAX(p.detailedPosition)) AS posGroup,
    draft_age(MAX(p.dateOfBirth), l.seasonSlug) AS draftAge,
    ${AGG.exprs.map((e, i) => `${e} AS ${AGG.columns[i]}`).join(',\n    ')}
  FROM l LEFT JOIN players p ON p.id = l.playerId
  GROUP BY l.playerId, l.lg, l.seasonSlug, l.gl)
  INSERT INTO player_seasons (playerId, leagueSlug, seasonSlug, endYear, goalieLine, teamIds, teamNames, stints, name, posMask, posGroup, draftAge, ${AGG.columns.join(', ')}, ${blockAdj})
  SELECT g.*, ${STAT_BLOCKS.map((b, i) => adjusted(b, `f${i}`)).join(', ')}
  FROM g ${STAT_BLOCKS.map(
    (b, i) =>
      `LEFT JOIN league_season_scoring f${i} ON f${i}.leagueSlug = g.leagueSlug AND f${i}.seasonSlug = g.seasonSlug AND f${i}.block = '${b}'`,
  ).join(' ')}`;
}

/**
 * The SQL functions the derivation and the leaders' totals call: the formulas of shared/, not copies of them.
 * `goals_against_average(GA, minutes)` and `save_percentage(SA, GA)` are shared/domain/rates.ts's (unrounded; null
 * without their inputs); `position_group(position, detailedPosition)` is shared/domain/stat-lines.ts's.
 */
export function registerFormulas(db: WritableDB): void {
  db.fn('goals_against_average', (ga, minutes) => goalsAgainstAverage(ga, minutes));
  db.fn('save_percentage', (sa, ga) => savePercentage(sa, ga));
  db.fn('position_group', (position, detailed) =>
    positionGroupOf(
      typeof position === 'string' ? position : null,
      parsePositions(typeof detailed === 'string' ? detailed : null),
    ),
  );
  db.fn('draft_age', (dob, season) => {
    const end = typeof season === 'string' ? seasonEndYear(season) : null;
    return end === null ? null : draftAge(typeof dob === 'string' ? dob : null, end);
  });
  db.fn('season_end_year', (season) => (typeof season === 'string' ? seasonEndYear(season) : null));
  db.fn('position_mask', (detailed, position) =>
    positionMask(
      playerPositions(
        parsePositions(typeof detailed === 'string' ? detailed : null),
        typeof position === 'string' ? position : null,
      ),
    ),
  );
}

/**
 * Computes the scoring of league-seasons per block (goals and assists of every line; games: each
 * team-season's most games by one of its players, summed and halved, as the store keeps no team records)
 * and their era factors (shared/domain/era.ts). `keys`: `league|season` of those to compute, or null for all.
 */
function rescore(db: WritableDB, keys: string[] | null): void {
  const where = keys === null ? '' : "WHERE leagueSlug || '|' || seasonSlug IN (SELECT value FROM json_each(?))";
  const params = keys === null ? [] : [JSON.stringify(keys)];
  const upsert = db.query(
    `INSERT INTO league_season_scoring (leagueSlug, seasonSlug, block, goals, assists, games, goalsFactor, assistsFactor)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (leagueSlug, seasonSlug, block) DO UPDATE SET goals = excluded.goals,
     assists = excluded.assists, games = excluded.games, goalsFactor = excluded.goalsFactor, assistsFactor = excluded.assistsFactor`,
  );
  for (const b of STAT_BLOCKS) {
    const rows = db
      .query<{
        leagueSlug: string;
        seasonSlug: string;
        goals: number | null;
        assists: number | null;
        teamGames: string;
      }>(
        `SELECT leagueSlug, seasonSlug, SUM(g) AS goals, SUM(a) AS assists, json_group_array(tg) AS teamGames FROM (
           SELECT leagueSlug, seasonSlug, SUM(${b}_G) AS g, SUM(${b}_A) AS a, COALESCE(MAX(${b}_GP), 0) AS tg
           FROM player_stats ${where} GROUP BY leagueSlug, seasonSlug, teamId
         ) WHERE leagueSlug IS NOT NULL GROUP BY leagueSlug, seasonSlug`,
      )
      .all(...params);
    for (const r of rows) {
      const env = {
        goals: r.goals ?? 0,
        assists: r.assists ?? 0,
        games: leagueGames(JSON.parse(r.teamGames) as number[]),
      };
      const f = eraFactors(env);
      upsert.run(r.leagueSlug, r.seasonSlug, b, env.goals, env.assists, env.games, f.goals, f.assists);
    }
  }
}

/** Sets the era-adjusted columns of the rows of these league-seasons (`league|season`) from their factors. */
function readjust(db: WritableDB, keys: string[]): void {
  const sets = STAT_BLOCKS.map(
    (b, i) =>
      `${b}_adjG = ps.${b}_G * f${i}.goalsFactor, ${b}_adjA = ps.${b}_A * f${i}.assistsFactor, ${b}_adjPTS = ps.${b}_G * f${i}.goalsFactor + ps.${b}_A * f${i}.assistsFactor`,
  ).join(', ');
  const from = STAT_BLOCKS.map((_, i) => `league_season_scoring f${i}`).join(', ');
  const on = STAT_BLOCKS.map(
    (b, i) => `f${i}.leagueSlug = ps.leagueSlug AND f${i}.seasonSlug = ps.seasonSlug AND f${i}.block = '${b}'`,
  ).join(' AND ');
  db.query(
    `UPDATE player_seasons AS ps SET ${sets} FROM ${from} WHERE ${on}
     AND ps.leagueSlug || '|' || ps.seasonSlug IN (SELECT value FROM json_each(?))`,
  ).run(JSON.stringify(keys));
}

/** Share of the stored players marked beyond which every row is derived afresh (indexes built after). */
const REBUILD_SHARE = 0.25;

/** Derives every row: the sort indexes are dropped first and built again after, from sorted rows. */
function rebuild(db: WritableDB): void {
  const indexes = db
    .query<{ name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'player_seasons' AND sql IS NOT NULL",
    )
    .all();
  for (const i of indexes) db.exec(`DROP INDEX ${i.name}`);
  db.exec('DELETE FROM player_seasons');
  rescore(db, null);
  db.query(deriveSql('')).run();
  for (const i of indexes) db.exec(i.sql);
}

/** Derives the rows of the marked players, and readjusts the other rows of every league-season they touch. */
function update(db: WritableDB): void {
  const keys = db
    .query<{ k: string }>(
      `SELECT DISTINCT leagueSlug || '|' || seasonSlug AS k FROM player_seasons WHERE playerId IN (SELECT playerId FROM player_seasons_dirty)
       UNION SELECT DISTINCT leagueSlug || '|' || seasonSlug FROM player_stats WHERE playerId IN (SELECT playerId FROM player_seasons_dirty) AND leagueSlug IS NOT NULL`,
    )
    .all()
    .map((r) => r.k);
  rescore(db, keys);
  db.exec('DELETE FROM player_seasons WHERE playerId IN (SELECT playerId FROM player_seasons_dirty)');
  db.query(deriveSql('WHERE s.playerId IN (SELECT playerId FROM player_seasons_dirty)')).run();
  readjust(db, keys);
}

/**
 * Derives the rows of every marked player again, rescores each league-season they touch and forgets the
 * league factors kept from the rows before (`nhle_computed`); returns how many players were derived (0:
 * nothing was marked, nothing done). When most players are marked (a first
 * download), every row is derived in one pass with the indexes built after.
 */
export function refreshPlayerSeasons(db: WritableDB): number {
  if (db.query<{ one: number }>('SELECT 1 AS one FROM player_seasons_dirty LIMIT 1').get() === undefined) return 0;
  return db.tx(() => {
    const n = db.query<{ n: number }>('SELECT COUNT(*) AS n FROM player_seasons_dirty').get()?.n ?? 0;
    const all = db.query<{ n: number }>('SELECT COUNT(*) AS n FROM players').get()?.n ?? 0;
    if (n >= REBUILD_SHARE * all) rebuild(db);
    else update(db);
    reindexNameWords(db);
    // The factors kept across starts were computed from the rows just replaced.
    db.exec('DELETE FROM nhle_computed');
    db.exec('DELETE FROM player_seasons_dirty');
    return n;
  });
}
