import type { ColumnSpec } from '../../columns/types.ts';

/**
 * One list, declared once (DESIGN.md, "Where the next capabilities live"): its filters with their kinds and
 * bounds, its sort keys, tie-break and defaults, its columns and what an export of it holds. The planners
 * that answer it (the local service's, service/query/; the store's, store/cache/) read their parameter
 * checks, allow-lists and defaults from it and add only their SQL source; the renderer's filter bar draws
 * its controls from it; the export takes its columns from it. A new list is a definition plus its SQL.
 */

/** Free text (a search, a name): at most `maxLength` characters. Parsed as the text. */
export interface TextKind {
  kind: 'text';
  maxLength: number;
}

/** One value of a closed set (`L`, `R`). Parsed as the value. */
export interface ChoiceKind {
  kind: 'choice';
  values: readonly string[];
}

/**
 * Comma-separated items (trimmed, blanks dropped), each matching `item`, described by `what` in the error
 * (`a league slug`). `values`, when the items are a closed set: the set. `alone`: an item that may only be
 * given by itself (goalies' `G` among skater positions), with the error's sentence. Parsed as the items.
 */
export interface ListKind {
  kind: 'list';
  maxLength: number;
  item: RegExp;
  what: string;
  values?: readonly string[];
  alone?: { value: string; message: string };
}

/**
 * A whole number written in digits, `min` (0 or 1) to `max`. `what`: what it is, when it is an id rather
 * than a count (`an agency id (a whole number from 1)`), said in both of its errors. Parsed as the number.
 */
export interface WholeKind {
  kind: 'whole';
  min: 0 | 1;
  max: number;
  what?: string;
}

/** A measure (cm, kg): digits with at most one decimal, 0 to `max`. Parsed as the number. */
export interface MeasureKind {
  kind: 'measure';
  max: number;
}

/** A season slug (`1992-1993`). Parsed as the slug. */
export interface SeasonKind {
  kind: 'season';
}

/** An ISO 8601 date-time (`2024-01-31T00:00:00Z`), as `updatedAt:min` takes it. Parsed as the text. */
export interface DateTimeKind {
  kind: 'dateTime';
}

/** What a filter's value is, and its bounds. */
export type FilterKind = TextKind | ChoiceKind | ListKind | WholeKind | MeasureKind | SeasonKind | DateTimeKind;

/**
 * How the renderer's filter bar shows a filter: a select (its options from the kind's closed set with
 * `labels`, or given by the view under the filter's name), one box of a min–max range (`range` names the
 * pair, as `age` of `age:min` and `age:max`), or the search box. Absent: the bar shows no control for it
 * (a parameter set elsewhere: a switch, a link).
 */
export type FilterControl =
  | { control: 'select'; label: string; anyLabel?: string; labels?: Readonly<Record<string, string>> }
  | { control: 'range'; label: string; range: string; unit?: string }
  | { control: 'search'; label: string; placeholder: string };

/** One filter parameter: its kind and bounds, and how the filter bar shows it. */
export type FilterDefinition = FilterKind & { ui?: FilterControl };

/** Filters by parameter name, in the order the filter bar shows them. */
export type FilterDefinitions = Readonly<Record<string, FilterDefinition>>;

/**
 * A list: `id` (its name in tests and messages), its filters, its sort keys (the `sort` parameter's
 * allow-list, without `-`), the sort when the query names none (`defaultSort`, and per named case
 * `defaultSorts`, as goalies' `-W`), the tie-break (sort keys and the row's unique key, always ascending,
 * ending in `rowKey`: pages are stable), the columns a table of it shows and the columns an export of it
 * may hold.
 */
export interface ListDefinition<F extends FilterDefinitions = FilterDefinitions, S extends string = string> {
  id: string;
  filters: F;
  sorts: readonly S[];
  defaultSort: string;
  defaultSorts?: Readonly<Record<string, string>>;
  tieBreak: readonly string[];
  rowKey: string;
  columns: readonly ColumnSpec[];
  exported: readonly ColumnSpec[];
}

/** The filter parameter names of a definition, in its order. */
export function filterNames<F extends FilterDefinitions>(def: ListDefinition<F>): (keyof F & string)[] {
  return Object.keys(def.filters) as (keyof F & string)[];
}

/** The sort keys of a definition's columns (each column's `sortKey`), in column order. */
export function columnSortKeys(columns: readonly ColumnSpec[]): string[] {
  return columns.flatMap((c) => (c.sortKey ? [c.sortKey] : []));
}

/**
 * The SQL expression of each sort key of a definition, given by the planner that answers it: the type asks
 * for every key the definition names and no other, so a key added to the definition without its SQL (or the
 * other way round) does not compile.
 */
export type SortSql<S extends string, C> = Readonly<Record<S, C>>;

/**
 * The tie-break's ORDER BY terms (`ps.regularStats_GP ASC, ps.name ASC, ps.id ASC`): each tie-break key's
 * SQL as `sqlOf` gives it, ascending. Throws when `sqlOf` has none for a key (a programming error).
 */
export function tieBreakSql(def: Pick<ListDefinition, 'tieBreak'>, sqlOf: (key: string) => string | undefined): string {
  return def.tieBreak
    .map((key) => {
      const sql = sqlOf(key);
      if (sql === undefined) throw new Error(`tie-break key ${JSON.stringify(key)} has no SQL`);
      return `${sql} ASC`;
    })
    .join(', ');
}
