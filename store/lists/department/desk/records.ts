import type { AssignmentState, ChangeKind, SettingState } from '../../../../shared/department/changes.ts';
import { dropTombstone } from '../outbox.ts';
import type { RecordMeta, WriteCtx } from '../write-records.ts';

/**
 * Writing the directors' records from the department into the lists file, by their global id: an
 * assignment (written by any director; this laptop holds those it may read: all of them for a director,
 * his own for a scout) and the department's settings. `owner` is the director who last wrote it. A deleted
 * one simply goes (a director's own delete made here keeps its tombstone: assignments.ts). No change is
 * queued here: these are the server's states.
 */

/** The directors' records: written by any director, so their owner is whoever wrote last. */
export const DIRECTORS_KINDS: readonly ChangeKind[] = ['assignment', 'setting'];

/** An assignment's state as its row. */
export function writeAssignment(ctx: WriteCtx, m: RecordMeta, s: AssignmentState): void {
  if (s.deleted) {
    ctx.db.query<never, [string]>('DELETE FROM department_assignments WHERE uid = ?').run(m.uid);
    return;
  }
  const p = s.player;
  ctx.db
    .query(
      `INSERT INTO department_assignments (uid, owner, rev, assignee, source, playerId, playerName, dateOfBirth, position,
         assignedOn, dueDate, note, gameDate, homeTeam, awayTeam, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (uid) DO UPDATE SET owner = excluded.owner, rev = coalesce(excluded.rev, rev),
         assignee = excluded.assignee, source = excluded.source, playerId = excluded.playerId,
         playerName = excluded.playerName, dateOfBirth = excluded.dateOfBirth, position = excluded.position,
         assignedOn = excluded.assignedOn, dueDate = excluded.dueDate, note = excluded.note,
         gameDate = excluded.gameDate, homeTeam = excluded.homeTeam, awayTeam = excluded.awayTeam,
         updatedAt = excluded.updatedAt`,
    )
    .run(
      m.uid,
      m.owner,
      m.rev ?? null,
      s.assignee,
      p.source,
      p.playerId,
      p.name,
      p.dateOfBirth,
      p.position,
      s.assignedOn,
      s.dueDate,
      s.note,
      s.game?.date ?? null,
      s.game?.homeTeam ?? '',
      s.game?.awayTeam ?? '',
      m.at,
      m.at,
    );
  dropTombstone(ctx.db, 'assignment', m.uid);
}

/** The department's settings as their row. */
export function writeSetting(ctx: WriteCtx, m: RecordMeta, s: SettingState): void {
  if (s.deleted) {
    ctx.db.query<never, [string]>('DELETE FROM department_settings WHERE uid = ?').run(m.uid);
    return;
  }
  ctx.db
    .query(
      `INSERT INTO department_settings (uid, owner, rev, disagreementThreshold, updatedAt) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (uid) DO UPDATE SET owner = excluded.owner, rev = coalesce(excluded.rev, rev),
         disagreementThreshold = excluded.disagreementThreshold, updatedAt = excluded.updatedAt`,
    )
    .run(m.uid, m.owner, m.rev ?? null, s.disagreementThreshold, m.at);
  dropTombstone(ctx.db, 'setting', m.uid);
}
