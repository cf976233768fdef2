import type { SyncStateRow, UnitRefusal } from '../../../shared/domain/offline.ts';
import type { ReadableDB, WritableDB } from '../../common/db.ts';
import type { StoreCounts, SyncCalls } from '../api.ts';
import type { Meta } from '../meta.ts';
import { type CheckpointCalls, createCheckpointCalls } from './checkpoints.ts';
import { createRunCalls, type RunCalls } from './runs.ts';

/**
 * What the sync driver (electron/host/offline/sync/) asks of the store: which service the rows are from,
 * which players and team-seasons it has, what each league-season holds; the writes of a download
 * (checkpoints.ts) and the download running or last ended (runs.ts).
 */

/** The read operations of {@link SyncCalls}. */
type StateCalls = Omit<SyncCalls, keyof CheckpointCalls | keyof RunCalls>;

function createStateCalls(db: ReadableDB, meta: Meta): StateCalls {
  return {
    source: () => meta.source(),

    stalePlayers(players) {
      const s = db.query<{ updatedAt: string | null }, [number]>('SELECT updatedAt FROM players WHERE id = ?');
      return players
        .filter((p) => {
          const row = s.get(p.id);
          return row === undefined || (p.updatedAt !== null && row.updatedAt !== p.updatedAt);
        })
        .map((p) => p.id);
    },

    doneUnits() {
      return db
        .query<{ leagueSlug: string; teamId: number; seasonSlug: string }, []>(
          'SELECT leagueSlug, teamId, seasonSlug FROM sync_units',
        )
        .all()
        .map((u) => `${u.leagueSlug}|${u.teamId}|${u.seasonSlug}`);
    },

    unitDigests(units) {
      const s = db.tuples<[string, number, string]>(
        'SELECT digest FROM sync_digests WHERE leagueSlug = ? AND teamId = ? AND seasonSlug = ?',
      );
      const out: Record<string, string> = {};
      for (const key of units) {
        const [leagueSlug, teamId, seasonSlug] = key.split('|') as [string, string, string];
        const row = s.all(leagueSlug, Number(teamId), seasonSlug)[0];
        if (row !== undefined) out[key] = row[0] as string;
      }
      return out;
    },

    unitContents(units) {
      const rows = db.query<{ playerId: number }, [number, string, string]>(
        'SELECT playerId FROM player_stats WHERE teamId = ? AND seasonSlug = ? AND leagueSlug = ?',
      );
      const players = new Set<number>();
      let n = 0;
      for (const key of units) {
        const [leagueSlug, teamId, seasonSlug] = key.split('|') as [string, string, string];
        for (const r of rows.all(Number(teamId), seasonSlug, leagueSlug)) {
          n++;
          players.add(r.playerId);
        }
      }
      return { rows: n, players: [...players] };
    },

    syncState(): SyncStateRow[] {
      return db
        .query<Omit<SyncStateRow, 'inProgress'> & { inProgress: number }, []>(
          `SELECT st.leagueSlug, l.name AS leagueName, st.seasonSlug, st.baseUrl, st.syncedAt, st.inProgress,
             (SELECT COALESCE(SUM(u.rowCount), 0) FROM sync_units u WHERE u.leagueSlug = st.leagueSlug AND u.seasonSlug = st.seasonSlug AND u.status = 'done') AS rows
           FROM sync_state st LEFT JOIN leagues l ON l.slug = st.leagueSlug ORDER BY st.leagueSlug, st.seasonSlug`,
        )
        .all()
        .map((r) => ({ ...r, inProgress: r.inProgress === 1 }));
    },

    refusals(): UnitRefusal[] {
      return db
        .query<UnitRefusal, []>(
          "SELECT leagueSlug, teamId, seasonSlug, message FROM sync_units WHERE status = 'forbidden' ORDER BY leagueSlug, seasonSlug, teamId",
        )
        .all()
        .map((r) => ({ ...r }));
    },

    counts(): StoreCounts {
      const n = (t: string) => db.query<{ n: number }, []>(`SELECT COUNT(*) AS n FROM ${t}`).get()?.n ?? 0;
      return {
        leagues: n('leagues'),
        seasons: n('seasons'),
        teams: n('teams'),
        players: n('players'),
        playerStats: n('player_stats'),
      };
    },
  };
}

/** Every call of the sync driver. */
export function createSyncCalls(db: WritableDB, meta: Meta): SyncCalls {
  return { ...createStateCalls(db.readable, meta), ...createCheckpointCalls(db, meta), ...createRunCalls(db) };
}
