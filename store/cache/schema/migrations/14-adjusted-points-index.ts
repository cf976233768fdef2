import type { Migration } from '../../../common/migration.ts';

/**
 * A sort index of the stats browser for the regular season's era-adjusted points (`adjPTS`), the column
 * a scout ranks every row by to compare seasons across eras: migration 6's shape (the value descending,
 * fewer GP, name, id), so the first page is read from the index instead of a sort of a million rows.
 */
export const migration: Migration = {
  version: 14,
  name: 'sort index for era-adjusted points',
  sql: `
CREATE INDEX player_seasons_adjpts ON player_seasons (goalieLine, regularStats_adjPTS DESC, regularStats_GP, name, id);
`,
};
