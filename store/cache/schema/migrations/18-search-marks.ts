import type { Migration } from '../../../common/migration.ts';

/**
 * The marks of players whose search row must be rewritten (`player_search_dirty`, store/cache/search.ts): a
 * download marks the players it touches and the rows are rewritten once after it (and before any search
 * reads them), not at each commit. Nothing is marked here: every row was current when the file was written.
 */
export const migration: Migration = {
  version: 18,
  name: 'marks of players to reindex for search',
  sql: `
CREATE TABLE player_search_dirty (playerId INTEGER PRIMARY KEY);
`,
};
