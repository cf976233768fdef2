import type { Migration } from '../../../common/migration.ts';

/**
 * A download survives the app: the download running or last ended is kept with its request and counts,
 * updated in the same transaction as each commit, so one the app did not end (closed, crashed, the
 * network lost) is shown as interrupted where it stopped and resumes. And every stats row names the
 * league its team-season was played in: a row whose record named none takes the league of the
 * team-season it was synced under.
 */
export const migration: Migration = {
  version: 8,
  name: 'download runs and the league of every row',
  sql: `
CREATE TABLE sync_run (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  request TEXT NOT NULL,
  state TEXT NOT NULL,
  unitsTotal INTEGER NOT NULL,
  unitsDone INTEGER NOT NULL,
  rows INTEGER NOT NULL,
  players INTEGER NOT NULL,
  startedAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL,
  finishedAt TEXT,
  error TEXT
);
UPDATE player_stats SET leagueSlug = (
  SELECT u.leagueSlug FROM sync_units u
  WHERE u.teamId = player_stats.teamId AND u.seasonSlug = player_stats.seasonSlug AND u.status = 'done'
  ORDER BY u.leagueSlug LIMIT 1
) WHERE leagueSlug IS NULL;
`,
};
