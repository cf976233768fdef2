import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * A cache of prepared statements keyed by SQL text. Filters and sorts combine into a bounded set of
 * SQL strings; the cache keeps the most recent `max` of them.
 */
export class Statements {
  private readonly db: DatabaseSync;
  private readonly cache = new Map<string, StatementSync>();
  private readonly max: number;
  constructor(db: DatabaseSync, max = 1000) {
    this.db = db;
    this.max = max;
  }
  /** The prepared statement for `sql` (prepared once). */
  get(sql: string): StatementSync {
    let s = this.cache.get(sql);
    if (s) {
      this.cache.delete(sql);
      this.cache.set(sql, s);
      return s;
    }
    s = this.db.prepare(sql);
    this.cache.set(sql, s);
    if (this.cache.size > this.max) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return s;
  }
}
