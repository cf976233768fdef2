import type { Migration } from '../../../common/migration.ts';

/**
 * Indexes of the stats browser's playoffs and total blocks, which had none: their rows over every league
 * were counted and ranked by reading and sorting every row (seconds on a million). A games index per block
 * answers the count of a min GP from the index alone, and a points index per block (migration 6's shape:
 * PTS descending, fewer GP, name, id) gives the first page of the blocks' default sort in order. Sorts by
 * other stats of these blocks still read every qualifying row; each further index costs its size on disk
 * and its build after every full derivation (store/cache/leaders/refresh.ts).
 */
export const migration: Migration = {
  version: 17,
  name: 'games and points indexes for the playoffs and total blocks',
  sql: `
CREATE INDEX player_seasons_po_games ON player_seasons (goalieLine, postseasonStats_GP);
CREATE INDEX player_seasons_tot_games ON player_seasons (goalieLine, totalStats_GP);
CREATE INDEX player_seasons_po_pts ON player_seasons (goalieLine, postseasonStats_PTS DESC, postseasonStats_GP, name, id);
CREATE INDEX player_seasons_tot_pts ON player_seasons (goalieLine, totalStats_PTS DESC, totalStats_GP, name, id);
`,
};
