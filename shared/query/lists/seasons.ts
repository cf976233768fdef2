import type { ListDefinition } from './definition.ts';
import { SEASONS, SLUGS } from './kinds.ts';

/**
 * The season lists: a league's seasons (`GET /leagues/{slug}/seasons`, not shown in the spec) and a team's
 * (`GET /teams/{id}/seasons`, spec "Team operations"), newest first unless asked. The local service answers
 * them (service/ops/league/league-seasons.ts, service/ops/team/team-seasons.ts); views read them whole to
 * fill a season select, so no table of them is declared.
 */
const SEASON = { kind: 'season' } as const;

const LEAGUE_SEASON_FILTER_DEFINITIONS = { season: SEASONS, 'season:from': SEASON, 'season:to': SEASON } as const;
const LEAGUE_SEASON_SORT_KEYS = ['slug', 'startYear', 'endYear'] as const;

/** A league's seasons, declared once: one row a season, ties by its slug. */
export const LEAGUE_SEASONS_LIST: ListDefinition<
  typeof LEAGUE_SEASON_FILTER_DEFINITIONS,
  (typeof LEAGUE_SEASON_SORT_KEYS)[number]
> = {
  id: 'leagueSeasons',
  filters: LEAGUE_SEASON_FILTER_DEFINITIONS,
  sorts: LEAGUE_SEASON_SORT_KEYS,
  defaultSort: '-slug',
  tieBreak: ['slug'],
  rowKey: 'slug',
  columns: [],
  exported: [],
};

const TEAM_SEASON_FILTER_DEFINITIONS = { season: SEASONS, league: SLUGS } as const;
const TEAM_SEASON_SORT_KEYS = ['slug', 'startYear', 'endYear', 'league'] as const;

/** A team's seasons, declared once: one row a season and league, ties by the season, then the league. */
export const TEAM_SEASONS_LIST: ListDefinition<
  typeof TEAM_SEASON_FILTER_DEFINITIONS,
  (typeof TEAM_SEASON_SORT_KEYS)[number]
> = {
  id: 'teamSeasons',
  filters: TEAM_SEASON_FILTER_DEFINITIONS,
  sorts: TEAM_SEASON_SORT_KEYS,
  defaultSort: '-slug',
  tieBreak: ['slug', 'league'],
  rowKey: 'league',
  columns: [],
  exported: [],
};
