import { draftAge, seasonEndYear } from '../../shared/draft.ts';
import { eraFactors, leagueGames } from '../../shared/era.ts';
import { STAT_BLOCKS, STAT_KEYS } from '../../shared/offline.ts';
import { GOALIE_ONLY_KEYS, playerPositions, positionMask } from '../../shared/stat-lines.ts';
import type { Db } from '../db.ts';
import { reindexNameWords } from '../fuzzy.ts';
import { parsePositions } from '../rows.ts';

/**
 * Deriving the stats browser's rows (`player_seasons`, schema version 5) from `player_stats`: for every
 * player the triggers marked (`player_seasons_dirty`), one row per league, season and kind of line, the
 * stints of the season in that league combined (counts summed; SV% and GAA recomputed from the sums, as
 * Hockey-Reference's TOT line), with his name, positions (shared/stat-lines.ts) and draft age that season
 * (shared/draft.ts); then the scoring of every league-season touched and its era-adjusted columns
 * (shared/era.ts); and the words of their names for search that forgives spelling (fuzzy.ts). One transaction: a reader sees the rows before or after, never half.
 *
 * A row's league is the league its statistics record names (`player_stats.leagueSlug`, the league the
 * season was played in), else its team's league as synced.
 */

/** Whether a `player_stats` row (alias `s`) is a goalie line: any block records a goalie-only key. */
const GOALIE_LINE = `(${STAT_BLOCKS.flatMap((b) => GOALIE_ONLY_KEYS.map((k) => `s.${b}_${k} IS NOT NULL`)).join(' OR ')})`;

/**
 * The aggregate of each stat column over a season's stints (alias `l`), in STAT_BLOCKS × STAT_KEYS order:
 * counts summed, SV% and GAA recomputed from the sums (a single stint keeps the service's own).
 */
function aggregates(): { columns: string[]; exprs: string[] } {
  const columns: string[] = [];
  const exprs: string[] = [];
  for (const b of STAT_BLOCKS) {
    for (const k of STAT_KEYS) {
      columns.push(`${b}_${k}`);
      if (k === 'SVP')
        exprs.push(
          `CASE WHEN COUNT(*) = 1 THEN MAX(l.${b}_SVP) WHEN SUM(l.${b}_SA) > 0 THEN SUM(l.${b}_SVS) * 1.0 / SUM(l.${b}_SA) END`,
        );
      else if (k === 'GAA')
        exprs.push(
          `CASE WHEN COUNT(*) = 1 THEN MAX(l.${b}_GAA) WHEN SUM(l.${b}_TOI) > 0 THEN SUM(l.${b}_GA) * 60.0 / SUM(l.${b}_TOI) END`,
        );
      else exprs.push(`SUM(l.${b}_${k})`);
    }
  }
  return { columns, exprs };
}

const AGG = aggregates();

const DERIVE = `WITH l AS (
    SELECT s.*, COALESCE(s.leagueSlug, t.leagueSlug, '') AS lg, ${GOALIE_LINE} AS gl
    FROM player_stats s LEFT JOIN teams t ON t.id = s.teamId
    WHERE s.playerId IN (SELECT playerId FROM player_seasons_dirty)
  )
  INSERT INTO player_seasons (playerId, leagueSlug, seasonSlug, endYear, goalieLine, teamIds, teamNames, stints, name, posMask, draftAge, ${AGG.columns.join(', ')})
  SELECT l.playerId, l.lg, l.seasonSlug, season_end_year(l.seasonSlug), l.gl,
    ',' || GROUP_CONCAT(l.teamId, ',' ORDER BY l.id) || ',',
    GROUP_CONCAT(COALESCE(l.teamName, 'Team ' || l.teamId), ' / ' ORDER BY l.id),
    COUNT(*), COALESCE(MAX(p.name), 'Player ' || l.playerId),
    position_mask(MAX(p.detailedPosition), MAX(p.position)),
    draft_age(MAX(p.dateOfBirth), l.seasonSlug),
    ${AGG.exprs.join(',\n    ')}
  FROM l LEFT JOIN players p ON p.id = l.playerId
  GROUP BY l.playerId, l.lg, l.seasonSlug, l.gl`;

/** The SQL functions the derivation calls: the formulas of shared/, not copies of them. */
export function registerFormulas(db: Db): void {
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

type Scope = { leagueSlug: string; seasonSlug: string };

/** Recomputes one league-season's scoring per block and its rows' era-adjusted columns. */
function rescore(db: Db, { leagueSlug, seasonSlug }: Scope): void {
  for (const b of STAT_BLOCKS) {
    const totals = db
      .query<{ goals: number | null; assists: number | null }, [string, string]>(
        `SELECT SUM(${b}_G) AS goals, SUM(${b}_A) AS assists FROM player_stats WHERE leagueSlug = ? AND seasonSlug = ?`,
      )
      .get(leagueSlug, seasonSlug);
    // The store keeps no team records: a team-season's games are the most any of its players played.
    const teamGames = db
      .query<{ g: number | null }, [string, string]>(
        `SELECT MAX(${b}_GP) AS g FROM player_stats WHERE leagueSlug = ? AND seasonSlug = ? GROUP BY teamId`,
      )
      .all(leagueSlug, seasonSlug)
      .map((r) => r.g ?? 0);
    const env = { goals: totals?.goals ?? 0, assists: totals?.assists ?? 0, games: leagueGames(teamGames) };
    const f = eraFactors(env);
    db.query(
      `INSERT INTO league_season_scoring (leagueSlug, seasonSlug, block, goals, assists, games, goalsFactor, assistsFactor)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (leagueSlug, seasonSlug, block) DO UPDATE SET goals = excluded.goals,
       assists = excluded.assists, games = excluded.games, goalsFactor = excluded.goalsFactor, assistsFactor = excluded.assistsFactor`,
    ).run(leagueSlug, seasonSlug, b, env.goals, env.assists, env.games, f.goals, f.assists);
    // As shared/era.ts's eraAdjusted: G and A times their factors, points their sum.
    db.query(
      `UPDATE player_seasons SET ${b}_adjG = ${b}_G * ?1, ${b}_adjA = ${b}_A * ?2,
        ${b}_adjPTS = ${b}_G * ?1 + ${b}_A * ?2 WHERE leagueSlug = ?3 AND seasonSlug = ?4`,
    ).run(f.goals, f.assists, leagueSlug, seasonSlug);
  }
}

/**
 * Derives the rows of every marked player again, and rescores each league-season they touch; returns how
 * many players were derived (0: nothing was marked, nothing done).
 */
export function refreshPlayerSeasons(db: Db): number {
  if (db.query<{ one: number }>('SELECT 1 AS one FROM player_seasons_dirty LIMIT 1').get() === undefined) return 0;
  return db.tx(() => {
    const touched = new Map<string, Scope>();
    const scopes = db.query<Scope>(
      'SELECT DISTINCT leagueSlug, seasonSlug FROM player_seasons WHERE playerId IN (SELECT playerId FROM player_seasons_dirty)',
    );
    const note = () => {
      for (const s of scopes.all()) touched.set(`${s.leagueSlug}|${s.seasonSlug}`, s);
    };
    note();
    db.exec('DELETE FROM player_seasons WHERE playerId IN (SELECT playerId FROM player_seasons_dirty)');
    db.query(DERIVE).run();
    note();
    reindexNameWords(db);
    const n = db.query<{ n: number }>('SELECT COUNT(*) AS n FROM player_seasons_dirty').get()?.n ?? 0;
    db.exec('DELETE FROM player_seasons_dirty');
    for (const s of touched.values()) rescore(db, s);
    return n;
  });
}
