import { STAFF_STATS_STATUSES, TEAM_TYPES } from '../../../shared/contract/spec.ts';
import { STAFF_COUNTS_LIST } from '../../../shared/query/lists/staff-counts.ts';
import { leagueScope, seasonScope } from '../../auth/subscription.ts';
import { declaredList } from '../../query/declared.ts';
import { dateMin, enumIn, intGt, intIn, leagueIn, seasonBound, seasonIn } from '../../query/filters.ts';
import type { FilterDef, ListOp, SqlPart } from '../../query/types.ts';
import { parseIntList, parseSeasonSlug, parseSlugList, splitList } from '../../query/values.ts';
import { get, loaderOf } from '../records/caches/loader.ts';

const IN = 'IN (SELECT value FROM json_each(?))';

/** A staff-stats condition on the entry's staff member (`ss.staffId`) over his other entries `o`. */
const staffEntries = (cond: string, params: SqlPart['params'], not = false): SqlPart => ({
  sql: `${not ? 'NOT ' : ''}EXISTS (SELECT 1 FROM staff_stats o WHERE o.staffId = ss.staffId AND ${cond})`,
  params,
});

/** The season qualifier of `staff.hasPlayedInLeague` / `staff.hasPlayedInTeam`, when given. */
const seasonQualifier = (ctx: Parameters<FilterDef>[2], name: string): SqlPart => {
  const raw = ctx.query.get(name);
  return raw === undefined
    ? { sql: '1', params: [] }
    : { sql: 'o.seasonSlug = ?', params: [parseSeasonSlug(raw, name)] };
};

/** The staff member's entries in the current season (his team's `activeSeason`) match. */
const currently = (cond: string) =>
  `o.seasonSlug = (SELECT t.activeSeason FROM teams t WHERE t.id = o.teamId) AND o.status = 'rostered' AND ${cond}`;

/**
 * `GET /staff-stats/teams` (spec, "Staff statistics operations"): the number of staff-stats entries
 * (a staff member's role with a team in a season) per team, with every parameter of the spec's table.
 * Filters apply to the entries before they are counted. Staff filters (not detailed in the spec):
 * `staff.nationality`/`staff.secondaryNationality` — the staff member's countries (slugs; the data
 * holds no secondary nationality, so that filter matches nothing but `null`-free lists stay valid);
 * `staff.playingInLeague`/`staff.playingInTeam` — a rostered entry of the staff member in his team's
 * active season in those leagues/teams (`staff.notPlaying…` negates); `staff.hasPlayedInLeague`/
 * `staff.hasPlayedInTeam` — any entry there (in `staff.hasPlayedInLeague.season` /
 * `staff.hasPlayedInTeam.season` when given; `staff.never…` negates). `role` matches the role
 * case-insensitively. Sorts `team` (team name) and `count`; default `-count` (not shown). Entries of
 * leagues and seasons outside the key are not counted.
 */
