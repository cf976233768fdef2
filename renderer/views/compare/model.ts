import type { GoalieStatsRecord, StandingsRecord, TeamComparison } from '../../../shared/contract/records/index.ts';
import {
  mean,
  perGame,
  pointsPct,
  standardDeviation,
  standardScore,
  teamGoaltending,
} from '../../../shared/domain/rates.ts';
import { formatFixed } from '../../format/index.ts';

/**
 * The Compare view's numbers, built from the service's records by pure functions: one row per team of
 * the league-season, the league's averages and spreads, and what each chart plots.
 */

/** The records the view reads: the shared schemas of the endpoints they come from (shared/contract/records/). */
export type StandingRow = StandingsRecord;
/** A team-comparison record (spec "Team comparison"): weight in kg, height in cm, age in years. */
export type ComparisonRow = TeamComparison;
/** A goaltending-leaders record (spec "Player statistics record"); the view reads its regular season. */
export type GoalieRow = GoalieStatsRecord;

/**
 * Which way of a metric is better for a team: `higher` (PTS%, SV%), `lower` (GA/GP, GAA), or `none`
 * (age, height, weight: a profile, not a verdict).
 */
export type Better = 'higher' | 'lower' | 'none';

/** A metric of the profile or the trend: its key, words, better direction and decimals shown. */
interface MetricDef {
  key: string;
  label: string;
  title: string;
  better: Better;
  /** For a metric with no better direction: what up means on its axis (`older`). */
  up?: string;
  digits: number;
}

/**
 * The metrics of the profile, in order, each with its better direction (say so in its label and on its
 * axis) and, for those with none, what "up" means (`older`).
 */
export const METRICS = [
  { key: 'ptsPct', label: 'PTS%', title: 'Points percentage, PTS / (2·GP)', better: 'higher', digits: 3 },
  { key: 'gfPerGame', label: 'GF/GP', title: 'Goals for per game', better: 'higher', digits: 2 },
  { key: 'gaPerGame', label: 'GA/GP', title: 'Goals against per game', better: 'lower', digits: 2 },
  { key: 'GD', label: 'GD', title: 'Goal difference', better: 'higher', digits: 0 },
  { key: 'SVP', label: 'SV%', title: 'Team save percentage, ΣSVS / ΣSA', better: 'higher', digits: 3 },
  { key: 'GAA', label: 'GAA', title: 'Team goals against per 60 minutes', better: 'lower', digits: 2 },
  { key: 'age', label: 'Age', title: 'Average player age (years)', better: 'none', up: 'older', digits: 1 },
  { key: 'height', label: 'Height', title: 'Average player height (cm)', better: 'none', up: 'taller', digits: 1 },
  { key: 'weight', label: 'Weight', title: 'Average player weight (kg)', better: 'none', up: 'heavier', digits: 1 },
] as const satisfies readonly MetricDef[];

/** A metric's label with its better direction when it is not "higher": `GA/GP (lower is better)`. */
export function metricLabel(m: { label: string; better: Better }): string {
  if (m.better === 'lower') return `${m.label} (lower is better)`;
  if (m.better === 'none') return `${m.label} (no better direction)`;
  return m.label;
}

/**
 * What up means on a metric's profile axis, under its name: `↑ better`; `↑ better (lower)` for a
 * lower-is-better metric (its bars are turned); `↑ older` for one with no better direction.
 */
export function upMeans(m: { better: Better; up?: string }): string {
  if (m.better === 'lower') return '↑ better (lower)';
  if (m.better === 'none') return `↑ ${m.up ?? 'more'}`;
  return '↑ better';
}

export type MetricKey = (typeof METRICS)[number]['key'];

/** One team of the league-season with every metric (null when the data lacks it). */
export interface TeamFigures extends Record<MetricKey, number | null> {
  id: number;
  name: string;
  GP: number | null;
  PTS: number | null;
  GF: number | null;
  GA: number | null;
}

const n = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A standings row's team name. */
export const standingName = (r: StandingRow) => r.teamName ?? r.team?.name ?? `Team ${r.team?.id ?? r.id}`;

/**
 * Every team of the standings with its rates, its team-comparison averages and, when its goalies are
 * known (`goalies` by team id), its team SV% and GAA aggregated from their raw numbers.
 */
