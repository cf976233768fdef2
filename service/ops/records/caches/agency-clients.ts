import type { DatabaseSync } from 'node:sqlite';
import type { Statements } from '../../../query/statements.ts';

const cache = new WeakMap<DatabaseSync, Map<number, number>>();

/**
 * `numberOfClients` of every agency: players per `agencyId`. `players.agencyId` has no index, so the
 * counts are computed in one pass on first use and kept for the life of the (read-only) connection,
 * rather than scanning players on every request that embeds an agency.
 */
export function agencyClientCounts(db: DatabaseSync, stmts: Statements): Map<number, number> {
  let m = cache.get(db);
  if (!m) {
    const rows = stmts
      .get('SELECT agencyId AS k, COUNT(*) AS n FROM players WHERE agencyId IS NOT NULL GROUP BY agencyId')
      .all() as { k: number; n: number }[];
    m = new Map(rows.map((r) => [Number(r.k), Number(r.n)]));
    cache.set(db, m);
  }
  return m;
}
