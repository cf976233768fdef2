import { CATALOG, columnsForEndpoint } from './catalog.ts';
import { defuseFormula } from './formula.ts';
import { LEADER_COLUMNS } from './leaders.ts';
import { LIST_ENTRY_COLUMNS } from './lists.ts';
import { PLAYER_EXPORT_COLUMNS } from './players.ts';
import { TEAM_HISTORY_COLUMNS } from './team-history.ts';
import type { ColumnSpec, FormatKind } from './types.ts';

/**
 * The catalog's columns by the header text they show (their `abbr` and their `label`), for tables the page
 * computes itself (a chart's table, `exportRows`), whose columns are headers only: a header the catalog
 * wrote is trusted text, and a numeric one brings its number format.
 */

/** Every column of the catalog: each endpoint's, the stats browser's, the players list's, the lists', a team history's. */
export const ALL_CATALOG_COLUMNS: readonly ColumnSpec[] = [
  ...Object.values(CATALOG).flatMap((r) => columnsForEndpoint(r.endpoint)),
  ...LEADER_COLUMNS,
  ...PLAYER_EXPORT_COLUMNS,
  ...LIST_ENTRY_COLUMNS,
  ...TEAM_HISTORY_COLUMNS,
];

const BY_HEADER = new Map<string, ColumnSpec[]>();
for (const c of ALL_CATALOG_COLUMNS)
  for (const h of new Set([c.abbr, c.label])) {
    const list = BY_HEADER.get(h);
    if (list) list.push(c);
    else BY_HEADER.set(h, [c]);
  }

/** Whether `header` is a catalog column's own text, its `abbr` or its `label` (`+/-`, `GP`, `Draft age`). */
export function isCatalogHeader(header: string): boolean {
  return BY_HEADER.has(header);
}

/**
 * A header as a file or the clipboard carries it: the catalog's own text as written (`+/-`), any other
 * (a team's or a player's name from the data) as data, escaped when it starts like a formula
 * (shared/columns/formula.ts).
 */
export function headerCell(header: string): string {
  return isCatalogHeader(header) ? header : defuseFormula(header);
}

/**
 * The number format of the catalog's columns headed `header` (`SV%` → `svp`, `GP` → `int`), when every
 * such column is numeric and they agree; null for a header the catalog does not write, a text column, or
 * a header two formats share.
 */
export function catalogFormatOf(header: string): FormatKind | null {
  const columns = BY_HEADER.get(header) ?? [];
  const first = columns[0];
  if (!first?.numeric) return null;
  return columns.every((c) => c.numeric && c.format === first.format) ? first.format : null;
}
