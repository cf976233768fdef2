import type { Migration } from './types.ts';

/**
 * NHL equivalency (store/nhle/): each league's factor into the NHL as NHLe last used it (the scout's pin,
 * else the one computed from the moves in the store; rewritten whenever either changes), so the stats
 * browser sorts by NHLe in SQL; and an index of the skater lines by draft age, where comparable players are
 * looked for.
 */
export const migration: Migration = {
  version: 8,
  name: 'league factors for NHLe',
  sql: `
CREATE TABLE nhle_factors (leagueSlug TEXT PRIMARY KEY, factor REAL NOT NULL, pinned INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX player_seasons_draft_age ON player_seasons (goalieLine, draftAge, regularStats_GP);
`,
};
