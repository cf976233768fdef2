import { LEADER_COLUMNS } from '../../columns/index.ts';
import { SLUG_RE } from '../../contract/spec.ts';
import { DRAFT_STATUS_LABELS, DRAFT_STATUSES } from '../../domain/draft.ts';
import {
  LEADER_DEFAULT_SORT,
  LEADER_MODES,
  LEADER_NHLE_SORTS,
  LEADER_ROW_SORTS,
  LEADER_STAT_SORTS,
} from '../../domain/leaders.ts';
import { STAT_BLOCKS } from '../../domain/offline.ts';
import type { ListDefinition } from './definition.ts';

/**
 * The stats browser's leaders (`offlineLeaders`, shared/domain/leaders.ts): player-seasons (or totals over
 * a range) filtered by league, season, position, nationality, team, draft status and draft age, in a stat
 * block and a mode, with at least `minGP` games. Most points first (goalies: most wins); ties by fewer
 * games, then the name, then the row.
 */

const POSITIONS = ['C', 'LW', 'RW', 'D', 'F', 'G'] as const;

const LEADER_FILTER_DEFINITIONS = {
  league: { kind: 'list', maxLength: 2000, item: SLUG_RE, what: 'a league slug' },
  season: { kind: 'season' },
  'season:min': { kind: 'season' },
  'season:max': { kind: 'season' },
  position: {
    kind: 'list',
    maxLength: 2000,
    item: /^(C|LW|RW|D|F|G)$/,
    what: `one of ${POSITIONS.join(', ')}`,
    values: POSITIONS,
    alone: { value: 'G', message: 'G (goalies) cannot be combined with skater positions' },
    ui: { control: 'select', label: 'Position', anyLabel: 'All skaters' },
  },
  nationality: {
    kind: 'list',
    maxLength: 2000,
    item: /^[a-z]{2,3}$/,
    what: 'a country slug',
    ui: { control: 'select', label: 'Nationality' },
  },
  team: {
    kind: 'whole',
    min: 1,
    max: 2 ** 31 - 1,
    what: 'a team id',
    ui: { control: 'select', label: 'Team', anyLabel: 'Any team' },
  },
  draft: {
    kind: 'choice',
    values: DRAFT_STATUSES,
    ui: { control: 'select', label: 'Draft status', labels: DRAFT_STATUS_LABELS },
  },
  'draftAge:min': { kind: 'whole', min: 0, max: 99, ui: { control: 'range', label: 'Draft age', range: 'draftAge' } },
  'draftAge:max': { kind: 'whole', min: 0, max: 99, ui: { control: 'range', label: 'Draft age', range: 'draftAge' } },
  block: { kind: 'choice', values: STAT_BLOCKS },
  mode: { kind: 'choice', values: LEADER_MODES },
  minGP: { kind: 'whole', min: 0, max: 9999 },
} as const;

/** The leaders list (`offlineLeaders`), declared once. */
export const LEADERS_LIST: ListDefinition<typeof LEADER_FILTER_DEFINITIONS> = {
  id: 'leaders',
  filters: LEADER_FILTER_DEFINITIONS,
  sorts: [...LEADER_STAT_SORTS, ...LEADER_ROW_SORTS, ...LEADER_NHLE_SORTS],
  defaultSort: LEADER_DEFAULT_SORT.skaters,
  defaultSorts: { goalies: LEADER_DEFAULT_SORT.goalies },
  tieBreak: ['GP', 'name', 'id'],
  rowKey: 'id',
  columns: LEADER_COLUMNS,
  exported: LEADER_COLUMNS,
};
