import { ORG_CATALOG } from '../../columns/index.ts';
import { STAFF_STATS_STATUSES, TEAM_TYPES } from '../../contract/spec.ts';
import type { ListDefinition } from './definition.ts';
import { closedSelect, enumList, ID_ABOVE, IDS, SEASONS, SLUGS, UPDATED_MIN } from './kinds.ts';

/**
 * The staff counts by team (spec, "Staff statistics operations", `GET /staff-stats/teams`): every parameter
 * of the spec's table; the most entries first unless asked, ties by the team's id (one row a team). The
 * local service answers it (service/ops/staff-stats/staff-stats-teams.ts); the Coaching staff view filters
 * it by league, season (of the league chosen), role and status.
 */
const STATUS = enumList(STAFF_STATS_STATUSES, 'a staff status');
const SEASON = { kind: 'season' } as const;

const STAFF_COUNT_FILTER_DEFINITIONS = {
  // The bar's four first, in its order.
  league: { ...SLUGS, ui: { control: 'select', label: 'League', anyLabel: 'All leagues' } },
  season: { ...SEASONS, ui: { control: 'select', label: 'Season', anyLabel: 'All seasons' } },
  // Roles are free text to the service (matched without case); the view offers the coaching roles.
  role: {
    kind: 'list',
    maxLength: 2000,
    item: /^[A-Za-z][A-Za-z .'-]{0,99}$/,
    what: 'a role such as Head Coach',
    ui: { control: 'select', label: 'Role', anyLabel: 'All roles' },
  },
  status: closedSelect(STAFF_STATS_STATUSES, 'a staff status', 'Status', {
    rostered: 'Rostered',
    'not-active-on-team': 'Not active on team',
    'not-active': 'Not active',
  }),
  id: IDS,
  'id:gt': ID_ABOVE,
  'status:not': STATUS,
  team: IDS,
  'team.teamType': enumList(TEAM_TYPES, 'a team type'),
  'season:not': SEASONS,
  'season:from': SEASON,
  'season:to': SEASON,
  staff: IDS,
  'staff.nationality': SLUGS,
  'staff.secondaryNationality': SLUGS,
  'staff.playingInLeague': SLUGS,
  'staff.notPlayingInLeague': SLUGS,
  'staff.hasPlayedInLeague': SLUGS,
  'staff.neverPlayedInLeague': SLUGS,
  'staff.hasPlayedInLeague.season': SEASON,
  'staff.hasPlayedInTeam.season': SEASON,
  'staff.playingInTeam': IDS,
  'staff.notPlayingInTeam': IDS,
  'staff.hasPlayedInTeam': IDS,
  'staff.neverPlayedInTeam': IDS,
  'updatedAt:min': UPDATED_MIN,
} as const;

const STAFF_COUNT_SORT_KEYS = ['team', 'count'] as const;

/** The staff counts by team, declared once. */
export const STAFF_COUNTS_LIST: ListDefinition<
  typeof STAFF_COUNT_FILTER_DEFINITIONS,
  (typeof STAFF_COUNT_SORT_KEYS)[number]
> = {
  id: 'staffCounts',
  filters: STAFF_COUNT_FILTER_DEFINITIONS,
  sorts: STAFF_COUNT_SORT_KEYS,
  defaultSort: '-count',
  tieBreak: ['teamId'],
  rowKey: 'teamId',
  columns: ORG_CATALOG.staffCounts.columns,
  exported: ORG_CATALOG.staffCounts.columns,
};
