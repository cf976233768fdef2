import { AGENCIES_LIST } from '../../../shared/query/lists/agencies.ts';
import { declaredList } from '../../query/declared.ts';
import { custom, dateMin, intGt, intIn, slugIn, textEq } from '../../query/filters.ts';
import type { ListOp } from '../../query/types.ts';
import { parseBool, parseText } from '../../query/values.ts';
import { loaderOf } from '../records/caches/loader.ts';
import type { AgencyRow } from '../records/shapes/rows.ts';

/**
 * `GET /agencies` (spec, "Agency operations"): player agencies with every field, sort key and filter
 * the spec lists. Filter names (not shown; the spec gives their order): `id` (integer array), `id:gt`,
 * `name` (case-insensitive equality), `country` (slugs, ISO 3166-1 alpha-3), `verified` (`true`/
 * `false`), `updatedAt:min`; and `q`, a case-insensitive substring of the name (the search box a client
 * needs: the spec's "by name" filter is read as equality). Default sort `name` (real-service-notes, "Default sorts seen"); `country`
 * sorts by country slug. Names, sorts and defaults: shared/query/lists/agencies.ts. Agencies belong to no league, so every key with the `agency` category sees all.
 */
export const agencies: ListOp<AgencyRow> = {
  kind: 'list',
  path: '/agencies',
  category: 'agency',
  summary: 'Player agencies with location, contact details and number of clients',
  from: 'agencies a',
  scope: () => ({ where: [] }),
  fields: {
    allowed: [
      'id',
      'name',
      'logoUrl',
      'location',
      'email',
      'country',
      'secondaryCountry',
      'verified',
      'info',
      'numberOfClients',
      'agents',
      'serviceUrlPath',
      'links',
      'updatedAt',
      '_links',
    ],
    objects: ['country', 'secondaryCountry', 'links'],
  },
  ...declaredList(AGENCIES_LIST, {
    sorts: {
      id: { sql: 'a.id' },
      name: { sql: 'a.name COLLATE NOCASE' },
      country: { sql: 'a.countrySlug', nullable: true },
      updatedAt: { sql: 'a.updatedAt' },
    },
    filters: {
      id: intIn('a.id'),
      'id:gt': intGt('a.id'),
      name: textEq('a.name'),
      // Search by name, as `q` searches team names (spec, "Arena operations": "full-text search by name").
      q: custom(parseText, (v) => ({ sql: 'instr(lower(a.name), lower(?)) > 0', params: [v] })),
      country: slugIn('a.countrySlug'),
      verified: custom(parseBool, (v) => ({ sql: 'a.verified = ?', params: [v ? 1 : 0] })),
      'updatedAt:min': dateMin('a.updatedAt'),
    },
  }),
  build: (rows, ctx) => loaderOf(ctx).agenciesFromRows(rows),
};
