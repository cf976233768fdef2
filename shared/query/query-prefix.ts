import { type ListQuery, type ListQueryOptions, listQueryFromSearchParams, listQueryToSearchParams } from './query.ts';

/**
 * The list query of one table among several on a page, held in the page's URL under a prefix:
 * `alumni.sort=-gamesPlayedInLeague&alumni.offset=100&alumni.league=ahl`. Each table's sort, paging and
 * filters are restored by Back and by a link, without touching the page's own parameters (its `season`)
 * or another table's.
 */

/** The name of a table's parameter under its prefix: (`alumni`, `sort`) → `alumni.sort`. */
export function prefixedName(prefix: string, name: string): string {
  return `${prefix}.${name}`;
}

/**
 * Reads the list query of the table under `prefix` from the page's URL parameters. The empty prefix is the
 * page's one table: its parameters carry no prefix.
 */
export function prefixedListQuery(params: URLSearchParams, prefix: string, options: ListQueryOptions): ListQuery {
  if (prefix === '') return listQueryFromSearchParams(params, options);
  const own = new URLSearchParams();
  const head = prefixedName(prefix, '');
  for (const [name, value] of params) if (name.startsWith(head)) own.set(name.slice(head.length), value);
  return listQueryFromSearchParams(own, options);
}

/**
 * Writes the list query of the table under `prefix` into the page's URL parameters: its old parameters
 * are replaced, defaults left out (as the list-query model does), every other parameter kept.
 */
export function withPrefixedListQuery(
  base: URLSearchParams,
  prefix: string,
  query: ListQuery,
  options: ListQueryOptions,
): URLSearchParams {
  if (prefix === '') return listQueryToSearchParams(query, options, base);
  const head = prefixedName(prefix, '');
  const out = new URLSearchParams();
  for (const [name, value] of base) if (!name.startsWith(head)) out.append(name, value);
  for (const [name, value] of listQueryToSearchParams(query, options)) out.set(prefixedName(prefix, name), value);
  out.sort();
  return out;
}
