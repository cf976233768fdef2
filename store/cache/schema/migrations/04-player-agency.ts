import type { Migration } from '../../../common/migration.ts';

/**
 * Each player's agency (the first his Player record's `agencies` names), so an agency's page lists its
 * clients on this computer. Players stored before lose their `updatedAt`, so the next download reads their
 * records (and agencies) again.
 */
export const migration: Migration = {
  version: 4,
  name: 'player agency',
  sql: `
ALTER TABLE players ADD COLUMN agencyId INTEGER;
ALTER TABLE players ADD COLUMN agencyName TEXT;
CREATE INDEX players_agency ON players (agencyId, name, id);
UPDATE players SET updatedAt = NULL;
`,
};
