import type { Migration } from '../../../common/migration.ts';

/**
 * Sort indexes of the stats browser for the two regular-season rates it had none for, goals and assists
 * per game played (`GperGP`, `AperGP`): migration 6's shape, as its PTS/GP index (the rate descending,
 * fewer GP, name, id), so ranking every row by a rate reads its first page from the index instead of
 * sorting a million rows. Every regular-season skater column a scout sorts by now has one.
 */
export const migration: Migration = {
  version: 15,
  name: 'sort indexes for goals and assists per game played',
  sql: `
CREATE INDEX player_seasons_gpergp ON player_seasons (goalieLine, regularStats_GperGP DESC, regularStats_GP, name, id);
CREATE INDEX player_seasons_apergp ON player_seasons (goalieLine, regularStats_AperGP DESC, regularStats_GP, name, id);
`,
};
