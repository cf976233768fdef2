import { textColumn } from './build.ts';
import { GOALIE_STATS, type StatDef } from './goaltending.ts';
import { SKATER_STATS } from './skaters.ts';
import { RANK_COLUMN } from './standings.ts';
import type { ColumnSpec } from './types.ts';

// ─── The stats browser (the offline store's leaders, `offlineLeaders`; sort keys as the store accepts them) ──

/** A stat column of a leaders row: `stats.PTS`, sorted by `PTS` (the block is the query's). */
function statColumn(s: StatDef, id = s.key as string): ColumnSpec {
  return {
    id,
    field: `stats.${id}`,
    label: s.abbr,
    abbr: s.abbr,
    title: s.title,
    ...(s.unit ? { unit: s.unit } : {}),
    ...(s.better ? { better: s.better } : {}),
    format: s.format,
    numeric: true,
    sortKey: id,
    sortDescFirst: s.better !== 'lower',
    ...(s.optional ? { hideWhenEmpty: true } : {}),
    fields: 'stats',
  };
}

/** Rates per game, labelled PTS/GP (never "PPG", which scouts read as power-play goals). */
const RATES: readonly ColumnSpec[] = [
  ['GperGP', 'G/GP', 'Goals per game played'],
  ['AperGP', 'A/GP', 'Assists per game played'],
  ['PTSperGP', 'PTS/GP', 'Points per game played'],
].map(([id, abbr, title]) =>
  statColumn({ key: 'GP', abbr: abbr as string, title: title as string, format: 'rate', better: 'higher' }, id),
);

/**
 * Era-adjusted goals, assists and points (shared/domain/era.ts: Hockey-Reference's method, 6 goals and 10
 * assists a game): optional columns, shown when the scout asks for them.
 */
export const ADJUSTED_COLUMNS: readonly ColumnSpec[] = [
  ['adjG', 'Adj G', 'Era-adjusted goals (to 6 goals a game, Hockey-Reference’s method)'],
  ['adjA', 'Adj A', 'Era-adjusted assists (to 10 assists a game, Hockey-Reference’s method)'],
  ['adjPTS', 'Adj PTS', 'Era-adjusted points: adjusted goals plus adjusted assists'],
].map(([id, abbr, title]) =>
  statColumn(
    { key: 'GP', abbr: abbr as string, title: title as string, format: 'int', unit: 'points', better: 'higher' },
    id,
  ),
);

/**
 * NHL equivalency (shared/domain/nhle.ts): the line's PTS/GP times its league's factor into the NHL (computed from
 * the moves in the store, or the scout's pin), and that over an 82-game season. Skaters' single regular
 * seasons only; a line whose league has no factor shows "no factor".
 */
export const NHLE_COLUMNS: readonly ColumnSpec[] = [
  {
    id: 'nhlePTSperGP',
    field: 'nhle.PTSperGP',
    label: 'NHLe PTS/GP',
    abbr: 'NHLe PTS/GP',
    title: 'NHL-equivalent points per game: PTS/GP times the league’s factor into the NHL',
    format: 'rate',
    numeric: true,
    better: 'higher',
    sortKey: 'nhlePTSperGP',
    sortDescFirst: true,
    fields: 'nhle',
  },
  {
    id: 'nhle82',
    field: 'nhle.per82',
    label: 'NHLe/82',
    abbr: 'NHLe/82',
    title: 'NHL-equivalent points over an 82-game season',
    format: 'decimal1',
    unit: 'points',
    numeric: true,
    better: 'higher',
    sortKey: 'nhle82',
    sortDescFirst: true,
    fields: 'nhle',
  },
];

const text = (id: string, field: string, abbr: string, title: string, sortKey?: string): ColumnSpec =>
  textColumn({
    id,
    field,
    label: abbr,
    abbr,
    title,
    ...(sortKey ? { sortKey } : {}),
    fields: field.split('.')[0] as string,
  });

/** The row's player and where he played, before the stats. */
const ROW_COLUMNS = {
  player: text('player', 'player.name', 'Player', 'Player', 'name'),
  draftAge: {
    id: 'draftAge',
    field: 'draftAge',
    label: 'Draft age',
    abbr: 'DA',
    title: 'Draft age: age on 15 September of the season’s end year (the NHL draft cut-off)',
    format: 'int',
    numeric: true,
    sortKey: 'draftAge',
    sortDescFirst: false,
    fields: 'draftAge',
  } satisfies ColumnSpec,
  draftYear: text(
    'draftYear',
    'draftYear',
    'D±',
    'The season against the draft year: D0 at draft age 18, D-1 before, D+1 after',
  ),
  position: text('position', 'player.position', 'Pos', 'Positions (detailed where the service gives them)'),
  nationality: text('nationality', 'player.nationality.name', 'Nat.', 'Nationality'),
  season: text('season', 'season', 'Season', 'Season', 'season'),
  seasons: text('seasons', 'span', 'Seasons', 'Seasons held in the range: first to last, and how many', 'season'),
  league: text('league', 'league', 'League', 'League the season was played in', 'league'),
  teams: text('teams', 'teams', 'Team', 'Team, or teams in the order played (stints combined)'),
  // Shown when a row of the page has one: the service may give no draft selections at all (the Databank).
  draft: { ...text('draft', 'draft', 'Draft', 'Draft selection: year, round and overall pick'), hideWhenEmpty: true },
};

/** Every column a leaders table may show (exports check column ids against it). */
export const LEADER_COLUMNS: readonly ColumnSpec[] = [
  RANK_COLUMN,
  ...Object.values(ROW_COLUMNS),
  ...[...SKATER_STATS, ...GOALIE_STATS.filter((g) => g.key !== 'GP')].map((s) => statColumn(s)),
  ...RATES,
  ...ADJUSTED_COLUMNS,
  ...NHLE_COLUMNS,
];

/**
 * The columns of a leaders table: single seasons (season, draft age, teams) or totals over the range
 * (seasons), skaters (GP G A PTS PIM +/- and the rates) or goalies (the goalie tables' columns), the
 * era-adjusted columns when asked for. `oneSeason` and `oneLeague` (the filters name one): the Season and
 * League columns, which would repeat it on every row, are left out (the caption names them).
 */
export function leaderColumns(opts: {
  totals: boolean;
  goalies: boolean;
  adjusted: boolean;
  /** Whether the rows carry NHLe (skaters' single regular seasons). */
  nhle?: boolean;
  oneSeason?: boolean;
  oneLeague?: boolean;
}): ColumnSpec[] {
  const r = ROW_COLUMNS;
  const league = opts.oneLeague ? [] : [r.league];
  const head = opts.totals
    ? [RANK_COLUMN, r.player, r.position, r.nationality, r.seasons, ...league]
    : [
        RANK_COLUMN,
        r.player,
        r.draftAge,
        r.draftYear,
        r.position,
        r.nationality,
        ...(opts.oneSeason ? [] : [r.season]),
        ...league,
        r.teams,
      ];
  const stats = opts.goalies
    ? GOALIE_STATS.map((s) => statColumn(s))
    : [
        ...SKATER_STATS.map((s) => statColumn(s)),
        ...RATES,
        ...(opts.nhle ? NHLE_COLUMNS : []),
        ...(opts.adjusted ? ADJUSTED_COLUMNS : []),
      ];
  return [...head, ...stats, r.draft];
}
