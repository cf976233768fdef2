import type { Migration } from '../../../common/migration.ts';

/**
 * The league factors NHLe uses by default (store/cache/nhle/cache.ts), kept as computed from the stats browser's
 * rows, so a new start of the app does not compute them again at the scout's first look at the leaders:
 * about two seconds on a store of a million lines. Emptied whenever those rows are derived again
 * (store/cache/leaders/refresh.ts) and with everything downloaded (SYNCED_TABLES).
 * A later migration that rewrites `player_seasons` must empty it too.
 */
export const migration: Migration = {
  version: 13,
  name: 'league factors kept across starts',
  sql: `
CREATE TABLE nhle_computed (query TEXT PRIMARY KEY, factors TEXT NOT NULL) WITHOUT ROWID;
`,
};
