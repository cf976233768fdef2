import type { Migration } from '../../../common/migration.ts';

/**
 * The league factors the scout pinned (shared/domain/nhle.ts, `PinnedFactor`): one per league slug, what a point
 * per game there is worth in the NHL in his judgement, why, and when. NHLe uses a pin instead of the factor
 * computed from the store; they travel in `rinkside-lists` files as `leagueFactors` (FORMAT.md, version 2).
 */
export const migration: Migration = {
  version: 2,
  name: 'pinned league factors',
  sql: `
CREATE TABLE pinned_factors (
  leagueSlug TEXT PRIMARY KEY,
  factor REAL NOT NULL CHECK (factor > 0 AND factor <= 10),
  note TEXT NOT NULL DEFAULT '',
  pinnedAt TEXT NOT NULL
) WITHOUT ROWID;
`,
};
