/**
 * The players chart's URL (`#/players/chart?ids=8,12,40&of=8|ohl|2015-2016&metric=nhle`): the players
 * drawn (2–6), the player-season whose comparables' median arc is drawn beside them, and the metric.
 */

/** The view's route. */
export const CHART_PATH = '/players/chart';

/** The metrics an arc is drawn by. */
export const ARC_METRICS = [
  { value: 'nhle', label: 'NHLe PTS/GP', key: 'nhlePTSperGP', digits: 2 },
  { value: 'ptsgp', label: 'PTS/GP', key: 'PTSperGP', digits: 2 },
  { value: 'gp', label: 'GP', key: 'GP', digits: 0 },
] as const;
export type ArcMetric = (typeof ARC_METRICS)[number];

/** Most players one chart draws. */
export const MAX_CHART_PLAYERS = 6;

export interface ComparablesOf {
  playerId: number;
  league: string;
  season: string;
}

/** The chart's address for these players (the first six, each once) and comparables. */
export function chartHref(ids: readonly number[], of: ComparablesOf | null): string {
  const p = new URLSearchParams();
  p.set('ids', [...new Set(ids)].slice(0, MAX_CHART_PLAYERS).join(','));
  if (of) p.set('of', `${of.playerId}|${of.league}|${of.season}`);
  return `${CHART_PATH}?${p.toString().replaceAll('%2C', ',').replaceAll('%7C', '|')}`;
}

/** The players of `ids=` (valid ids, each once, at most six). */
export function idsOf(text: string | null): number[] {
  const out: number[] = [];
  for (const part of (text ?? '').split(',')) {
    const n = Number(part);
    if (Number.isInteger(n) && n > 0 && n < 2 ** 31 && !out.includes(n)) out.push(n);
  }
  return out.slice(0, MAX_CHART_PLAYERS);
}

/** The player-season of `of=` (`id|league|season`), or null. */
export function comparablesOf(text: string | null): ComparablesOf | null {
  const m = /^(\d{1,10})\|([a-z0-9][a-z0-9-]{0,63})\|(\d{4}-\d{4})$/.exec(text ?? '');
  return m ? { playerId: Number(m[1]), league: m[2] as string, season: m[3] as string } : null;
}

/** The metric of `metric=` (NHLe PTS/GP by default). */
export function metricOf(text: string | null): ArcMetric {
  return ARC_METRICS.find((m) => m.value === text) ?? ARC_METRICS[0];
}
