import type { SortSql } from '../../../shared/query/lists/definition.ts';
import { TEAMS_LIST } from '../../../shared/query/lists/teams.ts';
import type { Category } from '../../auth/categories.ts';
import { assertLeague, leagueScope } from '../../auth/subscription.ts';
import { declaredEnum, declaredList } from '../../query/declared.ts';
import { custom, dateMin, intGt, intIn, leagueIn, slugIn, textEq } from '../../query/filters.ts';
import type {
  FieldsDef,
  FilterDef,
  ListOp,
  PathParamKind,
  RequestContext,
  SortDef,
  SqlPart,
} from '../../query/types.ts';
import { parseSeasonSlug, parseSlugList, parseText } from '../../query/values.ts';
import { loaderOf } from '../records/caches/loader.ts';
import { ensureTeamNames, teamNameContains, teamNameIs } from '../records/caches/team-names.ts';
import type { TeamRow } from '../records/shapes/rows.ts';

/**
 * The Team list shared by `GET /teams`, `GET /arenas/{id}/teams` and `GET /teams/{id}/affiliates`:
 * fields, sorts and filters exactly as the spec lists them for `/arenas/{id}/teams` (`GET /teams`
 * takes everything `/arenas/{id}/teams` takes; affiliates: its closest sibling).
 */

/** `fields` of `/arenas/{id}/teams` (spec): no `arena` (it is the path's arena). */
export const ARENA_TEAM_FIELDS: FieldsDef = {
  allowed: [
    'id',
    'name',
    'extraName',
    'fullName',
    'logo',
    'logoUrl',
    'founded',
    'city',
    'colors',
    'status',
    'league',
    'secondaryLeague',
    'teamType',
    'teamClass',
    'country',
    'continent',
    'flagUrl',
    'defaultSeason',
    'activeSeason',
    'secondaryArena',
    'capHit',
    'views',
    'currentRosterSize',
    'links',
    'notes',
    'serviceUrlPath',
    'slug',
    'updatedAt',
    '_links',
    'mhrRating',
    'mhrId',
    'mhrUrl',
  ],
  objects: [
    'logo',
    'league',
    'secondaryLeague',
    'country',
    'flagUrl',
    'defaultSeason',
    'activeSeason',
    'secondaryArena',
    'links',
  ],
};

/** `fields` of `/teams`, `/teams/{id}` and affiliates: the above plus the Team's `arena` (a Team field). */
export const TEAM_FIELDS: FieldsDef = {
  allowed: [...ARENA_TEAM_FIELDS.allowed.slice(0, 19), 'arena', ...ARENA_TEAM_FIELDS.allowed.slice(19)],
  objects: [...ARENA_TEAM_FIELDS.objects, 'arena'],
};

/** The SQL of each sort key of the Team list's definition (shared/query/lists/teams.ts). */
const TEAM_SORT_SQL: SortSql<(typeof TEAMS_LIST.sorts)[number], SortDef> = {
  id: { sql: 't.id' },
  name: { sql: 't.name COLLATE NOCASE' },
  country: { sql: 't.countrySlug', nullable: true },
  teamClass: { sql: 't.teamClass' },
  views: { sql: 't.views' },
  updatedAt: { sql: 't.updatedAt' },
  mhrRating: { sql: 't.mhrRating', nullable: true },
};

const json = (v: unknown[]) => JSON.stringify(v);
const IN = 'IN (SELECT value FROM json_each(?))';

/** League slugs a positive league filter names must be in the subscription (403). */
const leagues = (raw: string, name: string, ctx: RequestContext): string[] => {
  const slugs = parseSlugList(raw, name);
  for (const s of slugs) assertLeague(ctx.sub, s, name);
  return slugs;
};

const playedIn = (slugs: string[] | null, season: string | null): SqlPart => {
  const conds = ['ts.teamId = t.id'];
  const params: string[] = [];
  if (slugs) {
    conds.push(`ts.leagueSlug ${IN}`);
    params.push(json(slugs));
  }
  if (season) {
    conds.push('ts.seasonSlug = ?');
    params.push(season);
  }
  return { sql: `EXISTS (SELECT 1 FROM team_seasons ts WHERE ${conds.join(' AND ')})`, params };
};

