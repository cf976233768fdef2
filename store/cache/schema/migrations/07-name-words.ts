import type { Migration } from '../../../common/migration.ts';

/**
 * Search that forgives spelling: every distinct word of the players' names (lower case, diacritics
 * removed), an FTS5 trigram index over them (the candidates of a misspelt word share trigrams with it),
 * and which players have each word. Derived with the stats browser's rows, for the players the triggers
 * of version 6 mark (store/cache/leaders/refresh.ts); every player is marked once here.
 */
export const migration: Migration = {
  version: 7,
  name: 'name words for search that forgives spelling',
  sql: `
CREATE TABLE name_words (id INTEGER PRIMARY KEY, word TEXT NOT NULL UNIQUE);
CREATE VIRTUAL TABLE name_word_trigrams USING fts5(word, content='name_words', content_rowid='id', tokenize="trigram remove_diacritics 1");
CREATE TRIGGER name_words_added AFTER INSERT ON name_words BEGIN
  INSERT INTO name_word_trigrams (rowid, word) VALUES (NEW.id, NEW.word);
END;
CREATE TABLE player_words (wordId INTEGER NOT NULL, playerId INTEGER NOT NULL, PRIMARY KEY (wordId, playerId)) WITHOUT ROWID;
CREATE INDEX player_words_player ON player_words (playerId);
INSERT OR IGNORE INTO player_seasons_dirty (playerId) SELECT id FROM players;
`,
};
