import {
  BOARD_DEFAULT_COLUMN_IDS,
  BOARD_FACT_COLUMNS,
  type ColumnSpec,
  columnValue,
  formatValue,
} from '../../../shared/columns/index.ts';
import type { BoardRowFacts } from '../../../shared/domain/board-facts.ts';
import { PROJECTION_ORDER } from '../../../shared/domain/report-areas.ts';
import type { BoardItem } from './boardModel.ts';

/**
 * The pure parts of a board's columns (shared/columns/boards.ts): which the scout chose (the URL's `cols`,
 * ids in the catalog's order; absent: the defaults; `none`: none), the view's sort (`bsort`: an id, `-` in
 * front for descending) and the rows sorted by it within each tier. The sort only orders what is shown:
 * the entries, their tiers and the saved order are never touched here.
 */

/** A sort of the board's rows within each tier by one column. */
export interface BoardSort {
  id: string;
  desc: boolean;
}

/** The chosen columns of a `cols` value, in the catalog's order. */
export function chosenColumns(param: string | null): ColumnSpec[] {
  if (param === 'none') return [];
  const ids = param === null ? BOARD_DEFAULT_COLUMN_IDS : param.split(',');
  return BOARD_FACT_COLUMNS.filter((c) => ids.includes(c.id));
}

/** The `cols` value of chosen ids: null for the defaults, `none` for none. */
export function colsParam(ids: readonly string[]): string | null {
  const ordered = BOARD_FACT_COLUMNS.filter((c) => ids.includes(c.id)).map((c) => c.id);
  if (ordered.length === 0) return 'none';
  return ordered.join(',') === BOARD_DEFAULT_COLUMN_IDS.join(',') ? null : ordered.join(',');
}

/** The sort of a `bsort` value, or null (none, or a column the catalog lacks). */
export function parseBoardSort(param: string | null): BoardSort | null {
  if (!param) return null;
  const desc = param.startsWith('-');
  const id = desc ? param.slice(1) : param;
  return BOARD_FACT_COLUMNS.some((c) => c.id === id) ? { id, desc } : null;
}

/** The `bsort` value of a sort (null: none). */
export const sortParam = (s: BoardSort | null): string | null => (s === null ? null : `${s.desc ? '-' : ''}${s.id}`);

/** A row's value in a column: null where the row has no facts. */
export const factValue = (c: ColumnSpec, facts: BoardRowFacts | undefined): unknown =>
  facts === undefined ? null : columnValue(c, facts);

/** A row's cell as the board shows it and its export writes it (`—` where missing). */
export const factText = (c: ColumnSpec, facts: BoardRowFacts | undefined): string =>
  formatValue(c, factValue(c, facts));

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The catalog's column of an id. */
export const columnOf = (id: string): ColumnSpec | undefined => BOARD_FACT_COLUMNS.find((c) => c.id === id);

/** What a row sorts by: numbers as numbers, a projection by its rank among roles, text as read. */
export function factSortKey(c: ColumnSpec, facts: BoardRowFacts | undefined): number | string | null {
  if (facts === undefined) return null;
  if (c.id === 'projection') return facts.projection === null ? null : PROJECTION_ORDER.indexOf(facts.projection);
  const v = columnValue(c, facts);
  return typeof v === 'number' || typeof v === 'string' ? v : null;
}

/**
 * The board's items with each tier's players (and the no-interest group's) ordered by `sort` on `column`,
 * missing values last either way and ties in the saved order; headers stay where they are. Without a sort,
 * the items as they are.
 */
export function sortedWithinTiers(
  items: readonly BoardItem[],
  rows: Readonly<Record<string, BoardRowFacts>>,
  sort: BoardSort | null,
): readonly BoardItem[] {
  const column = sort === null ? undefined : columnOf(sort.id);
  if (sort === null || column === undefined) return items;
  const out: BoardItem[] = [];
  let run: { it: BoardItem; at: number; key: number | string | null }[] = [];
  const flush = () => {
    run.sort((a, b) => {
      if (a.key === b.key) return a.at - b.at;
      if (a.key === null) return 1;
      if (b.key === null) return -1;
      const c = typeof a.key === 'string' ? collator.compare(a.key, String(b.key)) : a.key - (b.key as number);
      return (sort.desc ? -c : c) || a.at - b.at;
    });
    out.push(...run.map((r) => r.it));
    run = [];
  };
  items.forEach((it, at) => {
    if (it.kind !== 'player') {
      flush();
      out.push(it);
    } else run.push({ it, at, key: factSortKey(column, rows[it.id]) });
  });
  flush();
  return out;
}

/** The width of a column on the board, so the rows' cells line up under its header. */
const WIDTHS: Readonly<Record<string, string>> = {
  position: '2.3rem',
  team: '7.2rem',
  league: '3rem',
  season: '5.2rem',
  draftAge: '2.8rem',
  GP: '2.3rem',
  G: '2.3rem',
  A: '2.3rem',
  PTS: '2.4rem',
  projection: '6.2rem',
  viewings: '3.7rem',
  meanGrade: '2.7rem',
  daysSinceSeen: '3.1rem',
};

/** The `grid-template-columns` part of the chosen columns. */
export const factTracks = (columns: readonly ColumnSpec[]): string =>
  columns.map((c) => WIDTHS[c.id] ?? '3.2rem').join(' ');
