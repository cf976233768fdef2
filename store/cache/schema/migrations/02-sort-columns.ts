import type { Migration } from '../../../common/migration.ts';

/**
 * Sorting the players list on every column: the latest synced team-season is kept on the player row
 * (rewritten with each commit) rather than looked up per row; height and weight get their sort indexes.
 * A league-season being synced again keeps its last sync time and is marked in progress, so a re-sync
 * stopped midway resumes instead of starting over.
 */
export const migration: Migration = {
  version: 2,
  name: 'sort columns and re-sync marks',
  sql: `
ALTER TABLE players ADD COLUMN latestSeason TEXT;
ALTER TABLE players ADD COLUMN latestTeamId INTEGER;
ALTER TABLE players ADD COLUMN latestTeamName TEXT;
UPDATE players SET (latestSeason, latestTeamId, latestTeamName) = (
  SELECT s.seasonSlug, s.teamId, s.teamName FROM player_stats s WHERE s.playerId = players.id
  ORDER BY s.seasonSlug DESC, s.id DESC LIMIT 1
);
CREATE INDEX players_height ON players (heightCm, id);
CREATE INDEX players_weight ON players (weightKg, id);
CREATE INDEX players_latest ON players (latestSeason, id);
ALTER TABLE sync_state ADD COLUMN inProgress INTEGER NOT NULL DEFAULT 0;
`,
};
