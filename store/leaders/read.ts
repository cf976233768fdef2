import { draftPickText, draftYearLabel } from '../../shared/draft.ts';
import { LEADER_STAT_SORTS, type LeaderRecord, type LeaderStats, type LeadersMeta } from '../../shared/leaders.ts';
import { type DraftPick, STAT_KEYS, type StatBlock } from '../../shared/offline.ts';
import { playerPositions } from '../../shared/stat-lines.ts';
import type { LeaderCalls } from '../api.ts';
import type { Db } from '../db.ts';
import { envelope } from '../players/read.ts';
import { parsePositions } from '../rows.ts';
import { checkLeaderQuery, type LeaderQuery, leaderConditions, leaderOrderBy } from './query.ts';
import { refreshPlayerSeasons } from './refresh.ts';

/**
 * The leaders (shared/leaders.ts) answered from `player_seasons`: best single seasons (one row per
 * player-season-league, stints combined) or totals over the range (one row per player), in the spec's
 * list envelope with what the rows are (`leaders`). Rows of players marked by a sync are derived again
 * first (refresh.ts). Totals are counted once per query text and store state: a header click or a new
 * page reuses the count.
 */

type Row = Record<string, string | number | null>;

/** The player's columns every leaders row reads. */
const PLAYER_COLS =
  'p.position AS pPosition, p.detailedPosition AS pDetailed, p.nationalitySlug AS pNat, p.nationalityName AS pNatName, p.dateOfBirth AS pBorn, p.draftYear AS pDraftYear, p.draftRound AS pDraftRound, p.draftOverall AS pDraftOverall, p.draftTeamName AS pDraftTeam';

