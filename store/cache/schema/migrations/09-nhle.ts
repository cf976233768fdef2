import type { Migration } from '../../../common/migration.ts';

/**
 * NHL equivalency (store/cache/nhle/): each league's factor into the NHL as NHLe last used it (the scout's pin,
 * else the one computed from the moves in the store; rewritten whenever either changes), so the stats
 * browser sorts by NHLe in SQL; and an index of the skater lines by draft age that holds all the
 * comparables' search reads.
 */
export const migration: Migration = {
  version: 9,
  name: 'league factors for NHLe',
  sql: `
CREATE TABLE nhle_factors (leagueSlug TEXT PRIMARY KEY, factor REAL NOT NULL, pinned INTEGER NOT NULL) WITHOUT ROWID;
-- Covering the comparables' candidates (store/cache/nhle/comparables.ts): read from the index alone.
CREATE INDEX player_seasons_comparables ON player_seasons (goalieLine, draftAge, regularStats_GP, posMask, leagueSlug, regularStats_PTS, playerId);
`,
};
