import type { ReadableDB, WritableDB } from '../common/db.ts';
import type { DeriveCalls } from './api.ts';
import { refreshPlayerSeasons } from './leaders/refresh.ts';
import type { FactorCache } from './nhle/cache.ts';
import { refreshPlayerSearch } from './search.ts';

/**
 * The rows the cache derives from what downloads write: the stats browser's (`player_seasons`, with each
 * league-season's scoring and the names' words, leaders/refresh.ts), the players' search rows (search.ts)
 * and the default league factors of NHLe kept in the file (nhle/cache.ts). A download's commits only mark
 * the players whose rows must be derived again (migrations 10 and 18); this write step derives them, once
 * after each download (`prepareLeaders`, which the host calls when a download ends) and at opening, for
 * the marks of a download killed before it ended. A query never derives: its reads are given a
 * ReadableDB (common/db.ts), which cannot write.
 *
 * What a read sees meanwhile: the worker answers one call at a time and the derivation is one call (each
 * kind of row also written in one transaction, for another connection's reads), so a read sees the derived
 * rows whole, as the last derivation left them, never half derived. While a download runs, and until its
 * derivation is done, they are those of the store before
 * the download: a search, a season filter, the leaders and NHLe do not show its new rows yet, while the
 * players list (read from the downloaded rows themselves) does. A query sent while the derivation runs
 * waits for it (the host shows the store as preparing) and sees every row.
 */

/** Whether a download left players to derive again (marked, not yet derived). */
export function derivationWaits(db: ReadableDB): boolean {
  const marked = (table: string) =>
    db.query<{ one: number }>(`SELECT 1 AS one FROM ${table} LIMIT 1`).get() !== undefined;
  return marked('player_seasons_dirty') || marked('player_search_dirty');
}

/** Derives every row that waits, then keeps the default factors of the rows; returns the players derived. */
export function deriveWaiting(db: WritableDB, factors: FactorCache): number {
  const derived = refreshPlayerSeasons(db);
  refreshPlayerSearch(db);
  factors.keepDefault(db);
  return derived;
}

/** The derivation as a call of the store (api.ts). */
export function createDeriveCalls(db: WritableDB, factors: FactorCache): DeriveCalls {
  return { prepareLeaders: () => deriveWaiting(db, factors) };
}
