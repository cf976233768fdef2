import levenshtein from 'damerau-levenshtein';
import type { ReadableDB, WritableDB } from '../common/db.ts';
import { ftsMatch, SEARCH_ANY } from './search.ts';

/**
 * Search that forgives spelling ("Selane", "Gretsky", "Lemiuex"), used when a search matches no player by
 * the start of his words (search.ts): then the scout has likely misspelt it, while a search that does match
 * by start ("Park", typed on the way to "Parker") would otherwise fill its first pages with names a letter
 * away ("Barkov", "Mark") sorted among the ones meant. FTS5's unicode61 tokens match words by
 * prefix only, and its trigram tokenizer alone cannot either (a query trigram such as "ane" is missing
 * from "Selänne"). So each word of a search takes as candidates the name words sharing trigrams with it
 * (FTS5 `trigram`, best overlap first by its rank), ranks them by Damerau–Levenshtein distance (the
 * `damerau-levenshtein` package: optimal string alignment, a transposition of two neighbours counts
 * once), and keeps those within a few edits of the word, or of the word's length of their start (so a
 * word typed half-way matches too). A short word also takes the name words of its first letter: one edit
 * in its middle can leave it no trigram in common with the name. A player matches when every word of the
 * search matches a word of his name so, or starts one.
 *
 * Such a list is ranked by closeness when the scout chose no sort (store/cache/players/query.ts): each search word's
 * nearest word of the name ({@link closeness}), summed over the search's words, the player who played more
 * games first among names as close. A list of names a letter or two off, A→Z, put the name meant anywhere.
 */

/** Words shorter than this match only by their start (one edit in three letters matches too much). */
const FUZZY_MIN = 4;
/** Candidate words read per search word, best trigram overlap first. */
const CANDIDATES = 300;
/** The words of a name or a search: lower case, diacritics removed, split on anything but letters and digits. */
export function nameWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/** Edits a word of `length` letters may differ by: 1 up to five letters, 2 from six. */
export function maxEdits(length: number): number {
  return length < FUZZY_MIN ? 0 : length <= 5 ? 1 : 2;
}

/** Damerau–Levenshtein (optimal string alignment) distance between two words. */
export function editDistance(a: string, b: string): number {
  return levenshtein(a, b).steps;
}

/**
 * The distance of a search word to a name word: to the whole word, or to its start of the same length
 * (a word still being typed), whichever is smaller.
 */
export function wordDistance(typed: string, word: string): number {
  const whole = editDistance(typed, word);
  return word.length > typed.length ? Math.min(whole, editDistance(typed, word.slice(0, typed.length))) : whole;
}

/**
 * How close a name word is to a search word, for ranking (0 is the same word): the edits to the whole word
 * when within the word's edits ({@link maxEdits}); else the edits to its start of the same length (a word
 * typed half-way, or a start the search matched) and one half more, so a whole name a letter away ranks
 * before a longer one whose start is ("malkn": "Malkin", one letter left out, before "Maloney", whose
 * "malon" is one letter off).
 */
export function closeness(typed: string, word: string): number {
  const whole = editDistance(typed, word);
  if (whole <= maxEdits(typed.length)) return whole;
  return (word.length > typed.length ? editDistance(typed, word.slice(0, typed.length)) : whole) + 0.5;
}

/** The FTS5 query of a word's trigrams, each quoted: `"sel" OR "ela" OR "lan" OR "ane"`. */
function trigramQuery(word: string): string | null {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= word.length; i++) grams.add(word.slice(i, i + 3));
  return grams.size === 0 ? null : [...grams].map((g) => `"${g.replaceAll('"', '""')}"`).join(' OR ');
}

/**
 * The name words a search word matches, each id with its {@link closeness}: words within its edits and, with
 * `starts`, the words it starts (the prefix search finds those alone; a search of several words needs them
 * to intersect).
 */
function matchingWords(db: ReadableDB, typed: string, starts: boolean): Map<number, number> {
  const ids = new Map<number, number>();
  if (starts) {
    for (const r of db
      .query<{ id: number; word: string }, [string, string]>(
        'SELECT id, word FROM name_words WHERE word >= ? AND word < ? LIMIT 5000',
      )
      .all(typed, `${typed}\uffff`))
      ids.set(r.id, closeness(typed, r.word));
  }
  const edits = maxEdits(typed.length);
  const match = edits > 0 ? trigramQuery(typed) : null;
  if (match === null) return ids;
  const candidates = db
    .query<{ id: number; word: string }, [string, number]>(
      'SELECT rowid AS id, word FROM name_word_trigrams WHERE name_word_trigrams MATCH ? ORDER BY rank LIMIT ?',
    )
    .all(match, CANDIDATES);
  // One edit in the middle of a word of four or five letters leaves it no trigram of its name word
  // ("smtih", "smith"): such a word also takes the name words of its first letter and about its length.
  if (edits === 1) {
    candidates.push(
      ...db
        .query<{ id: number; word: string }, [string, string, number, number]>(
          'SELECT id, word FROM name_words WHERE word >= ? AND word < ? AND length(word) BETWEEN ? AND ?',
        )
        .all(typed.slice(0, 1), `${typed.slice(0, 1)}\uffff`, typed.length - 1, typed.length + 1),
    );
  }
  for (const c of candidates)
    if (!ids.has(c.id) && wordDistance(typed, c.word) <= edits) ids.set(c.id, closeness(typed, c.word));
  return ids;
}

