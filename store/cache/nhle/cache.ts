import { FACTOR_MIN_GP, type FactorQuery, type LeagueFactors, type PinnedFactor } from '../../../shared/domain/nhle.ts';
import type { ReadableDB, WritableDB } from '../../common/db.ts';
import { storeChanges } from '../unchanged.ts';
import { computeFactors, withPins } from './factors.ts';

/**
 * The league factors of the store, computed once per query and store state: a download (or any write to
 * the rows they read) makes them stale, and they are computed again on next use. The default query's are
 * also kept in the file (`nhle_computed`) by the step that derives the rows after a download
 * ({@link FactorCache.keepDefault}, cache/derive.ts), so a new start reads them instead of computing them;
 * a query never writes them. The factors NHLe uses (the default query's, with the scout's pins) are held in
 * the connection's temporary table `nhle_factors`, for the stats browser's SQL: it hides the file's table
 * of that name (migration 9, no longer written), and lives in this connection alone, so a query that
 * applies the scout's pins writes nothing to the file.
 */
export interface FactorCache {
  /** The factors of `q` with `pins` applied. */
  factors(q: FactorQuery, pins: readonly PinnedFactor[]): LeagueFactors;
  /**
   * Makes the temporary `nhle_factors` hold the factor NHLe uses for every league (the default query's:
   * min {@link FACTOR_MIN_GP} GP, every season; a pin wins), and returns them by league.
   */
  applied(pins: readonly PinnedFactor[]): Map<string, number>;
  /** A number that changes whenever the rows the factors read have changed (for caches built on them). */
  generation(): number;
  /**
   * Keeps the default factors of the rows as they are in the file (`nhle_computed`), computing them when
   * they are not kept yet: the write step after the rows are derived (a store that cannot be written
   * computes them again at its next start).
   */
  keepDefault(db: WritableDB): void;
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
function keptDefault(db: ReadableDB): LeagueFactors | null {
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
function keepComputed(db: WritableDB, f: LeagueFactors): void {
  try {
    db.query<never, [string, string]>(
      'INSERT INTO nhle_computed (query, factors) VALUES (?, ?) ON CONFLICT (query) DO UPDATE SET factors = excluded.factors',
    ).run(KEPT_DEFAULT, JSON.stringify(f));
  } catch {
    // Only a start's time is lost.
  }
}

/** The temporary table of the factors NHLe uses: the shape of the file's (migration 9). */
const APPLIED_TABLE =
  'CREATE TEMP TABLE IF NOT EXISTS nhle_factors (leagueSlug TEXT PRIMARY KEY, factor REAL NOT NULL, pinned INTEGER NOT NULL) WITHOUT ROWID';

/**
 * The factor cache over `db`. Makes the temporary `nhle_factors` at once, so every statement prepared
 * after (the leaders', the comparables') reads it rather than the file's table.
 */
export function createFactorCache(db: ReadableDB): FactorCache {
  db.temp(APPLIED_TABLE).run();
  const computed = new Map<string, LeagueFactors>();
  let stamp = -1;
  let written: string | null = null;
  let generation = 0;
  const changes = () => storeChanges(db);
  /** Forgets every computation when anything was written since. */
  const fresh = () => {
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
    const f = (key === DEFAULT_KEY ? keptDefault(db) : null) ?? computeFactors(db, q);
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
        // Written again whole at the next call should this one stop midway.
        written = null;
        db.temp('DELETE FROM temp.nhle_factors').run();
        const put = db.temp<[string, number, number]>(
          'INSERT INTO temp.nhle_factors (leagueSlug, factor, pinned) VALUES (?, ?, ?)',
        );
        for (const r of rows) put.run(...r);
        written = text;
        // Its own rows are no change of the rows the factors read.
        stamp = changes();
      }
      return map;
    },
    keepDefault(w) {
      fresh();
      if (keptDefault(db) !== null) return;
      keepComputed(w, plain(DEFAULT_FACTOR_QUERY));
      // Keeping them is no change of the rows they read.
      stamp = changes();
    },
  };
}
