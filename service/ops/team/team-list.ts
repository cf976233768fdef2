import { CONTINENTS, TEAM_CLASSES, TEAM_STATUSES, TEAM_TYPES } from '../../../shared/contract/spec.ts';
import type { Category } from '../../auth/categories.ts';
import { assertLeague, leagueScope } from '../../auth/subscription.ts';
import { custom, dateMin, enumIn, intGt, intIn, leagueIn, slugIn, textEq } from '../../query/filters.ts';
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

export const TEAM_SORTS: Record<string, SortDef> = {
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

export const TEAM_FILTERS: Record<string, FilterDef> = {
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
  continent: enumIn('t.continent', CONTINENTS, { nullable: true }),
  league: leagueIn('t.leagueSlug'),
  'league.leagueLevel': custom(parseText, (v) => ({
    sql: 't.leagueSlug IN (SELECT slug FROM leagues WHERE leagueLevel = ? COLLATE NOCASE)',
    params: [v],
  })),
  status: enumIn('t.status', TEAM_STATUSES),
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
  teamType: enumIn('t.teamType', TEAM_TYPES),
  teamClass: enumIn('t.teamClass', TEAM_CLASSES),
  'updatedAt:min': dateMin('t.updatedAt'),
};

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
    tieBreak: 't.id',
    scope: (ctx) => ({ where: [...def.scope(ctx), leagueScope(ctx.sub, 't.leagueSlug')] }),
    fields: def.fields,
    sorts: TEAM_SORTS,
    defaultSort: 'name',
    filters: TEAM_FILTERS,
    build: (rows, ctx, fields) => loaderOf(ctx).teamsFromRows(rows, fields),
  };
}