export const staffStatsTeams: ListOp<{ teamId: number; count: number }> = {
  kind: 'list',
  path: '/staff-stats/teams',
  category: 'staff-stats',
  summary: 'Count of staff entries per team',
  from: 'staff_stats ss',
  select: 'ss.teamId AS teamId, COUNT(*) AS count',
  groupBy: 'ss.teamId',
  scope: (ctx) => ({ where: [leagueScope(ctx.sub, 'ss.leagueSlug'), seasonScope(ctx.sub, 'ss.seasonSlug')] }),
  fields: { allowed: ['team', 'count'], objects: ['team'] },
  ...declaredList(STAFF_COUNTS_LIST, {
    sorts: {
      team: { sql: '(SELECT t.name FROM teams t WHERE t.id = ss.teamId) COLLATE NOCASE' },
      count: { sql: 'COUNT(*)' },
    },
    filters: {
      id: intIn('ss.id'),
      'id:gt': intGt('ss.id'),
      status: enumIn('ss.status', STAFF_STATS_STATUSES),
      'status:not': enumIn('ss.status', STAFF_STATS_STATUSES, { not: true }),
      league: leagueIn('ss.leagueSlug'),
      team: intIn('ss.teamId'),
      'team.teamType': (raw, name, ctx) => {
        const p = enumIn('t.teamType', TEAM_TYPES)(raw, name, ctx);
        return { sql: `ss.teamId IN (SELECT t.id FROM teams t WHERE ${p.sql})`, params: p.params };
      },
      season: seasonIn('ss.seasonSlug'),
      'season:not': seasonIn('ss.seasonSlug', { not: true }),
      'season:from': seasonBound('ss.seasonSlug', '>='),
      'season:to': seasonBound('ss.seasonSlug', '<='),
      staff: intIn('ss.staffId'),
      'staff.nationality': (raw, name) => ({
        sql: `ss.staffId IN (SELECT s.id FROM staff s WHERE s.nationalitySlug ${IN})`,
        params: [JSON.stringify(parseSlugList(raw, name))],
      }),
      // The data holds no secondary nationality for staff: nothing matches.
      'staff.secondaryNationality': (raw, name) => {
        parseSlugList(raw, name);
        return { sql: '0', params: [] };
      },
      'staff.playingInLeague': (raw, name) =>
        staffEntries(currently(`o.leagueSlug ${IN}`), [JSON.stringify(parseSlugList(raw, name))]),
      'staff.notPlayingInLeague': (raw, name) =>
        staffEntries(currently(`o.leagueSlug ${IN}`), [JSON.stringify(parseSlugList(raw, name))], true),
      'staff.hasPlayedInLeague': (raw, name, ctx) => {
        const q = seasonQualifier(ctx, 'staff.hasPlayedInLeague.season');
        return staffEntries(`o.leagueSlug ${IN} AND ${q.sql}`, [JSON.stringify(parseSlugList(raw, name)), ...q.params]);
      },
      'staff.neverPlayedInLeague': (raw, name) =>
        staffEntries(`o.leagueSlug ${IN}`, [JSON.stringify(parseSlugList(raw, name))], true),
      'staff.hasPlayedInLeague.season': (raw, name, ctx) =>
        ctx.query.has('staff.hasPlayedInLeague')
          ? { sql: '1', params: [] }
          : staffEntries('o.seasonSlug = ?', [parseSeasonSlug(raw, name)]),
      'staff.hasPlayedInTeam.season': (raw, name, ctx) =>
        ctx.query.has('staff.hasPlayedInTeam')
          ? { sql: '1', params: [] }
          : staffEntries('o.seasonSlug = ?', [parseSeasonSlug(raw, name)]),
      'staff.playingInTeam': (raw, name) =>
        staffEntries(currently(`o.teamId ${IN}`), [JSON.stringify(parseIntList(raw, name))]),
      'staff.notPlayingInTeam': (raw, name) =>
        staffEntries(currently(`o.teamId ${IN}`), [JSON.stringify(parseIntList(raw, name))], true),
      'staff.hasPlayedInTeam': (raw, name, ctx) => {
        const q = seasonQualifier(ctx, 'staff.hasPlayedInTeam.season');
        return staffEntries(`o.teamId ${IN} AND ${q.sql}`, [JSON.stringify(parseIntList(raw, name)), ...q.params]);
      },
      'staff.neverPlayedInTeam': (raw, name) =>
        staffEntries(`o.teamId ${IN}`, [JSON.stringify(parseIntList(raw, name))], true),
      role: (raw, name) => ({
        sql: `lower(ss.role) ${IN}`,
        params: [JSON.stringify(splitList(raw, name).map((r) => r.toLowerCase()))],
      }),
      'updatedAt:min': dateMin('ss.updatedAt'),
    },
    keys: { teamId: 'ss.teamId' },
  }),
  build: (rows, ctx, fields) => {
    const teams = fields.has('team') ? loaderOf(ctx).teams(rows.map((r) => r.teamId)) : new Map();
    return rows.map((r) => ({ team: get(teams, r.teamId), count: Number(r.count) }));
  },
};
