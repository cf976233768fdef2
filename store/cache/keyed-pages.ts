import { LRUCache } from 'lru-cache';
import type { ReadableDB } from '../common/db.ts';
import { keptWhileUnchanged, queryKey } from './unchanged.ts';

/**
 * Pages of a sorted list, read by key where OFFSET would cost more. With OFFSET, SQLite sorts
 * every row up to the page again for each page when no index orders them (paging through n rows, as an export
 * does, then costs about n² / page size), and walks every row before the page when one does. Instead the whole
 * result's keys are sorted once, narrow (one integer a row), and kept while nothing is written to the store
 * (SQLite's total_changes() of the connection); each page then reads its own rows by key
 * (`… WHERE id IN (SELECT value FROM json_each(?))`) and puts them in that order. Near the top of a list an
 * index orders, OFFSET stays: a scout's second page should not wait for every key of a million rows; far
 * down it, a scout's page takes its keys by OFFSET on the keys' SELECT (a walk of the index alone, without
 * the joined rows a page's OFFSET builds and drops for every row it skips). The first page of a list SQLite
 * sorts takes its keys alone the same way (the top of a sort of narrow keys costs less than the top of a
 * sort of whole rows with their joined player). An export, which reads every page, has a sorted list's
 * first page read by its kept keys.
 */
export interface KeyedPages {
  /**
   * How a page at `offset` of `rowsSql` (the page's SELECT, run with `params`) is best read:
   * - `offset`: by OFFSET on that SELECT (near the top of a list an index orders; an export of one page);
   * - `kept`: by its keys out of the whole result's keys, sorted once and kept: past the first page of a list
   *   SQLite sorts (a temp B-tree: OFFSET would sort them all again for every page), and for an export far
   *   down any list;
   * - `walk`: by its keys alone, LIMIT and OFFSET on the keys' SELECT (no joined rows): a scout's first page
   *   of a list SQLite sorts (the top of a sort of narrow keys, not of whole rows), and a scout's page far
   *   down a list an index orders (a walk of the index, cheaper than sorting every key of a large list).
   *
   * `everyPage`: the caller reads every page of the list (an export), `total` rows in all. A list SQLite
   * sorts is then read by key from its first page on, when it has more than one: its keys, sorted once
   * for every page, cost about what the first page alone costs by OFFSET, which would sort the rows once
   * more.
   */
  read(
    rowsSql: string,
    params: readonly (string | number)[],
    offset: number,
    limit: number,
    everyPage?: { total: number },
  ): PageRead;
  /**
   * The keys of rows `offset` to `offset + limit` of `keysSql` (a SELECT of one integer column `k`, in
   * the list's order) run with `params`: out of its whole result, sorted once per query text, values and
   * store state (`kept`), or by OFFSET on it (`walk`).
   */
  slice(
    keysSql: string,
    params: readonly (string | number)[],
    offset: number,
    limit: number,
    read: Exclude<PageRead, 'offset'>,
  ): number[];
}

/** How a page is read (see {@link KeyedPages.read}). */
export type PageRead = 'offset' | 'kept' | 'walk';

/** Pages this far down (in pages) are read by key even where an index orders the rows. */
const FAR_PAGES = 20;

/** Query texts whose plan (sorted or not) is kept: a scout's filters and sorts make a few hundred at most. */
const PLANS_KEPT = 256;

/** Keyed pages over `db`, keeping the keys of the `kept` latest queries (a scout pages a table or two at once). */
export function createKeyedPages(db: ReadableDB, kept = 4): KeyedPages {
  const orders = keptWhileUnchanged<number[]>(db, kept);
  const sorting = new LRUCache<string, boolean>({ max: PLANS_KEPT });
  return {
    read(rowsSql, params, offset, limit, everyPage) {
      if (everyPage !== undefined && offset === 0 && everyPage.total <= limit) return 'offset';
      let sorts = sorting.get(rowsSql);
      if (sorts === undefined) {
        sorts = db
          .query<{ detail: string }>(`EXPLAIN QUERY PLAN ${rowsSql}`)
          .all(...params)
          .some((r) => r.detail.includes('TEMP B-TREE FOR ORDER BY'));
        sorting.set(rowsSql, sorts);
      }
      // A scout's first page of a list SQLite sorts: only its own keys, the top of a sort of narrow keys
      // (the page's SELECT would sort every row whole, with its joined player).
      if (sorts) return offset === 0 && everyPage === undefined ? 'walk' : 'kept';
      if (offset < FAR_PAGES * Math.max(1, limit)) return 'offset';
      return everyPage === undefined ? 'walk' : 'kept';
    },
    slice(keysSql, params, offset, limit, read) {
      if (read === 'walk')
        return db
          .tuples(`${keysSql} LIMIT ? OFFSET ?`)
          .all(...params, limit, offset)
          .map((r) => r[0] as number);
      // Read as arrays: an object per key would cost more than the sort for a million keys.
      const keys = orders.get(queryKey(keysSql, params), () =>
        db
          .tuples(keysSql)
          .all(...params)
          .map((r) => r[0] as number),
      );
      return keys.slice(offset, offset + limit);
    },
  };
}

/** `rows` in the order of `keys` (a row whose key is missing, written meanwhile, is left out). */
export function inKeyOrder<R>(keys: readonly number[], rows: readonly R[], keyOf: (r: R) => number): R[] {
  const byKey = new Map(rows.map((r) => [keyOf(r), r]));
  return keys.flatMap((k) => {
    const r = byKey.get(k);
    return r === undefined ? [] : [r];
  });
}
