import type { EndpointName } from '../contract/endpoints.ts';

/**
 * The shapes of the column catalog (DESIGN.md, "Server-driven tables"): per resource, each column once,
 * with its field path, label, abbreviation, unit, better direction, number format, sort key and the
 * `fields` value it needs. The data table, the `fields` parameter, exports and chart axes all read it.
 */

/** Units of column values (`fraction of shots`: SV% as 0..1). */
export type ColumnUnit =
  | 'minutes'
  | 'goals per 60 minutes'
  | 'fraction of shots'
  | 'games'
  | 'goals'
  | 'shots'
  | 'points'
  | 'year'
  | 'views'
  | 'rating'
  | 'years'
  | 'cm'
  | 'kg'
  | 'players';

/** How a value is shown. */
export type FormatKind =
  /** Plain text; null → `—`. */
  | 'text'
  /** Whole number with thousands separators: `1,234`. */
  | 'int'
  /** Whole number with a sign: `+12`, `-3`, `0` (goal differential). */
  | 'signed'
  /** Save percentage, a fraction 0..1 shown with three decimals and no leading zero: `.915`, `1.000`. */
  | 'svp'
  /** Goals against average, two decimals: `2.45`. */
  | 'gaa'
  /** A rate per game to two decimals: `1.53` (PTS/GP). */
  | 'rate'
  /** Time on ice in minutes, whole, with thousands separators: `3,412`. */
  | 'toi'
  /** An ISO 8601 date-time shown as its date: `2026-11-21`. */
  | 'date'
  /** A number to one decimal: `27.4` (an average age or height). */
  | 'decimal1'
  /** A Country reference (spec "Country") as its name with its code: `Canada (CAN)` ({@link countryText}). */
  | 'country';

/** One column of a resource. */
export interface ColumnSpec {
  /** Unique within its resource; stable (URLs, exports and tests name it). */
  id: string;
  /** Dotted path into the record: `regularStats.SVP`, `league.name`. */
  field: string;
  /** Short label for headers without an abbreviation convention: `Team`, `Country`. */
  label: string;
  /** The header as hockey people write it: `GP`, `SV%`, `GAA`. */
  abbr: string;
  /** The full name, for tooltips and screen readers: `Save percentage`. */
  title: string;
  /** Unit of the value, when it has one. */
  unit?: ColumnUnit;
  format: FormatKind;
  /** Numbers are right-aligned with tabular digits. */
  numeric: boolean;
  /** The service's sort key for this column (spec's sort list of the endpoint); absent: not sortable. */
  sortKey?: string;
  /**
   * Which direction of the value is better for the team or goalie: `higher` (W, SV%, PTS), `lower`
   * (GA, GAA, L, OTL), or undefined when neither is (GP, SA, text). Drives the first-click sort (best
   * first) and chart colouring.
   */
  better?: 'higher' | 'lower';
  /**
   * Whether the first header click sorts descending: best first for stats ({@link better}), `higher`
   * and neutral counts descending, `lower` ascending; text ascending.
   */
  sortDescFirst: boolean;
  /** The `fields` value the column needs. */
  fields: string;
  /**
   * The value when it is not one field of the record but computed from it (a game's result from its
   * scores, an agency's agents joined); default: the value at {@link field}. Pure; the table, copy, the
   * empty-column rule and exports all read it (columns/format.ts, `columnValue`).
   */
  value?: (record: unknown) => unknown;
  /**
   * Optional column: hidden when no row of the page has a value in it (MHR on data without ratings,
   * shots against in seasons before shots were counted), unless the table is sorted by it. Sorting
   * puts nulls last both ways, so a page without values means the later pages have none either.
   */
  hideWhenEmpty?: boolean;
  /**
   * Shown even when it holds one value on every row of the page (columns/visibility.ts,
   * `sameValueColumns`): the column is what its table is for, so one value there is the finding, not
   * noise — the count of a count-per-team table (every team 1 entry), the opponent of a game log (a
   * playoff series), a game's result (a streak). Without it, such a table would lose its point to a note.
   */
  keepWhenSame?: boolean;
  /**
   * The value is the row's place in the order shown, 1-based across pages (a league-wide rank), not a
   * field of the record: the table and exports number the rows themselves.
   */
  rowNumber?: boolean;
}

/** A resource's table: the endpoint it lists and its columns. */
export interface ResourceCatalog {
  endpoint: EndpointName;
  columns: readonly ColumnSpec[];
  /** Whether the endpoint takes a `fields` parameter (spec lists allowed values for it). */
  acceptsFields: boolean;
  /** Fields always requested beside the columns' own (ids for links, names for headers). */
  baseFields: readonly string[];
  defaultSort: readonly string[];
}
