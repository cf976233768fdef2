import { z } from 'zod';
import { IdSchema } from './id.ts';
import {
  AgencySchema,
  AlumnusSchema,
  GameLogSchema,
  GoalieStatsRecordSchema,
  LeagueCountSchema,
  LeagueSchema,
  LeagueSeasonSchema,
  PlayerImageSchema,
  PlayerSchema,
  PlayerStatsSchema,
  StaffCountSchema,
  StandingsRecordSchema,
  StarSchema,
  TeamComparisonSchema,
  TeamSchema,
  TeamSeasonSchema,
  TransferYearSchema,
} from './records/index.ts';
import { SEASON_SLUG_RE, SLUG_RE } from './spec.ts';

/**
 * The endpoint allow-list: every service path the app may request, as a template
 * with typed path parameters (DESIGN.md, "The data path"). The host builds URLs
 * only from these; the page names an endpoint, never a path.
 *
 * Each entry also names its response: `kind` `list` (the pagination envelope, `data` an array) or
 * `item` (`{_meta, data}` with `data` an object, real-service-notes "Envelope and paging"), and the zod
 * schema of its records (shared/contract/records/). The host validates every answer with them once; the page's
 * hooks infer the record type from the endpoint's name.
 *
 * Path parameter kinds: `id` is a positive integer (team, arena, player id);
 * `slug` a league slug of `[a-z0-9-]`; `season` a season slug `YYYY-YYYY`.
 */
export const ENDPOINTS = {
  teams: { path: '/teams', params: [], kind: 'list', record: TeamSchema },
  team: { path: '/teams/{id}', params: ['id'], kind: 'item', record: TeamSchema },
  teamSeasons: { path: '/teams/{id}/seasons', params: ['id'], kind: 'list', record: TeamSeasonSchema },
  teamGoaltendingLeaders: {
    path: '/teams/{id}/goaltending-leaders',
    params: ['id'],
    kind: 'list',
    record: GoalieStatsRecordSchema,
  },
  teamAffiliates: { path: '/teams/{id}/affiliates', params: ['id'], kind: 'list', record: TeamSchema },
  teamPlayerStats: { path: '/teams/{id}/player-stats', params: ['id'], kind: 'list', record: PlayerStatsSchema },
  teamInTheSystem: {
    path: '/teams/{id}/in-the-system/leagues',
    params: ['id'],
    kind: 'list',
    record: LeagueCountSchema,
  },
  teamTransferYears: {
    path: '/teams/{id}/transfers/years',
    params: ['id'],
    kind: 'list',
    record: TransferYearSchema,
  },
  arenaTeams: { path: '/arenas/{id}/teams', params: ['id'], kind: 'list', record: TeamSchema },
  leagues: { path: '/leagues', params: [], kind: 'list', record: LeagueSchema },
  league: { path: '/leagues/{slug}', params: ['slug'], kind: 'item', record: LeagueSchema },
  leagueSeasons: { path: '/leagues/{slug}/seasons', params: ['slug'], kind: 'list', record: LeagueSeasonSchema },
  leagueStandings: {
    path: '/leagues/{slug}/standings',
    params: ['slug'],
    kind: 'list',
    record: StandingsRecordSchema,
  },
  leagueTeamComparison: {
    path: '/leagues/{slug}/{season}/team-comparison',
    params: ['slug', 'season'],
    kind: 'list',
    record: TeamComparisonSchema,
  },
  leagueWhereAreTheyNow: {
    path: '/leagues/{slug}/where-are-they-now',
    params: ['slug'],
    kind: 'list',
    record: AlumnusSchema,
  },
  staffStatsTeams: { path: '/staff-stats/teams', params: [], kind: 'list', record: StaffCountSchema },
  agencies: { path: '/agencies', params: [], kind: 'list', record: AgencySchema },
  player: { path: '/players/{id}', params: ['id'], kind: 'item', record: PlayerSchema },
  playerImages: { path: '/players/{id}/images', params: ['id'], kind: 'list', record: PlayerImageSchema },
  starsAndCultPlayers: { path: '/stars-and-cult-players', params: [], kind: 'list', record: StarSchema },
  gameLogAggregate: { path: '/game-log-aggregate', params: [], kind: 'list', record: GameLogSchema },
} as const satisfies Record<
  string,
  { path: string; params: readonly PathParamName[]; kind: 'list' | 'item'; record: z.ZodType }
>;

export type PathParamName = 'id' | 'slug' | 'season';
export type EndpointName = keyof typeof ENDPOINTS;
export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];

/** The record type of an endpoint: `EndpointRecord<'teams'>` is `Team`. */
export type EndpointRecord<E extends EndpointName> = z.infer<(typeof ENDPOINTS)[E]['record']>;

/** Endpoints whose answer is a page of records (the pagination envelope). */
export type ListEndpointName = {
  [E in EndpointName]: (typeof ENDPOINTS)[E]['kind'] extends 'list' ? E : never;
}[EndpointName];

/** Endpoints whose answer is one record (`{_meta, data}`). */
export type ItemEndpointName = Exclude<EndpointName, ListEndpointName>;

/** Validators of each path parameter kind. */
export const PATH_PARAM_SCHEMAS = {
  id: IdSchema,
  slug: z.string().regex(SLUG_RE, 'a slug of lower-case letters, digits and dashes'),
  season: z.string().regex(SEASON_SLUG_RE, 'a season slug such as 2023-2024'),
} as const;

/** Query parameter names: spec names such as `sort`, `regularStats.TOI:min`, `league.leagueLevel`. */
const QUERY_NAME_RE = /^[A-Za-z][A-Za-z0-9_.]*(:[A-Za-z]+)?$/;

/**
 * Query parameters the page may send: spec parameter names to short string values.
 * `apiKey` is refused: only the host adds the key.
 */
export const QuerySchema = z
  .record(z.string().regex(QUERY_NAME_RE).max(64), z.string().max(2000))
  .refine((q) => Object.keys(q).length <= 40, 'too many query parameters')
  .refine((q) => !Object.keys(q).some((k) => k.toLowerCase() === 'apikey'), 'apiKey may not be set by the page');

/** One request for the service, as the page sends it over the bridge. */
export const ServiceRequestSchema = z.object({
  endpoint: z.enum(ENDPOINT_NAMES as [EndpointName, ...EndpointName[]]),
  path: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  query: QuerySchema.default({}),
});
export type ServiceRequest = z.input<typeof ServiceRequestSchema>;

/**
 * The first path parameter of `endpoint` that `params` lacks or gets wrong (an `id` that is not exactly an
 * id, shared/contract/id.ts; a malformed slug), with why; null when every one is good. Parameters the endpoint does
 * not have are not looked at here.
 */
export function pathParamProblem(
  endpoint: EndpointName,
  params: Readonly<Record<string, unknown>>,
): { name: PathParamName; message: string } | null {
  for (const name of ENDPOINTS[endpoint].params) {
    const check = PATH_PARAM_SCHEMAS[name].safeParse(params[name]);
    if (!check.success) return { name, message: check.error.issues[0]?.message ?? 'malformed' };
  }
  return null;
}

/**
 * Builds the path of an endpoint from validated parameters (no base URL, no query).
 * Throws a ZodError when a parameter is missing or malformed.
 */
export function buildPath(endpoint: EndpointName, params: Record<string, string | number>): string {
  const def = ENDPOINTS[endpoint];
  let path: string = def.path;
  for (const name of def.params) {
    const value = PATH_PARAM_SCHEMAS[name].parse(params[name]);
    path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  }
  return path;
}
