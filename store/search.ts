import type { Db } from './db.ts';

/**
 * Full-text search over players (FTS5 table `player_search`, `unicode61 remove_diacritics 2`, so
 * "selanne" finds "Selänne"): one row per player, rowid = player id, holding his name and every team
 * name he has a stats row with.
 */

/** The separator of team names in a search row. */
const TEAM_SEP = ' | ';

/**
 * The words of a search as FTS5 prefix terms, each quoted so no FTS5 syntax reaches MATCH:
 * `"selan"* AND "teem"*`. Null when the text has no word.
 */
export function ftsMatch(q: string): string | null {
  const words = q.match(/[\p{L}\p{N}]+/gu);
  if (!words || words.length === 0) return null;
  return words.map((w) => `"${w}"*`).join(' AND ');
}

/** The SQL condition on `p.id` of a search (bind {@link ftsMatch}'s text). */
export const SEARCH_CONDITION = 'p.id IN (SELECT rowid FROM player_search WHERE player_search MATCH ?)';

/**
 * The same condition tested per player rather than reading the players it matches (`+` keeps `p.id` out
 * of SQLite's index choice): a page sorted by an index then walks that index and stops once it is full,
 * where the plain condition reads every match and sorts them all, many thousands for a two-letter search.
 */
export const SEARCH_PROBE = `+${SEARCH_CONDITION}`;

/**
 * The number of players a search matches, read from the search table alone: it holds one row per stored
 * player (reindexPlayer removes a player's row when he is gone). Binds {@link ftsMatch}'s text.
 */
export const SEARCH_COUNT = 'SELECT COUNT(*) AS n FROM player_search WHERE player_search MATCH ?';

/**
 * Whether a search matches any player by the start of his name's or his teams' words (binds
 * {@link ftsMatch}'s text): when none, the store forgives its spelling instead (fuzzy.ts).
 */
export const SEARCH_ANY = 'SELECT 1 AS one FROM player_search WHERE player_search MATCH ? LIMIT 1';

/**
 * Rewrites a player's search row (his name and every team name he has a row with), unless it already
 * holds his name and every name of `addedTeams`: a new season with a team he already played for changes
 * nothing, and rewriting an FTS5 row is most of a commit's work. `addedTeams` null: always rewrite.
 */
export function reindexPlayer(db: Db, id: number, addedTeams: ReadonlySet<string> | null): void {
  const p = db.query<{ name: string }, [number]>('SELECT name FROM players WHERE id = ?').get(id);
  if (p !== undefined && addedTeams !== null) {
    const cur = db
      .query<{ name: string; teamNames: string }, [number]>('SELECT name, teamNames FROM player_search WHERE rowid = ?')
      .get(id);
    if (cur !== undefined && cur.name === p.name) {
      const indexed = new Set(cur.teamNames === '' ? [] : cur.teamNames.split(TEAM_SEP));
      if ([...addedTeams].every((t) => indexed.has(t))) return;
    }
  }
  db.query<never, [number]>('DELETE FROM player_search WHERE rowid = ?').run(id);
  if (p === undefined) return;
  const teams = db
    .query<{ teamName: string }, [number]>(
      'SELECT DISTINCT teamName FROM player_stats WHERE playerId = ? AND teamName IS NOT NULL',
    )
    .all(id);
  db.query<never, [number, string, string]>('INSERT INTO player_search (rowid, name, teamNames) VALUES (?, ?, ?)').run(
    id,
    p.name,
    teams.map((t) => t.teamName).join(TEAM_SEP),
  );
}
