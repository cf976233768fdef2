import type { Migration } from '../../../common/migration.ts';

/**
 * Prefix indexes of one, two and three letters on the players' search (FTS5 `prefix='1 2 3'`): a search
 * is asked at every keystroke, and its first letters match tens of thousands of players by their name's or
 * their teams' words. Without them FTS5 merges the postings of every word with that start for each
 * keystroke; with them it reads one list. They cost more index pages to write when search rows are
 * rewritten (once after a download, store/cache/search.ts), and space on disk. FTS5 takes its options only when
 * a table is created: the table is made anew with the same rows (rowid = player id) and takes the old
 * one's name.
 */
export const migration: Migration = {
  version: 19,
  name: 'prefix indexes of the players search',
  sql: `
CREATE VIRTUAL TABLE player_search_prefixed USING fts5(name, teamNames, tokenize="unicode61 remove_diacritics 2", prefix='1 2 3');
INSERT INTO player_search_prefixed (rowid, name, teamNames) SELECT rowid, name, teamNames FROM player_search;
DROP TABLE player_search;
ALTER TABLE player_search_prefixed RENAME TO player_search;
`,
};