/**
 * The players a search matches by the spelling-forgiving rule, as SQL: `select` is a SELECT of their ids
 * (`playerId`), one JSON array of name word ids in `params` per word of the search, the players having a
 * word of each. Every such player is in it: a common name's thousands of players are counted and paged
 * by SQLite, never cut to a sample here.
 */
export interface FuzzyPlayers {
  select: string;
  params: string[];
  /**
   * A SELECT of `playerId` and `distance` (binds `closenessParams`): for each player with a word that a
   * word of the search matches, the sum over the search's words of the {@link closeness} of his nearest
   * word to it (a player of {@link FuzzyPlayers.select} has one for every search word).
   */
  closenessSelect: string;
  closenessParams: string[];
}

/**
 * {@link FuzzyPlayers.closenessSelect}: one JSON array of `[search word index, name word id, closeness]`
 * bound, each player's nearest word per search word summed.
 */
const CLOSENESS_SELECT = `SELECT playerId, SUM(d) AS distance FROM (
  SELECT pw.playerId AS playerId, json_extract(j.value, '$[0]') AS k, MIN(json_extract(j.value, '$[2]')) AS d
  FROM json_each(?) j JOIN player_words pw ON pw.wordId = json_extract(j.value, '$[1]')
  GROUP BY pw.playerId, k)
GROUP BY playerId`;

/**
 * The players a search matches by the spelling-forgiving rule ({@link FuzzyPlayers}); null when the search
 * has no word of {@link FUZZY_MIN} letters (then the prefix search alone answers) or a word of it matches
 * no name word (then no player matches every word).
 */
export function fuzzyPlayers(db: ReadableDB, q: string): FuzzyPlayers | null {
  const words = nameWords(q);
  if (!words.some((w) => w.length >= FUZZY_MIN)) return null;
  const params: string[] = [];
  const near: [number, number, number][] = [];
  for (const [k, w] of words.entries()) {
    const ids = matchingWords(db, w, words.length > 1);
    if (ids.size === 0) return null;
    params.push(JSON.stringify([...ids.keys()]));
    for (const [id, d] of ids) near.push([k, id, d]);
  }
  const select = params
    .map(() => 'SELECT playerId FROM player_words WHERE wordId IN (SELECT value FROM json_each(?))')
    .join(' INTERSECT ');
  return { select, params, closenessSelect: CLOSENESS_SELECT, closenessParams: [JSON.stringify(near)] };
}

/**
 * The players a search `q` matches with its spelling forgiven ({@link fuzzyPlayers}), only when it matches
 * no player by the start of his name's or his teams' words (the store's prefix search); else null, and the
 * prefix search alone answers.
 */
export function spellingForgiven(db: ReadableDB, q: string): FuzzyPlayers | null {
  const match = ftsMatch(q);
  if (match === null || db.query<{ one: number }, [string]>(SEARCH_ANY).get(match) !== undefined) return null;
  return fuzzyPlayers(db, q);
}

/** Rewrites the name words of the marked players (inside the caller's transaction, before the marks go). */
export function reindexNameWords(db: WritableDB): void {
  db.exec('DELETE FROM player_words WHERE playerId IN (SELECT playerId FROM player_seasons_dirty)');
  const players = db
    .query<{ id: number; name: string }>(
      'SELECT id, name FROM players WHERE id IN (SELECT playerId FROM player_seasons_dirty)',
    )
    .all();
  const addWord = db.query<never, [string]>('INSERT INTO name_words (word) VALUES (?) ON CONFLICT (word) DO NOTHING');
  const wordId = db.query<{ id: number }, [string]>('SELECT id FROM name_words WHERE word = ?');
  const link = db.query<never, [number, number]>('INSERT OR IGNORE INTO player_words (wordId, playerId) VALUES (?, ?)');
  const known = new Map<string, number>();
  for (const p of players) {
    for (const w of new Set(nameWords(p.name))) {
      let id = known.get(w);
      if (id === undefined) {
        addWord.run(w);
        id = wordId.get(w)?.id;
        if (id === undefined) continue;
        known.set(w, id);
      }
      link.run(id, p.id);
    }
  }
}
