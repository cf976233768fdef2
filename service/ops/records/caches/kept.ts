import type { DatabaseSync } from 'node:sqlite';
import { LRUCache } from 'lru-cache';
import type { RequestContext } from '../../../query/types.ts';

/**
 * Per-connection caches of built parts of records that are the same on every request: the service's
 * database is opened read-only, so a player's latest games or a team-season's coaches never change
 * while it is served. Bounded (LRU) so memory stays sane on the `large` database; started over when
 * the date (UTC) changes, since records that embed people carry their `age`.
 */
const caches = new WeakMap<DatabaseSync, { date: string; byKind: Map<string, KeptCache> }>();

/** Values are boxed: lru-cache holds no null or undefined, and a kept value may be null. */
type KeptCache = LRUCache<string, { value: unknown }>;

/**
 * Values kept per kind (all link contexts together). A kept record holds its encoded JSON too: a
 * goaltending-leaders record with its player, team and coaches is large, so the count per kind is bounded.
 * Small values (names) are kept by the many.
 */
const maxOf = (small: boolean) => (small ? 50_000 : 2_000);

function cacheOf(db: DatabaseSync, kind: string, small: boolean): KeptCache {
  const date = new Date().toISOString().slice(0, 10);
  let c = caches.get(db);
  if (!c || c.date !== date) {
    c = { date, byKind: new Map() };
    caches.set(db, c);
  }
  let lru = c.byKind.get(kind);
  if (!lru) {
    lru = new LRUCache({ max: maxOf(small) });
    c.byKind.set(kind, lru);
  }
  return lru;
}

/**
 * The kept values of `kind` for `keys`, building the missing ones with one call of `build` (which
 * returns a value for every key it is given). Values that embed links (records) are kept per link
 * context: the caller's origin and query `apiKey` are part of the cache key, so a value is never
 * served to a caller with another key; `withLinks: false` keeps small values that hold no link
 * (names) once for all callers, many more of them. Returned as a map of just `keys`; never mutate its values.
 */
export function keptMany<K extends string | number, V>(
  ctx: RequestContext,
  kind: string,
  keys: readonly K[],
  build: (missing: K[]) => Map<K, V>,
  withLinks = true,
): Map<K, V> {
  const lru = cacheOf(ctx.db, kind, !withLinks);
  const prefix = withLinks ? `${ctx.links.origin}\n${ctx.links.apiKey ?? ''}\n${kind}:` : `\n\n${kind}:`;
  const out = new Map<K, V>();
  const missing = new Set<K>();
  for (const k of keys) {
    if (out.has(k)) continue;
    const hit = lru.get(prefix + k);
    if (hit) out.set(k, hit.value as V);
    else missing.add(k);
  }
  if (missing.size) {
    const built = build([...missing]);
    for (const k of missing) {
      const v = built.get(k) as V;
      out.set(k, v);
      lru.set(prefix + k, { value: v });
    }
  }
  return out;
}
