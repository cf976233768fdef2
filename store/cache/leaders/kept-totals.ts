import type { ReadableDB } from '../../common/db.ts';
import { queryKey, storeChanges } from '../unchanged.ts';

/**
 * Totals over the range (one row per player), grouped once per filter set and kept in a temporary table
 * while nothing is written to the store. Grouping reads every player-season the filters select (seconds
 * over many leagues); a sort or a page of the same totals then orders the kept rows instead of grouping
 * them again. Temporary tables live in this connection alone and are never written to the file; creating
 * one is not a change `total_changes()` counts, so values kept elsewhere (unchanged.ts) stay valid. Any
 * write to the store drops them all.
 */
export interface KeptTotals {
  /**
   * The name of a temporary table holding the rows of `groupSql` (a SELECT with one row per `playerId`)
   * run with `params`, indexed by `playerId`: the one kept for that text and those values, or a new one.
   * Names are never reused, so a name in a query text always means the same rows.
   */
  table(groupSql: string, params: readonly (string | number)[]): string;
}

/** Numbers the tables of every {@link keptTotals} of this process: two on one connection never share a name. */
let serial = 0;

/** Keeps at most `max` tables (the scout's latest totals), the least recently used dropped first. */
export function keptTotals(db: ReadableDB, max = 2): KeptTotals {
  const tables = new Map<string, string>();
  let at = -1;
  const drop = (name: string) => db.temp(`DROP TABLE IF EXISTS temp.${name}`).run();
  return {
    table(groupSql, params) {
      const now = storeChanges(db);
      if (now !== at) {
        for (const name of tables.values()) drop(name);
        tables.clear();
        at = now;
      }
      const key = queryKey(groupSql, params);
      const kept = tables.get(key);
      if (kept !== undefined) {
        // Most recently used last.
        tables.delete(key);
        tables.set(key, kept);
        return kept;
      }
      const name = `leaders_totals_${++serial}`;
      db.temp(`CREATE TEMP TABLE ${name} AS ${groupSql}`).run(...params);
      db.temp(`CREATE INDEX temp.${name}_player ON ${name} (playerId)`).run();
      tables.set(key, name);
      for (const [k, old] of tables) {
        if (tables.size <= max) break;
        drop(old);
        tables.delete(k);
      }
      return name;
    },
  };
}
