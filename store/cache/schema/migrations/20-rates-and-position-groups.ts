import type { Migration } from '../../../common/migration.ts';

/**
 * The stats browser's rows follow one rule per number: each row's position group (`posGroup`, `F` or `D`,
 * null for a goalie or an unknown position) from the player's listed position (shared/domain/stat-lines.ts), for
 * the comparables, whose index now holds it instead of the mask of every position; and GAA and SV% computed
 * from GA, SA and minutes for a single stint as for several (store/cache/leaders/goalie-rates.ts), where rows
 * derived before held the service's rounded values. Every player with stats is marked, so the next read
 * derives every row afresh (store/cache/leaders/refresh.ts), and the league factors kept from the rows before
 * (`nhle_computed`, migration 13) are emptied.
 */
export const migration: Migration = {
  version: 20,
  name: 'position groups and unrounded goalie rates of the stats browser rows',
  sql: `
ALTER TABLE player_seasons ADD COLUMN posGroup TEXT;
DROP INDEX player_seasons_comparables;
-- Covering the comparables' candidates (store/cache/nhle/comparables.ts): read from the index alone.
CREATE INDEX player_seasons_comparables ON player_seasons (goalieLine, draftAge, regularStats_GP, posGroup, leagueSlug, regularStats_PTS, playerId);
INSERT INTO player_seasons_dirty (playerId)
  SELECT DISTINCT playerId FROM player_stats WHERE playerId NOT IN (SELECT playerId FROM player_seasons_dirty);
DELETE FROM nhle_computed;
`,
};
