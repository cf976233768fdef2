import { CONTINENTS, SEASON_SLUG_RE, SLUG_RE } from '../../contract/spec.ts';

/**
 * Filter kinds several lists declare alike (definition.ts): slugs, ids, names and the closed sets the spec
 * enumerates, each comma-separated up to 2,000 characters as the service reads them.
 */

/** Slugs (league, country), comma-separated. */
export const SLUGS = { kind: 'list', maxLength: 2000, item: SLUG_RE, what: 'a slug' } as const;

/** Integer ids, comma-separated. */
export const IDS = { kind: 'list', maxLength: 2000, item: /^-?\d{1,10}$/, what: 'an integer' } as const;

/** Ids above a whole number (`id:gt`). */
export const ID_ABOVE = { kind: 'whole', min: 0, max: 2 ** 31 - 1 } as const;

/** A name or a search: the service takes 1 to 200 characters. */
export const TEXT = { kind: 'text', maxLength: 200 } as const;

/** Continent codes (`EU`), and `null` for none. */
export const CONTINENT = {
  kind: 'list',
  maxLength: 2000,
  item: /^[A-Za-z]+$/,
  what: 'a continent',
  values: [...CONTINENTS, 'null'],
} as const;

/** `updatedAt:min`. */
export const UPDATED_MIN = { kind: 'dateTime' } as const;

/** One of a closed set of lower-case values (statuses, types), comma-separated; `what` names one in errors. */
export const enumList = <V extends string>(values: readonly V[], what: string) =>
  ({ kind: 'list', maxLength: 2000, item: /^[a-z-]+$/, what, values }) as const;

/** A closed set shown as a select of its labels. */
export const closedSelect = <V extends string>(
  values: readonly V[],
  what: string,
  label: string,
  labels: Record<V, string>,
) => ({ ...enumList(values, what), ui: { control: 'select', label, labels } }) as const;

/** Season slugs (`2023-2024`), comma-separated. */
export const SEASONS = { kind: 'list', maxLength: 2000, item: SEASON_SLUG_RE, what: 'a season slug' } as const;
