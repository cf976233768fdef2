import type { SyncRequest } from '../../../shared/domain/offline.ts';
import type { WritableDB } from '../../common/db.ts';
import type { RunCounts, SyncCalls, SyncRun } from '../api.ts';

/**
 * The download running or last ended (`sync_run`, one row), kept so that a download the app did not end
 * (closed, crashed, the network lost) is shown as interrupted where it stopped, and resumes: started
 * with its request, its counts written in the transaction of each commit, ended with how it ended.
 */

export type RunCalls = Pick<SyncCalls, 'beginRun' | 'endRun' | 'lastRun'>;

interface RunRow extends Omit<SyncRun, 'request'> {
  request: string;
}

/** The running download's counts as of a commit (inside the caller's transaction). */
export function saveRunCounts(db: WritableDB, counts: RunCounts): void {
  db.query<never, [number, number, number, string]>(
    "UPDATE sync_run SET unitsDone = ?, rows = ?, players = ?, updatedAt = ? WHERE state = 'running'",
  ).run(counts.unitsDone, counts.rows, counts.players, new Date().toISOString());
}

/** A request as kept, read back; null when it is not one (then the run is not offered to resume). */
function requestOf(text: string): SyncRequest | null {
  try {
    const r = JSON.parse(text) as Partial<SyncRequest>;
    if (!Array.isArray(r.leagues) || !r.leagues.every((l) => typeof l === 'string')) return null;
    const out: SyncRequest = { leagues: r.leagues };
    if (typeof r.seasonFrom === 'string') out.seasonFrom = r.seasonFrom;
    if (typeof r.seasonTo === 'string') out.seasonTo = r.seasonTo;
    if (r.refresh === true) out.refresh = true;
    return out;
  } catch {
    return null;
  }
}

export function createRunCalls(db: WritableDB): RunCalls {
  return {
    beginRun(request, counts, startedAt) {
      db.query<never, [string, number, number, number, number, string, string]>(
        `INSERT INTO sync_run (id, request, state, unitsTotal, unitsDone, rows, players, startedAt, updatedAt, finishedAt, error)
         VALUES (1, ?, 'running', ?, ?, ?, ?, ?, ?, NULL, NULL)
         ON CONFLICT (id) DO UPDATE SET request = excluded.request, state = 'running', unitsTotal = excluded.unitsTotal,
           unitsDone = excluded.unitsDone, rows = excluded.rows, players = excluded.players, startedAt = excluded.startedAt,
           updatedAt = excluded.updatedAt, finishedAt = NULL, error = NULL`,
      ).run(
        JSON.stringify(request),
        counts.unitsTotal,
        counts.unitsDone,
        counts.rows,
        counts.players,
        startedAt,
        startedAt,
      );
    },

    endRun(state, error, at) {
      db.query<never, [string, string | null, string, string]>(
        "UPDATE sync_run SET state = ?, error = ?, finishedAt = ?, updatedAt = ? WHERE state = 'running'",
      ).run(state, error, at, at);
    },

    lastRun() {
      const row = db.query<RunRow, []>('SELECT * FROM sync_run WHERE id = 1').get();
      if (row === undefined) return null;
      const request = requestOf(row.request);
      if (request === null) return null;
      return {
        request,
        state: row.state,
        unitsTotal: row.unitsTotal,
        unitsDone: row.unitsDone,
        rows: row.rows,
        players: row.players,
        startedAt: row.startedAt,
        updatedAt: row.updatedAt,
        finishedAt: row.finishedAt,
        error: row.error,
      };
    },
  };
}