const seasonOf = (ctx: RequestContext): string | null => {
  const raw = ctx.query.get('hasPlayedInLeague.season');
  return raw === undefined ? null : parseSeasonSlug(raw, 'hasPlayedInLeague.season');
};

/** The SQL of each filter of the Team list's definition; closed sets take the definition's values. */
const TEAM_FILTER_SQL: Readonly<Record<keyof typeof TEAMS_LIST.filters, FilterDef>> = {
  id: intIn('t.id'),
  'id:gt': intGt('t.id'),
  // Any name the team carried (current, full, or a season's): indexed per connection (records/caches/team-names.ts).
  q: (raw, name, ctx) => {
    ensureTeamNames(ctx.db);
    return teamNameContains('t.id', parseText(raw, name));
  },
  name: (raw, name, ctx) => {
    ensureTeamNames(ctx.db);
    return teamNameIs('t.id', parseText(raw, name));
  },
  city: textEq('t.city'),
  country: slugIn('t.countrySlug'),
  'country:not': slugIn('t.countrySlug', { not: true }),
  continent: declaredEnum('t.continent', TEAMS_LIST.filters.continent),
  league: leagueIn('t.leagueSlug'),
  'league.leagueLevel': custom(parseText, (v) => ({
    sql: 't.leagueSlug IN (SELECT slug FROM leagues WHERE leagueLevel = ? COLLATE NOCASE)',
    params: [v],
  })),
  status: declaredEnum('t.status', TEAMS_LIST.filters.status),
  playingInLeague: (raw, name, ctx) => {
    const v = json(leagues(raw, name, ctx));
    return { sql: `(t.leagueSlug ${IN} OR t.secondaryLeagueSlug ${IN})`, params: [v, v] };
  },
  notPlayingInLeague: (raw, name) => {
    const v = json(parseSlugList(raw, name));
    return {
      sql: `(COALESCE(t.leagueSlug, '') NOT ${IN} AND COALESCE(t.secondaryLeagueSlug, '') NOT ${IN})`,
      params: [v, v],
    };
  },
  hasPlayedInLeague: (raw, name, ctx) => playedIn(leagues(raw, name, ctx), seasonOf(ctx)),
  neverPlayedInLeague: (raw, name) => {
    const p = playedIn(parseSlugList(raw, name), null);
    return { sql: `NOT ${p.sql}`, params: p.params };
  },
  'hasPlayedInLeague.season': (raw, name, ctx) =>
    ctx.query.has('hasPlayedInLeague') ? { sql: '1', params: [] } : playedIn(null, parseSeasonSlug(raw, name)),
  teamType: declaredEnum('t.teamType', TEAMS_LIST.filters.teamType),
  teamClass: declaredEnum('t.teamClass', TEAMS_LIST.filters.teamClass),
  'updatedAt:min': dateMin('t.updatedAt'),
};

/** The Team list's sorts, default sort, filters and tie-break: its definition with the SQL above. */
const TEAM_LIST = declaredList(TEAMS_LIST, { sorts: TEAM_SORT_SQL, filters: TEAM_FILTER_SQL });

/** A Team list op over `teams t`, scoped by `scope` (path entity) and the key's leagues. */
export function teamListOp(def: {
  path: string;
  category: Category;
  summary: string;
  pathParams?: Record<string, PathParamKind>;
  fields: FieldsDef;
  scope: (ctx: RequestContext) => (SqlPart | null)[];
}): ListOp<TeamRow> {
  return {
    kind: 'list',
    path: def.path,
    category: def.category,
    summary: def.summary,
    ...(def.pathParams ? { pathParams: def.pathParams } : {}),
    from: 'teams t',
    select: 't.*',
    ...TEAM_LIST,
    scope: (ctx) => ({ where: [...def.scope(ctx), leagueScope(ctx.sub, 't.leagueSlug')] }),
    fields: def.fields,
    build: (rows, ctx, fields) => loaderOf(ctx).teamsFromRows(rows, fields),
  };
}