export function teamFigures(
  standings: readonly StandingRow[],
  comparison: readonly ComparisonRow[],
  goalies: ReadonlyMap<number, readonly GoalieRow[]>,
): TeamFigures[] {
  const byTeam = new Map(comparison.map((c) => [c.team?.id, c]));
  return standings.flatMap((r) => {
    const id = r.team?.id;
    if (typeof id !== 'number') return [];
    const s = r.stats ?? {};
    const c = byTeam.get(id);
    const g = goalies.get(id);
    const gt = g ? teamGoaltending(g.map((x) => x.regularStats ?? {})) : null;
    const GP = n(s.GP);
    const GF = n(s.GF);
    const GA = n(s.GA);
    return [
      {
        id,
        name: standingName(r),
        GP,
        PTS: n(s.PTS),
        GF,
        GA,
        ptsPct: pointsPct(n(s.PTS), GP),
        gfPerGame: perGame(GF, GP),
        gaPerGame: perGame(GA, GP),
        GD: n(s.GD) ?? (GF !== null && GA !== null ? GF - GA : null),
        SVP: gt?.SVP ?? null,
        GAA: gt?.GAA ?? null,
        age: n(c?.averageAge),
        height: n(c?.averageHeight?.metrics),
        weight: n(c?.averageWeight?.metrics),
      },
    ];
  });
}

/** League reference of each metric: the mean over the league's teams and its population SD. */
export type LeagueReference = Record<MetricKey, { average: number | null; sd: number | null }>;

/** The league's mean and spread of every metric over its teams (each team counts once). */
export function leagueReference(teams: readonly TeamFigures[]): LeagueReference {
  return Object.fromEntries(
    METRICS.map((m) => {
      const values = teams.map((t) => t[m.key]);
      return [m.key, { average: mean(values), sd: standardDeviation(values) }];
    }),
  ) as LeagueReference;
}

/** A metric's value as text, with the metric's decimals (SV% and PTS% as hockey writes them: `.713`). */
export function formatMetric(key: MetricKey, value: number | null): string {
  if (value === null) return '—';
  const m = METRICS.find((x) => x.key === key);
  const s = formatFixed(value, m?.digits ?? 2);
  if (key === 'ptsPct' || key === 'SVP') return s.replace(/^0\./, '.');
  return s;
}

/** One profile bar group: a metric, the league average, and each chosen team's value and standard score. */
export interface ProfileRow {
  metric: MetricKey;
  /** The metric with its better direction, for tables and tooltips: `GA/GP (lower is better)`. */
  label: string;
  /** The metric's axis label, two lines: its name, then what up means (`Age\n↑ older`). */
  axis: string;
  better: Better;
  league: number | null;
  values: Record<number, number | null>;
  /** Standard scores by team id (league SDs from the league average; sign turned when lower is better). */
  scores: Record<number, number | null>;
}

/** The profile's rows for the chosen teams, metrics without any value left out (SV% before shots). */
export function profileRows(chosen: readonly TeamFigures[], ref: LeagueReference): ProfileRow[] {
  return METRICS.flatMap((m) => {
    if (chosen.every((t) => t[m.key] === null)) return [];
    const values: Record<number, number | null> = {};
    const scores: Record<number, number | null> = {};
    for (const t of chosen) {
      values[t.id] = t[m.key];
      const z = standardScore(t[m.key], ref[m.key].average, ref[m.key].sd);
      scores[t.id] = z === null ? null : m.better === 'lower' ? -z : z;
    }
    return [
      {
        metric: m.key,
        label: metricLabel(m),
        axis: `${m.label}\n${upMeans(m)}`,
        better: m.better,
        league: ref[m.key].average,
        values,
        scores,
      },
    ];
  });
}

/** A goalie of a chosen team, with its raw numbers (TOI in minutes) and rates. */
export interface GoaliePoint {
  id: number;
  teamId: number;
  teamName: string;
  name: string;
  GP: number | null;
  SVP: number | null;
  GAA: number | null;
}

/** Goalies of the chosen teams who played at least `minGP` games; SV% and GAA from their own raw numbers. */
export function goaliePoints(
  chosen: readonly TeamFigures[],
  goalies: ReadonlyMap<number, readonly GoalieRow[]>,
  minGP: number,
): GoaliePoint[] {
  return chosen.flatMap((t) =>
    (goalies.get(t.id) ?? []).flatMap((g) => {
      const s = g.regularStats ?? {};
      const GP = n(s.GP);
      if ((GP ?? 0) < minGP) return [];
      const agg = teamGoaltending([s]);
      const name =
        g.player?.name ?? ([g.player?.firstName, g.player?.lastName].filter(Boolean).join(' ') || `Goalie ${g.id}`);
      return [{ id: g.id, teamId: t.id, teamName: t.name, name, GP, SVP: agg.SVP, GAA: agg.GAA }];
    }),
  );
}

/** A standings record's stats block (spec "Standings record": GP, W, L, PTS, GF, GA, GD counts). */
type StandingStats = NonNullable<StandingRow['stats']>;

