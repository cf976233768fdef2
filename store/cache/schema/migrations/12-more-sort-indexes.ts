import type { Migration } from '../../../common/migration.ts';

/**
 * Sort indexes of the stats browser for three more regular-season columns a scout ranks every row by:
 * assists, penalty minutes and plus-minus (`A`, `PIM`, `PM`), the same shape as migration 6's (the stat
 * descending, then fewer GP, then name and id: the stated tie-break), so the first page comes from the
 * index in order instead of a sort of a million rows. An ascending sort reads the same index backwards
 * and sorts only the ties. Each costs about as much space as migration 6's PTS index.
 */
export const migration: Migration = {
  version: 12,
  name: 'sort indexes for assists, penalty minutes and plus-minus',
  sql: `
CREATE INDEX player_seasons_assists ON player_seasons (goalieLine, regularStats_A DESC, regularStats_GP, name, id);
CREATE INDEX player_seasons_pim ON player_seasons (goalieLine, regularStats_PIM DESC, regularStats_GP, name, id);
CREATE INDEX player_seasons_pm ON player_seasons (goalieLine, regularStats_PM DESC, regularStats_GP, name, id);
`,
};
