import { draftPickText, draftYearLabel } from '../../../shared/domain/draft.ts';
import {
  LEADER_STAT_SORTS,
  type LeaderNhle,
  type LeaderRecord,
  type LeaderStats,
} from '../../../shared/domain/leaders.ts';
import { nhle82, nhlePerGame } from '../../../shared/domain/nhle.ts';
import type { DraftPick } from '../../../shared/domain/offline.ts';
import { playerPositions } from '../../../shared/domain/stat-lines.ts';
import type { Value } from '../../common/db.ts';
import { parsePositions } from '../rows.ts';

/**
 * The records of the leaders (shared/domain/leaders.ts) from the rows of read.ts's SELECTs, read as arrays
 * (db.ts, `tuples`): a player-season of `player_seasons` (its block's columns `<block>_<key>`), or a
 * player's totals (columns named by key), with the player's columns (`pPosition`, `pDetailed`, `pNat` …).
 * Each column is looked up by its index in the row, found once per statement ({@link rowShape}).
 */

/** A row as SQLite gives it back: its values in the order of the SELECT's columns. */
export type Row = readonly Value[];

/** The columns a record reads. */
const NAMED = [
  'id',
  'playerId',
  'name',
  'leagueSlug',
  'seasonSlug',
  'goalieLine',
  'teamNames',
  'draftAge',
  'regularStats_GP',
  'regularStats_PTS',
  'nhleFactor',
  'nhlePinned',
  'pPosition',
  'pDetailed',
  'pNat',
  'pNatName',
  'pBorn',
  'pDraftYear',
  'pDraftRound',
  'pDraftOverall',
  'pDraftTeam',
  'seasonFrom',
  'seasonTo',
  'seasonCount',
  'leagues',
] as const;

/**
 * Where each column a record reads sits in a row (-1: the SELECT has no such column): the named ones,
 * and the stats in the order of LEADER_STAT_SORTS.
 */
export interface RowShape {
  readonly at: Readonly<Record<(typeof NAMED)[number], number>>;
  readonly stats: readonly number[];
}

const shapes = new WeakMap<readonly string[], Map<string, RowShape>>();

/**
 * The shape of the rows of a SELECT of `columns` whose stats are named `<prefix><key>` (`regularStats_`
 * for a single season, empty for totals); kept per columns array, which db.ts keeps per statement.
 */
export function rowShape(columns: readonly string[], prefix: string): RowShape {
  let byPrefix = shapes.get(columns);
  if (byPrefix === undefined) {
    byPrefix = new Map();
    shapes.set(columns, byPrefix);
  }
  let shape = byPrefix.get(prefix);
  if (shape === undefined) {
    const at = Object.fromEntries(NAMED.map((c) => [c, columns.indexOf(c)])) as RowShape['at'];
    shape = { at, stats: LEADER_STAT_SORTS.map((k) => columns.indexOf(`${prefix}${k}`)) };
    byPrefix.set(prefix, shape);
  }
  return shape;
}

const val = (r: Row, i: number): Value => (i < 0 ? null : (r[i] ?? null));
const num = (v: Value): number | null => (typeof v === 'number' ? v : null);
const text = (v: Value): string | null => (typeof v === 'string' ? v : null);

/** Every stat key null, in LEADER_STAT_SORTS' order: each record's stats start as a copy (one shape for all). */
const NO_STATS = Object.fromEntries(LEADER_STAT_SORTS.map((k) => [k, null])) as Record<string, number | null>;

function statsOf(r: Row, shape: RowShape): LeaderStats {
  // A copy of one template keeps every record's stats the same shape; adding keys one by one does not.
  const stats = { ...NO_STATS };
  for (let i = 0; i < LEADER_STAT_SORTS.length; i++)
    stats[LEADER_STAT_SORTS[i] as string] = num(val(r, shape.stats[i] as number));
  return stats as LeaderStats;
}

function playerOf(r: Row, at: RowShape['at']): LeaderRecord['player'] {
  const year = num(val(r, at.pDraftYear));
  const pick: DraftPick | null =
    year === null
      ? null
      : {
          year,
          round: num(val(r, at.pDraftRound)),
          overall: num(val(r, at.pDraftOverall)),
          teamName: text(val(r, at.pDraftTeam)),
        };
  const positions = playerPositions(parsePositions(text(val(r, at.pDetailed))), text(val(r, at.pPosition)));
  const nat = val(r, at.pNat);
  return {
    id: Number(val(r, at.playerId)),
    name: String(val(r, at.name)),
    position: positions.length > 0 ? positions.join('/') : null,
    nationality: nat === null ? null : { slug: String(nat), name: text(val(r, at.pNatName)) },
    dateOfBirth: text(val(r, at.pBorn)),
    draftSelection: pick,
  };
}

/** A skater's regular-season NHLe from the row's league factor (`nhleFactor`, `nhlePinned`). */
function nhleOf(r: Row, at: RowShape['at']): LeaderNhle {
  const factor = num(val(r, at.nhleFactor));
  const perGame = nhlePerGame(num(val(r, at.regularStats_PTS)), num(val(r, at.regularStats_GP)), factor);
  return { factor, pinned: val(r, at.nhlePinned) === 1, PTSperGP: perGame, per82: nhle82(perGame) };
}

/** A single-season row's record; `nhle`: whether it carries NHLe (skaters, regular season). */
export function seasonRecord(r: Row, shape: RowShape, rank: number, nhle = false): LeaderRecord {
  const { at } = shape;
  const player = playerOf(r, at);
  const age = num(val(r, at.draftAge));
  const season = String(val(r, at.seasonSlug));
  const goalieLine = val(r, at.goalieLine) === 1;
  return {
    key: `${player.id}|${val(r, at.leagueSlug)}|${season}|${val(r, at.goalieLine)}`,
    rank,
    player,
    goalieLine,
    season,
    seasons: null,
    span: season,
    league: String(val(r, at.leagueSlug)).toUpperCase(),
    teams: text(val(r, at.teamNames)),
    draftAge: age,
    draftYear: draftYearLabel(age),
    draft: draftPickText(player.draftSelection),
    stats: statsOf(r, shape),
    nhle: nhle && !goalieLine ? nhleOf(r, at) : null,
  };
}

/** A totals row's record. */
export function totalsRecord(r: Row, shape: RowShape, goalies: boolean, rank: number): LeaderRecord {
  const { at } = shape;
  const player = playerOf(r, at);
  const from = String(val(r, at.seasonFrom));
  const to = String(val(r, at.seasonTo));
  const count = Number(val(r, at.seasonCount));
  return {
    key: String(player.id),
    rank,
    player,
    goalieLine: goalies,
    season: null,
    seasons: { from, to, count },
    span: from === to ? from : `${from} to ${to} (${count})`,
    league: String(val(r, at.leagues) ?? '')
      .split(',')
      .sort()
      .join(', ')
      .toUpperCase(),
    teams: null,
    draftAge: null,
    draftYear: null,
    draft: draftPickText(player.draftSelection),
    stats: statsOf(r, shape),
    nhle: null,
  };
}
