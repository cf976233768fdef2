/**
 * Rates from raw counts (spec "Standings record" stats GP, PTS, GF, GA; goalie stat blocks SA, SVS, GA,
 * TOI): team rates for comparisons, and the goaltending rates GAA and SV% wherever they are computed. Pure
 * functions; every rate is computed from raw counts, never by averaging percentages, and never rounded
 * (tables round for display only). A rate whose inputs are missing, or whose denominator is 0, is `null`.
 */

/** A count per game: `total / GP` (goals per game when `total` is GF or GA). Null without games. */
export function perGame(total: number | null | undefined, GP: number | null | undefined): number | null {
  if (typeof total !== 'number' || typeof GP !== 'number' || GP <= 0) return null;
  return total / GP;
}

/**
 * Points percentage, a fraction in 0..1: `PTS / (2·GP)` (two points available per game).
 * Null without games or points.
 */
export function pointsPct(PTS: number | null | undefined, GP: number | null | undefined): number | null {
  if (typeof PTS !== 'number' || typeof GP !== 'number' || GP <= 0) return null;
  return PTS / (2 * GP);
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * Goals against average: goals allowed per 60 minutes in goal, `GA × 60 / minutes`, as the field defines it
 * (goals allowed times 60, divided by the minutes played: ThoughtCo, "How Are Goaltending Statistics
 * Calculated?" (thoughtco.com); Sporting Charts' NHL dictionary, "Goals Against Average"). `GA` is a count,
 * `minutes` the time played in goal in minutes (the spec's `TOI`). Unrounded: tables show two decimals.
 * Null when either input is missing or not a finite number, or when `minutes` is not above 0.
 */
export function goalsAgainstAverage(GA: unknown, minutes: unknown): number | null {
  const ga = num(GA);
  const min = num(minutes);
  return ga === null || min === null || min <= 0 ? null : (ga * 60) / min;
}

/**
 * Save percentage, a fraction 0..1: saves over shots against, `(SA − GA) / SA`, as the field defines it
 * (saves made divided by the shots on goal faced while in net, empty-net goals left out: NHL.com,
 * nhl.com/kraken/news/seattle-kraken-arizona-coyotes-3-game-essentials-preview; ThoughtCo, as for GAA).
 * `SA` and `GA` are counts. Unrounded: tables show three decimals (`.915`). Null when either input is
 * missing or not a finite number, or when `SA` is not above 0.
 */
export function savePercentage(SA: unknown, GA: unknown): number | null {
  const sa = num(SA);
  const ga = num(GA);
  return sa === null || ga === null || sa <= 0 ? null : (sa - ga) / sa;
}

/** What a goalie line gives for its rates: counts (GA, SA), minutes (TOI) and the source's own GAA and SV%. */
export interface GoalieRateInputs {
  GA?: number | null;
  SA?: number | null;
  TOI?: number | null;
  GAA?: number | null;
  SVP?: number | null;
}

/** A goalie's GAA (goals per 60 minutes) and SV% (a fraction), unrounded; null where unknown. */
export interface GoalieRates {
  GAA: number | null;
  SVP: number | null;
}

/**
 * The GAA and SV% of one player over some lines (the stints of a season, or seasons): each computed from the
 * sums of its inputs over the lines that record both of them (GA with minutes; SA with GA), with
 * {@link goalsAgainstAverage} and {@link savePercentage}, so a line with one stint and a line of several
 * follow one rule and sort alike. Where no line records a rate's inputs (or its denominator sums to 0), the
 * only line's own value as the source gave it; several such lines have none (null).
 */
export function goalieRates(lines: readonly GoalieRateInputs[]): GoalieRates {
  let gaaGA: number | null = null;
  let minutes: number | null = null;
  let shots: number | null = null;
  let shotGA: number | null = null;
  for (const l of lines) {
    const ga = num(l.GA);
    const toi = num(l.TOI);
    const sa = num(l.SA);
    if (ga !== null && toi !== null) {
      gaaGA = (gaaGA ?? 0) + ga;
      minutes = (minutes ?? 0) + toi;
    }
    if (ga !== null && sa !== null) {
      shots = (shots ?? 0) + sa;
      shotGA = (shotGA ?? 0) + ga;
    }
  }
  const only = lines.length === 1 ? lines[0] : undefined;
  return {
    GAA: goalsAgainstAverage(gaaGA, minutes) ?? num(only?.GAA),
    SVP: savePercentage(shots, shotGA) ?? num(only?.SVP),
  };
}

/** One goalie's raw regular-season numbers (a goaltending-leaders record's `regularStats`). TOI in minutes. */
export interface GoalieLine {
  GP?: number | null;
  SA?: number | null;
  SVS?: number | null;
  GA?: number | null;
  TOI?: number | null;
}

/** A team's goaltending, summed over its goalies. */
export interface TeamGoaltending {
  /** Shots against, saves, goals against (counts) and time on ice (minutes), summed. SA/SVS null when unrecorded. */
  SA: number | null;
  SVS: number | null;
  GA: number;
  TOI: number;
  /** Save percentage as a fraction: ΣSVS / ΣSA; null when any goalie who played lacks shots (pre-1983 data). */
  SVP: number | null;
  /** Goals against per 60 minutes: ΣGA · 60 / ΣTOI; null without recorded minutes. */
  GAA: number | null;
}

/**
 * Aggregates goalies' raw numbers to a team's SV% and GAA: SV% = ΣSVS / ΣSA and GAA = ΣGA · 60 / ΣTOI
 * (TOI in minutes). A goalie without SVS but with SA and GA counts SA − GA saves. Shots are "unrecorded"
 * (SA, SVS and SVP null) when a goalie with minutes has no SA. Lines without minutes or goals are skipped.
 */
export function teamGoaltending(lines: readonly GoalieLine[]): TeamGoaltending {
  let SA = 0;
  let SVS = 0;
  let GA = 0;
  let TOI = 0;
  let shots = true;
  for (const l of lines) {
    const toi = num(l.TOI);
    const ga = num(l.GA);
    if (toi === null && ga === null) continue;
    TOI += toi ?? 0;
    GA += ga ?? 0;
    const sa = num(l.SA);
    const svs = num(l.SVS) ?? (sa !== null && ga !== null ? sa - ga : null);
    if (sa === null || svs === null) {
      if ((toi ?? 0) > 0) shots = false;
      continue;
    }
    SA += sa;
    SVS += svs;
  }
  const hasShots = shots && SA > 0;
  return {
    SA: hasShots ? SA : null,
    SVS: hasShots ? SVS : null,
    GA,
    TOI,
    // Saves as the lines give them (SVS, else SA − GA): the goals against their shots are SA − SVS.
    SVP: hasShots ? savePercentage(SA, SA - SVS) : null,
    GAA: goalsAgainstAverage(GA, TOI),
  };
}

/** Arithmetic mean of the numbers present; null when none is. */
export function mean(values: readonly (number | null | undefined)[]): number | null {
  const xs = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** Population standard deviation of the numbers present; null when none is. */
export function standardDeviation(values: readonly (number | null | undefined)[]): number | null {
  const xs = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const m = mean(xs);
  if (m === null) return null;
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length);
}

/** A league's totals from its standings rows: `{GP, PTS, GF, GA}` summed over teams. */
export interface LeagueTotals {
  GP: number;
  PTS: number;
  GF: number;
  GA: number;
}

/** Sums GP, PTS, GF and GA of standings rows (missing values count 0). */
export function leagueTotals(
  rows: readonly { GP?: number | null; PTS?: number | null; GF?: number | null; GA?: number | null }[],
): LeagueTotals {
  const t = { GP: 0, PTS: 0, GF: 0, GA: 0 };
  for (const r of rows) {
    t.GP += num(r.GP) ?? 0;
    t.PTS += num(r.PTS) ?? 0;
    t.GF += num(r.GF) ?? 0;
    t.GA += num(r.GA) ?? 0;
  }
  return t;
}

/**
 * Standard score: how many league standard deviations `value` is from the league `average`.
 * Null when any input is missing; 0 when the league has no spread.
 */
export function standardScore(value: number | null, average: number | null, sd: number | null): number | null {
  if (value === null || average === null || sd === null) return null;
  return sd === 0 ? 0 : (value - average) / sd;
}
