import type { DatabaseSync } from 'node:sqlite';

/**
 * Every name a team carried, per connection: `temp.team_names(name, teamId)` (its current name and full
 * name, and each season's name from `team_seasons`, e.g. the Databank's "Hartford Whalers" for today's
 * Carolina team), indexed by name for `name=`, and `temp.team_names_fts`, an FTS5 trigram index over the
 * same names for `q=` (a case- and accent-insensitive substring of 3 or more characters). Built once per
 * connection on first use, in SQLite's temp store (the database itself is read-only and never changes
 * under a connection, so the tables never go stale).
 */
export const TEAM_NAMES = 'temp.team_names';
export const TEAM_NAMES_FTS = 'temp.team_names_fts';

const built = new WeakSet<DatabaseSync>();

/** Builds the connection's team-name tables unless they exist. */
export function ensureTeamNames(db: DatabaseSync): void {
  if (built.has(db)) return;
  db.exec(`
    CREATE TEMP TABLE IF NOT EXISTS team_names (
      name TEXT NOT NULL COLLATE NOCASE,
      teamId INTEGER NOT NULL,
      PRIMARY KEY (name, teamId)
    ) WITHOUT ROWID;
    INSERT OR IGNORE INTO temp.team_names (name, teamId)
      SELECT name, id FROM teams
      UNION SELECT fullName, id FROM teams WHERE fullName IS NOT NULL
      UNION SELECT teamName, teamId FROM team_seasons;
  `);
  try {
    db.exec(
      `CREATE VIRTUAL TABLE IF NOT EXISTS temp.team_names_fts USING fts5(name, teamId UNINDEXED, tokenize="trigram remove_diacritics 1")`,
    );
  } catch {
    // SQLite before 3.45 has the trigram tokenizer without its remove_diacritics option.
    db.exec(
      `CREATE VIRTUAL TABLE IF NOT EXISTS temp.team_names_fts USING fts5(name, teamId UNINDEXED, tokenize="trigram")`,
    );
  }
  db.exec(`
    DELETE FROM temp.team_names_fts;
    INSERT INTO temp.team_names_fts (name, teamId) SELECT name, teamId FROM temp.team_names;
  `);
  built.add(db);
}

/**
 * The SQL condition "team `column` had a name containing `text`" (case-insensitive; accents ignored
 * from 3 characters on, where the trigram index answers; shorter text is looked for in the names table).
 */
export function teamNameContains(column: string, text: string): { sql: string; params: string[] } {
  if ([...text].length >= 3) {
    return {
      sql: `${column} IN (SELECT teamId FROM ${TEAM_NAMES_FTS} WHERE team_names_fts MATCH ?)`,
      params: [`"${text.replaceAll('"', '""')}"`],
    };
  }
  return {
    sql: `${column} IN (SELECT teamId FROM ${TEAM_NAMES} WHERE instr(lower(name), lower(?)) > 0)`,
    params: [text],
  };
}

/** The SQL condition "team `column` carried the name `text`" (case-insensitive, the whole name). */
export function teamNameIs(column: string, text: string): { sql: string; params: string[] } {
  return { sql: `${column} IN (SELECT teamId FROM ${TEAM_NAMES} WHERE name = ?)`, params: [text] };
}
