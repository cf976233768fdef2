import type { WritableDB } from '../../common/db.ts';
import type { SyncCalls } from '../api.ts';
import type { Meta } from '../meta.ts';
import { packUnit } from '../rows.ts';
import { saveRunCounts } from './runs.ts';
import { writeUnits } from './writes.ts';

/**
 * The writes of a download (electron/host/offline/sync/): the service the rows come from, team-seasons
 * committed with their checkpoints, refusals, re-sync marks and each finished sync. Every write of
 * team-seasons is one transaction that also writes their checkpoints, so a stop or crash loses nothing
 * committed.
 */

/** The tables a change of service clears (everything downloaded; the scouting lists are in a file of their own). */
export const SYNCED_TABLES = [
  'leagues',
  'seasons',
  'teams',
  'players',
  'player_stats',
  'sync_state',
  'sync_units',
  'sync_run',
  'player_search',
  'player_search_dirty',
  // The stats browser's rows, derived from the above (the triggers that mark players to derive again
  // fill the last one while player_stats is cleared).
  'player_seasons',
  'league_season_scoring',
  'player_words',
  'player_seasons_dirty',
  'nhle_computed',
  'sync_digests',
] as const;

/** The write operations of {@link SyncCalls}. */
export type CheckpointCalls = Pick<
  SyncCalls,
  | 'adoptSource'
  | 'bindLegacySource'
  | 'commitUnit'
  | 'commitUnits'
  | 'commitPacked'
  | 'refuseUnit'
  | 'forgetUnits'
  | 'beginResync'
  | 'markSynced'
>;

export function createCheckpointCalls(db: WritableDB, meta: Meta): CheckpointCalls {
  const forget = () =>
    db.query<never, [string, string]>('DELETE FROM sync_units WHERE leagueSlug = ? AND seasonSlug = ?');
  return {
    adoptSource(source) {
      const current = meta.source();
      if (current === source) return { cleared: false };
      db.tx(() => {
        for (const t of SYNCED_TABLES) db.exec(`DELETE FROM ${t}`);
        meta.dropAboutUnlessOf(source);
        meta.setSource(source);
      });
      return { cleared: current !== null };
    },

    bindLegacySource(legacy, source) {
      const rows = meta.source() === legacy;
      // Nothing to bind: no write at all (a store read where nothing can be written opens all the same).
      if (!rows && meta.lastAbout(legacy) === null) return false;
      db.tx(() => {
        // A kept `/about` may be there without rows (nothing synced yet).
        meta.moveAbout(legacy, source);
        if (!rows) return;
        meta.setSource(source);
        db.query<never, [string, string]>('UPDATE sync_state SET baseUrl = ? WHERE baseUrl = ?').run(source, legacy);
      });
      return rows;
    },

    commitUnit(unit) {
      db.tx(() => writeUnits(db, [packUnit(unit)]));
    },

    commitUnits(units, counts) {
      db.tx(() => {
        writeUnits(db, units.map(packUnit));
        if (counts !== undefined) saveRunCounts(db, counts);
      });
    },

    commitPacked(units, counts, held) {
      db.tx(() => {
        writeUnits(db, units, held);
        if (counts !== undefined) saveRunCounts(db, counts);
      });
    },

    refuseUnit(r) {
      db.query<never, [string, number, string, string, string]>(
        `INSERT INTO sync_units (leagueSlug, teamId, seasonSlug, status, rowCount, message, doneAt) VALUES (?, ?, ?, 'forbidden', 0, ?, ?)
         ON CONFLICT (leagueSlug, teamId, seasonSlug) DO UPDATE SET status = 'forbidden', message = excluded.message, doneAt = excluded.doneAt`,
      ).run(r.leagueSlug, r.teamId, r.seasonSlug, r.message, new Date().toISOString());
    },

    forgetUnits(leagueSlug, seasons) {
      const s = forget();
      db.tx(() => {
        for (const season of seasons) s.run(leagueSlug, season);
      });
    },

    beginResync(leagueSlug, seasons) {
      const s = forget();
      const mark = db.query<never, [string, string]>(
        'UPDATE sync_state SET inProgress = 1 WHERE leagueSlug = ? AND seasonSlug = ?',
      );
      db.tx(() => {
        for (const season of seasons) {
          s.run(leagueSlug, season);
          mark.run(leagueSlug, season);
        }
      });
    },

    markSynced(leagueSlug, seasons, source, at) {
      const s = db.query<never, [string, string, string, string]>(
        `INSERT INTO sync_state (leagueSlug, seasonSlug, baseUrl, syncedAt, inProgress) VALUES (?, ?, ?, ?, 0)
         ON CONFLICT (leagueSlug, seasonSlug) DO UPDATE SET baseUrl = excluded.baseUrl, syncedAt = excluded.syncedAt, inProgress = 0`,
      );
      db.tx(() => {
        for (const season of seasons) s.run(leagueSlug, season, source, at);
      });
    },
  };
}
