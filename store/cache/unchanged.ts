import { LRUCache } from 'lru-cache';
import type { ReadableDB } from '../common/db.ts';

/**
 * Values read from the store and kept by key while nothing is written to it. SQLite's `total_changes()`
 * counts every row this connection has written since it opened, so any write (a download's commit, a
 * derive, a scout's pin) drops them all. At most `max` are kept, the least recently used dropped first.
 */
export interface KeptWhileUnchanged<T extends {}> {
  /** The value kept for `key`, or else `read()`'s, then kept. */
  get(key: string, read: () => T): T;
}

/** A {@link KeptWhileUnchanged} over `db`, keeping at most `max` values. */
export function keptWhileUnchanged<T extends {}>(db: ReadableDB, max: number): KeptWhileUnchanged<T> {
  const kept = new LRUCache<string, T>({ max });
  let at = -1;
  return {
    get(key, read) {
      const now = storeChanges(db);
      if (now !== at) {
        kept.clear();
        at = now;
      }
      let value = kept.get(key);
      if (value === undefined) {
        value = read();
        kept.set(key, value);
      }
      return value;
    },
  };
}

/** Rows written on this connection since it opened (SQLite's `total_changes()`). */
export function storeChanges(db: ReadableDB): number {
  return db.query<{ n: number }, []>('SELECT total_changes() AS n').get()?.n ?? 0;
}

/** The key of a query's text and values, for {@link KeptWhileUnchanged}. */
export function queryKey(sql: string, params: readonly (string | number)[]): string {
  return `${sql}\u0000${params.join('\u0000')}`;
}
