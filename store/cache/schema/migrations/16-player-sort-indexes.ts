import type { Migration } from '../../../common/migration.ts';

/**
 * Sort indexes of the players list for the three columns it sorted by reading and sorting every player:
 * nationality, latest team and hand (the expression the list sorts by: skaters' shoots, else goalies'
 * catches), each with the id as the stable tie-break. A first page of those sorts over every player
 * then comes from the index in order. Read backwards, an index gives the ties of a descending sort in the
 * wrong order, and SQLite sorts them by id: hand, with two values, and the latest season, newest first (a
 * season's players all tie), have a descending index of their own. The players table is small beside the
 * stats: a few MB each.
 */
export const migration: Migration = {
  version: 16,
  name: 'players sort indexes for nationality, latest team, hand and newest season',
  sql: `
CREATE INDEX players_nationality ON players (nationalityName, id);
CREATE INDEX players_latest_team ON players (latestTeamName, id);
CREATE INDEX players_hand ON players (COALESCE(shoots, catches), id);
CREATE INDEX players_hand_desc ON players (COALESCE(shoots, catches) DESC, id);
CREATE INDEX players_latest_desc ON players (latestSeason DESC, id);
`,
};
