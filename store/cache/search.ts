import type { WritableDB } from '../common/db.ts';

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
 * player once its marks are rewritten (refreshPlayerSearch removes a player's row when he is gone). Binds
 * {@link ftsMatch}'s text.
 */
export const SEARCH_COUNT = 'SELECT COUNT(*) AS n FROM player_search WHERE player_search MATCH ?';

/**
 * Whether a search matches any player by the start of his name's or his teams' words (binds
 * {@link ftsMatch}'s text): when none, the store forgives its spelling instead (fuzzy.ts).
 */
export const SEARCH_ANY = 'SELECT 1 AS one FROM player_search WHERE player_search MATCH ? LIMIT 1';

/** Share of the stored players marked beyond which the whole search table is written afresh. */
const REBUILD_SHARE = 0.25;

/** Every distinct team name a player (alias `p`) has a stats row with, joined by {@link TEAM_SEP}; '' if none. */
const TEAM_NAMES = `COALESCE((SELECT group_concat(t, '${TEAM_SEP}') FROM (
  SELECT DISTINCT teamName AS t FROM player_stats WHERE playerId = p.id AND teamName IS NOT NULL)), '')`;

/**
 * Marks a player whose search row may no longer hold his name or every team he has a row with (a new
 * or renamed player, a stats row added, moved or removed), in the caller's transaction:
 * {@link refreshPlayerSearch} rewrites the marked rows once, where rewriting them at every commit of a
 * download wrote each player's row once per team-season that added a team.
 */
export function markSearch(db: WritableDB): (id: number) => void {
  const mark = db.query<never, [number]>('INSERT OR IGNORE INTO player_search_dirty (playerId) VALUES (?)');
  return (id) => mark.run(id);
}

/**
 * Rewrites the search rows of the marked players ({@link markSearch}) and drops the marks, in one
 * transaction; returns how many players were marked (0: none, nothing done). A marked player's row is
 * rewritten only when it differs from his name and team names (as a set); a player who is gone loses it.
 * When most players are marked (a first download) the table is made anew from every player in one pass.
 * Called after each download and at opening (derive.ts), never by a search: a search reads the rows as
 * the last download's derivation left them.
 */
export function refreshPlayerSearch(db: WritableDB): number {
  if (db.query<{ one: number }>('SELECT 1 AS one FROM player_search_dirty LIMIT 1').get() === undefined) return 0;
  return db.tx(() => {
    const n = db.query<{ n: number }>('SELECT COUNT(*) AS n FROM player_search_dirty').get()?.n ?? 0;
    const all = db.query<{ n: number }>('SELECT COUNT(*) AS n FROM players').get()?.n ?? 0;
    if (n >= REBUILD_SHARE * all) rebuildSearch(db);
    else rewriteMarked(db);
    db.exec('DELETE FROM player_search_dirty');
    return n;
  });
}

/**
 * Makes the search table anew (its own CREATE statement, so its options stay) with every player's row:
 * cheaper than deleting each row, for which FTS5 reads the row back to remove its words.
 */
function rebuildSearch(db: WritableDB): void {
  const create = db
    .query<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'player_search'")
    .get()?.sql;
  if (create === undefined) throw new Error('The store has no player_search table.');
  db.exec('DROP TABLE player_search');
  db.exec(create);
  db.exec(`INSERT INTO player_search (rowid, name, teamNames) SELECT p.id, p.name, ${TEAM_NAMES} FROM players p`);
}

/** Rewrites the rows of the marked players that differ from what they should hold. */
function rewriteMarked(db: WritableDB): void {
  const rows = db
    .query<{
      id: number;
      name: string | null;
      teams: string | null;
      heldName: string | null;
      heldTeams: string | null;
    }>(
      `SELECT d.playerId AS id, p.name AS name, ${TEAM_NAMES} AS teams,
         s.name AS heldName, s.teamNames AS heldTeams
       FROM player_search_dirty d LEFT JOIN players p ON p.id = d.playerId LEFT JOIN player_search s ON s.rowid = d.playerId`,
    )
    .all();
  const del = db.query<never, [number]>('DELETE FROM player_search WHERE rowid = ?');
  const insert = db.query<never, [number, string, string]>(
    'INSERT INTO player_search (rowid, name, teamNames) VALUES (?, ?, ?)',
  );
  for (const r of rows) {
    if (r.name !== null && r.name === r.heldName && sameTeams(r.teams ?? '', r.heldTeams ?? '')) continue;
    if (r.heldName !== null) del.run(r.id);
    if (r.name !== null) insert.run(r.id, r.name, r.teams ?? '');
  }
}

/** Whether two search rows' team names hold the same names, in any order. */
function sameTeams(a: string, b: string): boolean {
  if (a === b) return true;
  const names = (t: string) => new Set(t === '' ? [] : t.split(TEAM_SEP));
  const x = names(a);
  const y = names(b);
  return x.size === y.size && [...x].every((t) => y.has(t));
}
