import type { Migration } from '../../../common/migration.ts';

/**
 * The player's detailed positions and draft selection (spec, "Player": `detailedPosition`, an array of
 * strings such as `["C","RW"]`, kept as JSON text; `draftSelection`, its year, round, overall and team
 * name), for the stats browser's position and draft status filters. Rows synced before this stay null
 * until their player is fetched again.
 */
export const migration: Migration = {
  version: 5,
  name: 'detailed positions and draft selections',
  sql: `
ALTER TABLE players ADD COLUMN detailedPosition TEXT;
ALTER TABLE players ADD COLUMN draftYear INTEGER;
ALTER TABLE players ADD COLUMN draftRound INTEGER;
ALTER TABLE players ADD COLUMN draftOverall INTEGER;
ALTER TABLE players ADD COLUMN draftTeamName TEXT;
`,
};