/**
 * The metrics the trend can plot, each from one season's standings row. `key` is the URL's `trend` value;
 * metrics where lower is better say so in their label; `digits` are the decimals shown (PTS% as `.713`).
 */
export const TREND_METRICS = [
  {
    key: 'pts-pct',
    label: 'PTS%',
    title: 'PTS% = PTS / (2·GP)',
    better: 'higher',
    digits: 3,
    value: (s: StandingStats) => pointsPct(n(s.PTS), n(s.GP)),
  },
  {
    key: 'pts',
    label: 'PTS',
    title: 'PTS (points)',
    better: 'higher',
    digits: 0,
    value: (s: StandingStats) => n(s.PTS),
  },
  { key: 'w', label: 'W', title: 'W (wins)', better: 'higher', digits: 0, value: (s: StandingStats) => n(s.W) },
  { key: 'l', label: 'L', title: 'L (losses)', better: 'lower', digits: 0, value: (s: StandingStats) => n(s.L) },
  {
    key: 'gf-gp',
    label: 'GF/GP',
    title: 'GF/GP = goals for per game',
    better: 'higher',
    digits: 2,
    value: (s: StandingStats) => perGame(n(s.GF), n(s.GP)),
  },
  {
    key: 'ga-gp',
    label: 'GA/GP',
    title: 'GA/GP = goals against per game',
    better: 'lower',
    digits: 2,
    value: (s: StandingStats) => perGame(n(s.GA), n(s.GP)),
  },
  {
    key: 'gd',
    label: 'GD',
    title: 'GD = GF − GA (goal difference)',
    better: 'higher',
    digits: 0,
    value: (s: StandingStats) => {
      const GF = n(s.GF);
      const GA = n(s.GA);
      return n(s.GD) ?? (GF !== null && GA !== null ? GF - GA : null);
    },
  },
  {
    key: 'gf',
    label: 'GF',
    title: 'GF (goals for)',
    better: 'higher',
    digits: 0,
    value: (s: StandingStats) => n(s.GF),
  },
  {
    key: 'ga',
    label: 'GA',
    title: 'GA (goals against)',
    better: 'lower',
    digits: 0,
    value: (s: StandingStats) => n(s.GA),
  },
] as const satisfies readonly (MetricDef & { value: (s: StandingStats) => number | null })[];

/** A trend metric. */
export type TrendMetric = (typeof TREND_METRICS)[number];
/** The trend's metric when the URL names none: PTS%. */
export const DEFAULT_TREND_METRIC: TrendMetric = TREND_METRICS[0];

/** The trend metric the URL's `trend` value names (`gf-gp`); the default for a missing or unknown one. */
export function parseTrendMetric(value: string | null): TrendMetric {
  return TREND_METRICS.find((m) => m.key === value) ?? DEFAULT_TREND_METRIC;
}

/** A trend metric's label with "(lower is better)" when it is: `GA/GP (lower is better)`. */
export const trendLabel = (m: TrendMetric): string => metricLabel(m);

/** A trend value as text with the metric's decimals (PTS% as hockey writes it: `.713`); `—` for none. */
export function formatTrend(m: TrendMetric, value: number | null): string {
  if (value === null) return '—';
  const s = formatFixed(value, m.digits);
  return m.key === 'pts-pct' ? s.replace(/^0\./, '.') : s;
}

/** One season of the trend: its slug and each chosen team's value of the metric (null when it did not play). */
export interface TrendRow {
  season: string;
  values: Record<number, number | null>;
}

/**
 * A metric per season for the chosen teams (PTS% unless `metric` says otherwise), oldest season first;
 * seasons without any chosen team's value left out.
 */
export function trendRows(
  seasons: readonly { season: string; rows: readonly StandingRow[] }[],
  teamIds: readonly number[],
  metric: TrendMetric = DEFAULT_TREND_METRIC,
): TrendRow[] {
  return [...seasons]
    .sort((a, b) => a.season.localeCompare(b.season))
    .flatMap(({ season, rows }) => {
      const values: Record<number, number | null> = {};
      let any = false;
      for (const id of teamIds) {
        const r = rows.find((x) => x.team?.id === id);
        const v = r ? metric.value(r.stats ?? {}) : null;
        values[id] = v;
        if (v !== null) any = true;
      }
      return any ? [{ season, values }] : [];
    });
}

/** Parses the URL's `teams` value (`12,34,56`): distinct positive ids, at most `max`, in order. */
export function parseTeamIds(value: string | null, max = 8): number[] {
  if (!value) return [];
  const out: number[] = [];
  for (const part of value.split(',')) {
    if (!/^[1-9]\d{0,9}$/.test(part.trim())) continue;
    const id = Number(part.trim());
    if (!out.includes(id) && out.length < max) out.push(id);
  }
  return out;
}