/** The totals of a block over the rows in scope, one per player, as columns named by stat key (alias `t`). */
function totalsSql(b: StatBlock): string {
  const sum = (k: string) => `SUM(ps.${b}_${k})`;
  const keys = STAT_KEYS.filter((k) => k !== 'SVP' && k !== 'GAA').map((k) => `${sum(k)} AS ${k}`);
  return [
    'ps.playerId AS playerId',
    'MAX(ps.name) AS name',
    'COUNT(*) AS seasonCount',
    'MIN(ps.seasonSlug) AS seasonFrom',
    'MAX(ps.seasonSlug) AS seasonTo',
    'GROUP_CONCAT(DISTINCT ps.leagueSlug) AS leagues',
    ...keys,
    `CASE WHEN ${sum('SA')} > 0 THEN ${sum('SVS')} * 1.0 / ${sum('SA')} END AS SVP`,
    `CASE WHEN ${sum('TOI')} > 0 THEN ${sum('GA')} * 60.0 / ${sum('TOI')} END AS GAA`,
    `CASE WHEN ${sum('GP')} > 0 THEN ${sum('G')} * 1.0 / ${sum('GP')} END AS GperGP`,
    `CASE WHEN ${sum('GP')} > 0 THEN ${sum('A')} * 1.0 / ${sum('GP')} END AS AperGP`,
    `CASE WHEN ${sum('GP')} > 0 THEN ${sum('PTS')} * 1.0 / ${sum('GP')} END AS PTSperGP`,
    `${sum('adjG')} AS adjG`,
    `${sum('adjA')} AS adjA`,
    `${sum('adjPTS')} AS adjPTS`,
  ].join(', ');
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function statsOf(r: Row, prefix: string): LeaderStats {
  return Object.fromEntries(LEADER_STAT_SORTS.map((k) => [k, num(r[`${prefix}${k}`])])) as LeaderStats;
}

function playerOf(r: Row, id: number, name: string): LeaderRecord['player'] {
  const pick: DraftPick | null =
    r.pDraftYear === null
      ? null
      : {
          year: num(r.pDraftYear) as number,
          round: num(r.pDraftRound),
          overall: num(r.pDraftOverall),
          teamName: text(r.pDraftTeam),
        };
  const positions = playerPositions(parsePositions(text(r.pDetailed)), text(r.pPosition));
  return {
    id,
    name,
    position: positions.length > 0 ? positions.join('/') : null,
    nationality: r.pNat === null ? null : { slug: String(r.pNat), name: text(r.pNatName) },
    dateOfBirth: text(r.pBorn),
    draftSelection: pick,
  };
}

function seasonRecord(r: Row, block: StatBlock): LeaderRecord {
  const player = playerOf(r, Number(r.playerId), String(r.name));
  const age = num(r.draftAge);
  return {
    key: `${r.playerId}|${r.leagueSlug}|${r.seasonSlug}|${r.goalieLine}`,
    player,
    goalieLine: r.goalieLine === 1,
    season: String(r.seasonSlug),
    seasons: null,
    span: String(r.seasonSlug),
    league: String(r.leagueSlug).toUpperCase(),
    teams: text(r.teamNames),
    draftAge: age,
    draftYear: draftYearLabel(age),
    draft: draftPickText(player.draftSelection),
    stats: statsOf(r, `${block}_`),
  };
}

function totalsRecord(r: Row, goalies: boolean): LeaderRecord {
  const player = playerOf(r, Number(r.playerId), String(r.name));
  return {
    key: String(r.playerId),
    player,
    goalieLine: goalies,
    season: null,
    seasons: { from: String(r.seasonFrom), to: String(r.seasonTo), count: Number(r.seasonCount) },
    span: r.seasonFrom === r.seasonTo ? String(r.seasonFrom) : `${r.seasonFrom} to ${r.seasonTo} (${r.seasonCount})`,
    league: String(r.leagues ?? '')
      .split(',')
      .sort()
      .join(', ')
      .toUpperCase(),
    teams: null,
    draftAge: null,
    draftYear: null,
    draft: draftPickText(player.draftSelection),
    stats: statsOf(r, ''),
  };
}

/** The SELECTs of a checked query: the page's rows and the count of every row, with their values. */
function leaderSql(q: LeaderQuery): { rows: string; count: string; params: (string | number)[] } {
  const { where, params } = leaderConditions(q);
  const b = q.block;
  const minGP = Math.max(1, q.minGP);
  if (q.mode === 'seasons') {
    const w = `WHERE ${[...where, `ps.${b}_GP >= ?`].join(' AND ')}`;
    return {
      rows: `SELECT ps.*, ${PLAYER_COLS} FROM player_seasons ps JOIN players p ON p.id = ps.playerId ${w} ORDER BY ${leaderOrderBy(q)} LIMIT ? OFFSET ?`,
      count: `SELECT COUNT(*) AS n FROM player_seasons ps JOIN players p ON p.id = ps.playerId ${w}`,
      params: [...params, minGP],
    };
  }
  const grouped = `SELECT ${totalsSql(b)} FROM player_seasons ps JOIN players p ON p.id = ps.playerId
    WHERE ${[...where, `ps.${b}_GP > 0`].join(' AND ')} GROUP BY ps.playerId HAVING SUM(ps.${b}_GP) >= ?`;
  return {
    rows: `WITH t AS (${grouped}) SELECT t.*, ${PLAYER_COLS} FROM t JOIN players p ON p.id = t.playerId ORDER BY ${leaderOrderBy(q)} LIMIT ? OFFSET ?`,
    count: `WITH t AS (${grouped}) SELECT COUNT(*) AS n FROM t`,
    params: [...params, minGP],
  };
}

export function createLeaderCalls(db: Db): LeaderCalls {
  // Counts by query text and values, valid while nothing was written (SQLite's total_changes()).
  const counts = new Map<string, number>();
  let countsAt = -1;
  const changes = () => db.query<{ n: number }>('SELECT total_changes() AS n').get()?.n ?? 0;
  return {
    prepareLeaders: () => refreshPlayerSeasons(db),
    leaders(raw) {
      const checked = checkLeaderQuery(raw);
      if (!checked.ok) return checked;
      const q = checked.value;
      refreshPlayerSeasons(db);
      const sql = leaderSql(q);
      const at = changes();
      if (at !== countsAt) {
        counts.clear();
        countsAt = at;
      }
      const countKey = `${sql.count}\u0000${sql.params.join('\u0000')}`;
      let total = counts.get(countKey);
      if (total === undefined) {
        total = db.query<{ n: number }>(sql.count).get(...sql.params)?.n ?? 0;
        counts.set(countKey, total);
      }
      const rows = db.query<Row>(sql.rows).all(...sql.params, q.limit, q.offset);
      const data = rows.map((r) => (q.mode === 'seasons' ? seasonRecord(r, q.block) : totalsRecord(r, q.goalies)));
      const meta: LeadersMeta = { mode: q.mode, block: q.block, goalies: q.goalies, minGP: q.minGP, sort: q.sortText };
      return { ok: true, value: { ...envelope(data, q.offset, q.limit, total), leaders: meta } };
    },
  };
}
