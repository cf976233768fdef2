import { STANDINGS_STAT_KEYS } from '../../../shared/contract/spec.ts';
import { STANDINGS_LIST } from '../../../shared/query/lists/standings.ts';
import { seasonAllowed, seasonScope } from '../../auth/subscription.ts';
import { declaredList } from '../../query/declared.ts';
import { intIn, seasonIn, textEq } from '../../query/filters.ts';
import type { ListOp, RequestContext, SortDef } from '../../query/types.ts';
import { requireLeague } from '../entities.ts';
import type { LeagueRow, StandingsRow } from '../records/shapes/rows.ts';
import { standingRecords } from '../records/shapes/standing.ts';
import { TEAM_FIELDS } from '../team/team-list.ts';

const NULLABLE_STATS = new Set(['T', 'OTW', 'OTL', 'PPG']);

/**
 * The season standings show when no `season` is given: the league's `activeSeason`, else its
 * `defaultSeason`; if that is unset or outside the key's seasons, the latest season with standings
 * the key may see. Null when there is none (then every visible season is listed).
 */
function defaultSeason(ctx: RequestContext, lg: LeagueRow): string | null {
  const preferred = lg.activeSeason ?? lg.defaultSeason;
  if (preferred && seasonAllowed(ctx.sub, preferred)) return preferred;
  const range = ctx.sub.seasons;
  const row = ctx.stmts
    .get('SELECT MAX(seasonSlug) AS s FROM standings WHERE leagueSlug = ? AND seasonSlug BETWEEN ? AND ?')
    .get(lg.slug, range?.from ?? '0000-0000', range?.to ?? '9999-9999') as { s: string | null };
  return row.s;
}

/**
 * `GET /leagues/{slug}/standings` (spec, "League operations"; parameters not shown, so those of
 * real-service-notes): sorts `position` (the rank within the group: division or
 * conference), `group`, `teamName`, every `stats.<K>`, plus `id` and `season`; default `position`; every
 * sort ends with `-stats.W, -stats.GD, id` (the league's tie-breakers). Filters `season` (season slugs;
 * default above), `team` (team ids), `group`. `fields` takes the Team's subfields by name (`team.id`).
 */
export const standings: ListOp<StandingsRow> = {
  kind: 'list',
  path: '/leagues/{slug}/standings',
  category: 'league',
  summary: "The league's standings for a season",
  pathParams: { slug: 'slug' },
  from: 'standings s',
  scope: (ctx) => {
    const lg = requireLeague(ctx);
    return {
      where: [{ sql: 's.leagueSlug = ?', params: [lg.slug] }, seasonScope(ctx.sub, 's.seasonSlug')],
      state: lg,
    };
  },
  defaultFilters: (ctx, state): Record<string, string> => {
    const s = defaultSeason(ctx, state as LeagueRow);
    return s ? { season: s } : {};
  },
  fields: {
    allowed: [
      'id',
      'season',
      'team',
      'teamSlug',
      'teamName',
      'teamLogo',
      'teamLogoUrl',
      'league',
      'leagueSlug',
      'leagueName',
      'leagueFullName',
      'leagueType',
      'group',
      'position',
      'medalClass',
      'playoffMedalClass',
      'stats',
      'postseason',
      'info',
      'updatedAt',
    ],
    objects: ['season', 'team', 'teamLogo', 'league', 'stats'],
    // The Team's subfields by name (`team.id,team.name`): a list of a league's team-seasons needs no more.
    subfields: { team: TEAM_FIELDS.allowed },
  },
  // Sorts, default and tie-break (more wins, then a better goal difference, the id last) from the definition.
  ...declaredList(STANDINGS_LIST, {
    sorts: {
      id: { sql: 's.id' },
      season: { sql: 's.seasonSlug' },
      position: { sql: 's.position' },
      group: { sql: 's."group"', nullable: true },
      teamName: { sql: 's.teamName COLLATE NOCASE' },
      ...(Object.fromEntries(
        STANDINGS_STAT_KEYS.map((k): [string, SortDef] => [
          `stats.${k}`,
          { sql: `s.${k}`, nullable: NULLABLE_STATS.has(k) },
        ]),
      ) as Record<`stats.${(typeof STANDINGS_STAT_KEYS)[number]}`, SortDef>),
    },
    filters: {
      season: seasonIn('s.seasonSlug'),
      team: intIn('s.teamId'),
      group: textEq('s."group"'),
    },
  }),
  build: (rows, ctx) => standingRecords(rows, ctx),
};
