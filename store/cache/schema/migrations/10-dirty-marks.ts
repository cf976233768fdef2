import type { Migration } from '../../../common/migration.ts';

/**
 * The marks of players whose stats browser rows must be derived again (`player_seasons_dirty`, migration 6)
 * move to a rowid table; the marks held are kept.
 * The trigger on a stats row's insert is dropped: with it every insert cost about four times as much, and a
 * download inserts a million rows. The one writer of stats rows (store/cache/sync/writes.ts) marks the players of
 * the rows it inserts itself, in the same transaction. A change or a delete of a stats row, and a change of
 * a player, are still marked by their triggers (the columns they watch are migration 6's).
 */

// The stat columns of player_stats, as migration 6's trigger watched them.
const BLOCKS = ['regularStats', 'postseasonStats', 'totalStats'];
const KEYS = ['GP', 'G', 'A', 'PTS', 'PIM', 'PM', 'W', 'L', 'T', 'SO', 'GA', 'SA', 'SVS', 'SVP', 'GAA', 'TOI'];

// Not `INSERT OR IGNORE`: an upsert that fires the trigger overrides the trigger's conflict clause with its
// own, and the mark of a player already marked would fail the download.
const mark = (id: string) =>
  `INSERT INTO player_seasons_dirty (playerId) SELECT ${id} WHERE NOT EXISTS (SELECT 1 FROM player_seasons_dirty WHERE playerId = ${id});`;

/** A stats row changed in what the derived rows read: its team, league, season or any stat. */
const STATS_CHANGED = ['teamId', 'teamName', 'leagueSlug', 'seasonSlug', 'playerId']
  .concat(BLOCKS.flatMap((b) => KEYS.map((k) => `${b}_${k}`)))
  .map((c) => `OLD.${c} IS NOT NEW.${c}`)
  .join(' OR ');

export const migration: Migration = {
  version: 10,
  name: 'cheaper marks of players to derive again',
  sql: `
DROP TRIGGER player_stats_added;
DROP TRIGGER player_stats_removed;
DROP TRIGGER player_stats_changed;
DROP TRIGGER players_changed;
CREATE TABLE player_seasons_dirty_rowid (playerId INTEGER PRIMARY KEY);
INSERT INTO player_seasons_dirty_rowid (playerId) SELECT playerId FROM player_seasons_dirty;
DROP TABLE player_seasons_dirty;
ALTER TABLE player_seasons_dirty_rowid RENAME TO player_seasons_dirty;
CREATE TRIGGER player_stats_removed AFTER DELETE ON player_stats BEGIN
  ${mark('OLD.playerId')}
END;
CREATE TRIGGER player_stats_changed AFTER UPDATE ON player_stats WHEN ${STATS_CHANGED} BEGIN
  ${mark('OLD.playerId')}
  ${mark('NEW.playerId')}
END;
CREATE TRIGGER players_changed AFTER UPDATE ON players
  WHEN OLD.name IS NOT NEW.name OR OLD.dateOfBirth IS NOT NEW.dateOfBirth OR OLD.position IS NOT NEW.position
    OR OLD.detailedPosition IS NOT NEW.detailedPosition BEGIN
  ${mark('NEW.id')}
END;
`,
};
