import { draftAge, seasonEndYear } from '../../../shared/domain/draft.ts';
import type { LeagueFactor } from '../../../shared/domain/nhle.ts';
import { nhle82, nhlePerGame } from '../../../shared/domain/nhle-model.ts';
import type { CareerRow } from '../../entities/player/career.ts';

/**
 * A skater's NHLe season by season, as the player page shows it (shared/domain/nhle.ts): his regular-season
 * skating lines of one league and season combined (stints summed, as the stats browser's single seasons),
 * with his draft age then, the league's factor (the scout's pin or the computed one) and NHLe PTS/GP and
 * 82-game NHLe; a line whose league has no factor keeps null there ("no factor"). Pure.
 */
export interface NhleSeason {
  key: string;
  season: string;
  league: string;
  teams: string;
  draftAge: number | null;
  GP: number;
  PTS: number;
  PTSperGP: number;
  factor: number | null;
  pinned: boolean;
  nhlePTSperGP: number | null;
  nhle82: number | null;
}

/** The factor NHLe uses for a league, and whether it is the scout's pin. */
export type FactorLookup = (league: string) => { factor: number; pinned: boolean } | null;

/** The lookup of the factors of a `leagueFactors` answer: a league's factor (a pin, else the computed one), or null. */
export function factorLookup(leagues: readonly LeagueFactor[]): FactorLookup {
  const byLeague = new Map(leagues.map((l) => [l.league, l]));
  return (league) => {
    const l = byLeague.get(league);
    return l?.factor == null ? null : { factor: l.factor, pinned: l.pinned !== null };
  };
}

/** His skating seasons with games, newest first; `rows` are his career rows (skating lines only). */
export function nhleSeasons(
  rows: readonly CareerRow[],
  factorOf: FactorLookup,
  dateOfBirth: string | null,
): NhleSeason[] {
  const by = new Map<string, NhleSeason>();
  for (const r of rows) {
    const gp = r.regular.GP ?? 0;
    if (r.goalieLine || gp <= 0 || r.leagueSlug === null) continue;
    const key = `${r.leagueSlug}|${r.season}`;
    const end = seasonEndYear(r.season);
    const s = by.get(key) ?? {
      key,
      season: r.season,
      league: r.leagueSlug,
      teams: '',
      draftAge: end === null ? null : draftAge(dateOfBirth, end),
      GP: 0,
      PTS: 0,
      PTSperGP: 0,
      factor: null,
      pinned: false,
      nhlePTSperGP: null,
      nhle82: null,
    };
    s.GP += gp;
    s.PTS += r.regular.PTS ?? 0;
    const team = r.teamName ?? (r.teamId === null ? '' : `Team ${r.teamId}`);
    s.teams = s.teams === '' ? team : `${s.teams} / ${team}`;
    by.set(key, s);
  }
  return [...by.values()]
    .map((s) => {
      const f = factorOf(s.league);
      const perGame = nhlePerGame(s.PTS, s.GP, f?.factor ?? null);
      return {
        ...s,
        PTSperGP: s.PTS / s.GP,
        factor: f?.factor ?? null,
        pinned: f?.pinned ?? false,
        nhlePTSperGP: perGame,
        nhle82: nhle82(perGame),
      };
    })
    .sort((a, b) => (a.season === b.season ? (a.league < b.league ? -1 : 1) : a.season < b.season ? 1 : -1));
}

/** The sortable columns of the NHLe table. */
export type NhleSortKey = 'season' | 'draftAge' | 'GP' | 'PTS' | 'PTSperGP' | 'nhlePTSperGP' | 'nhle82';

/**
 * Seasons sorted by `key` (`desc`: highest first); lines without a value (no factor, unknown draft age)
 * last either way; ties by season, newest first.
 */
export function sortSeasons(rows: readonly NhleSeason[], key: NhleSortKey, desc: boolean): NhleSeason[] {
  const value = (s: NhleSeason) => (key === 'season' ? (seasonEndYear(s.season) ?? 0) : s[key]);
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1;
    if (va !== vb) return desc ? vb - va : va - vb;
    return a.season < b.season ? 1 : a.season > b.season ? -1 : 0;
  });
}

/** The season comparables start from: his newest with a factor. */
export function defaultSubject(rows: readonly NhleSeason[]): NhleSeason | null {
  return rows.find((s) => s.factor !== null && s.draftAge !== null) ?? null;
}
