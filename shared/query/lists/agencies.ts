import { ORG_CATALOG } from '../../columns/index.ts';
import type { ListDefinition } from './definition.ts';
import { ID_ABOVE, IDS, SLUGS, TEXT, UPDATED_MIN } from './kinds.ts';

/**
 * The Agency list (spec, "Agency operations", `GET /agencies`): its filters in the spec's order, and `q`, a
 * search by name; by name unless asked, ties by id. The local service answers it
 * (service/ops/agency/agencies.ts); the Agencies view filters it by search, country and verified.
 */
const AGENCY_FILTER_DEFINITIONS = {
  id: IDS,
  'id:gt': ID_ABOVE,
  name: TEXT,
  q: { ...TEXT, ui: { control: 'search', label: 'Search by name', placeholder: 'e.g. Sports Management' } },
  country: { ...SLUGS, ui: { control: 'select', label: 'Country', anyLabel: 'All countries' } },
  verified: {
    kind: 'choice',
    values: ['true', 'false'],
    ui: { control: 'select', label: 'Verified', labels: { true: 'Verified', false: 'Not verified' } },
  },
  'updatedAt:min': UPDATED_MIN,
} as const;

const AGENCY_SORT_KEYS = ['id', 'name', 'country', 'updatedAt'] as const;

/** The Agency list, declared once. */
export const AGENCIES_LIST: ListDefinition<typeof AGENCY_FILTER_DEFINITIONS, (typeof AGENCY_SORT_KEYS)[number]> = {
  id: 'agencies',
  filters: AGENCY_FILTER_DEFINITIONS,
  sorts: AGENCY_SORT_KEYS,
  defaultSort: 'name',
  tieBreak: ['id'],
  rowKey: 'id',
  columns: ORG_CATALOG.agencies.columns,
  exported: ORG_CATALOG.agencies.columns,
};
