import { FACTOR_MIN_GP, type FactorQuery, type LeagueFactors, type PinnedFactor } from '../../../shared/nhle.ts';
import type { Db } from '../../common/db.ts';
import { refreshPlayerSeasons } from '../leaders/refresh.ts';
import { storeChanges } from '../unchanged.ts';
import { computeFactors, withPins } from './factors.ts';

/**
 * The league factors of the store, computed once per query and store state: a sync (or any write to the
 * rows they read) makes them stale, and they are computed again on next use. The default query's are also
 * kept in the file (`nhle_computed`) until the rows are derived again, so a new start reads them instead of
 * computing them. The factors NHLe uses (the default query's, with the scout's pins) are kept in
 * `nhle_factors`, for the stats browser's SQL.
 */
export interface FactorCache {
  /** The factors of `q` with `pins` applied. */
  factors(q: FactorQuery, pins: readonly PinnedFactor[]): LeagueFactors;
  /**
   * Makes `nhle_factors` hold the factor NHLe uses for every league (the default query's: min
   * {@link FACTOR_MIN_GP} GP, every season; a pin wins), and returns them by league.
   */
  applied(pins: readonly PinnedFactor[]): Map<string, number>;
  /** A number that changes whenever the rows the factors read have changed (for caches built on them). */
  generation(): number;
}

/** The default computation: min 20 GP in both leagues, every season pooled. */
export const DEFAULT_FACTOR_QUERY: FactorQuery = { minGP: FACTOR_MIN_GP };

/** A computation's key: its minimum GP and season range. */
const keyOf = (q: FactorQuery) => JSON.stringify([q.minGP, q.seasonFrom ?? null, q.seasonTo ?? null]);

const DEFAULT_KEY = keyOf(DEFAULT_FACTOR_QUERY);

/**
 * The key under which the default computation is kept in `nhle_computed` (migration 13). Its tag names the
 * method: change it whenever computeFactors would give other figures from the same rows (its rule, its
 * bootstrap, its target), so factors kept by an earlier version are computed again.
 */
const KEPT_DEFAULT = `factors-1:${DEFAULT_KEY}`;

/**
 * The default factors as kept from the current rows, with each league's name as the store holds it now (a
 * download may rename a league without changing a row of its stats); null when none is kept or it cannot be
 * read.
 */
function keptDefault(db: Db): LeagueFactors | null {
  const row = db
    .query<{ factors: string }, [string]>('SELECT factors FROM nhle_computed WHERE query = ?')
    .get(KEPT_DEFAULT);
  if (row === undefined) return null;
  let f: LeagueFactors;
  try {
    f = JSON.parse(row.factors) as LeagueFactors;
  } catch {
    return null;
  }
  const name = db.query<{ name: string | null }, [string]>('SELECT name FROM leagues WHERE slug = ?');
  return { ...f, leagues: f.leagues.map((l) => ({ ...l, name: name.get(l.league)?.name ?? l.name })) };
}

/** Keeps the default factors just computed; a store that cannot be written computes them again next start. */
function keepDefault(db: Db, f: LeagueFactors): void {
  try {
    db.query<never, [string, string]>(
      'INSERT INTO nhle_computed (query, factors) VALUES (?, ?) ON CONFLICT (query) DO UPDATE SET factors = excluded.factors',
    ).run(KEPT_DEFAULT, JSON.stringify(f));
  } catch {
    // Only a start's time is lost.
  }
}

export function createFactorCache(db: Db): FactorCache {
  const computed = new Map<string, LeagueFactors>();
  let stamp = -1;
  let written: string | null = null;
  let generation = 0;
  const changes = () => storeChanges(db);
  /** Derives the rows a sync marked, and forgets every computation when anything was written since. */
  const fresh = () => {
    refreshPlayerSeasons(db);
    const at = changes();
    if (at !== stamp) {
      computed.clear();
      written = null;
      stamp = at;
      generation++;
    }
  };
  const plain = (q: FactorQuery): LeagueFactors => {
    const key = keyOf(q);
    const known = computed.get(key);
    if (known !== undefined) return known;
    const isDefault = key === DEFAULT_KEY;
    let f = isDefault ? keptDefault(db) : null;
    if (f === null) {
      f = computeFactors(db, q);
      if (isDefault) {
        keepDefault(db, f);
        // Keeping them is no change of the rows they read.
        stamp = changes();
      }
    }
    computed.set(key, f);
    return f;
  };
  return {
    generation: () => generation,
    factors(q, pins) {
      fresh();
      return withPins(plain(q), pins);
    },
    applied(pins) {
      fresh();
      const f = withPins(plain(DEFAULT_FACTOR_QUERY), pins);
      const map = new Map<string, number>();
      const rows: [string, number, number][] = [];
      for (const l of f.leagues) {
        if (l.factor === null) continue;
        map.set(l.league, l.factor);
        rows.push([l.league, l.factor, l.pinned === null ? 0 : 1]);
      }
      const text = JSON.stringify(rows);
      if (text !== written) {
        db.tx(() => {
          db.exec('DELETE FROM nhle_factors');
          const put = db.query<never, [string, number, number]>(
            'INSERT INTO nhle_factors (leagueSlug, factor, pinned) VALUES (?, ?, ?)',
          );
          for (const r of rows) put.run(...r);
        });
        written = text;
        // Its own write is no change of the rows the factors read.
        stamp = changes();
      }
      return map;
    },
  };
}
