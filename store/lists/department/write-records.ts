import type { BoardState, EntryState, ListState, ReportState } from '../../../shared/department/changes.ts';
import type { DepartmentIdentity } from '../../../shared/department/laptop.ts';
import type { WritableDB } from '../../common/db.ts';
import { writeEntries } from '../board-rows.ts';
import { dropTombstone, keepTombstone, revOf } from './outbox.ts';
import { type ReportStateRow, reportState } from './states.ts';

/**
 * Writing a record's state from the department into the lists file, by its global id (`uid`): a colleague's
 * record as his read-only copy (his login as `owner`, his name as the department shows it as `scout`), one
 * of the scout's own (from his other laptop, or back after a restore) as his own. Deleting one of his own
 * keeps a tombstone at `rev`; a colleague's deleted record simply goes; a draft the scout is writing is
 * never replaced. No change is queued here: these are the server's states. A write SQLite refuses (a
 * second list of one name for one owner) throws.
 */

/** The department set up, and its file. */
export interface WriteCtx {
  db: WritableDB;
  dep: DepartmentIdentity;
}

/** Which record and whose: `rev` undefined keeps the record's rev (a conflict's state kept by the scout). */
export interface RecordMeta {
  uid: string;
  owner: string;
  rev: string | undefined;
  /** The server's time of the state (display only): a new row's times. */
  at: string;
}

/** The name the department shows for `owner`: the newest of his reports' names, else his login. */
export function displayName(db: WritableDB, owner: string): string {
  return (
    db
      .query<{ scout: string }, [string]>(
        "SELECT scout FROM scouting_reports WHERE owner = ? AND scout <> '' ORDER BY updatedAt DESC LIMIT 1",
      )
      .get(owner)?.scout ?? owner
  );
}

/** Deletes the row of `uid` in `table`; for the scout's own, keeps its tombstone at `rev`. */
function drop(ctx: WriteCtx, table: string, kind: 'report' | 'list' | 'entry' | 'board', m: RecordMeta): void {
  const rev = m.rev ?? revOf(ctx.db, kind, m.uid) ?? null;
  ctx.db.query<never, [string]>(`DELETE FROM ${table} WHERE uid = ?`).run(m.uid);
  if (m.owner === ctx.dep.user) keepTombstone(ctx.db, kind, m.uid, rev);
}

/** A report's body without whose it is, its grades in one key order, as text to compare. */
function bodyText(b: ReportState['body']): string {
  const { scoutName: _name, grades, ...rest } = b;
  const sorted = Object.fromEntries(Object.entries(grades).sort(([x], [y]) => x.localeCompare(y)));
  return JSON.stringify(Object.entries({ ...rest, grades: sorted }).sort(([x], [y]) => x.localeCompare(y)));
}

/**
 * Whether the scout's own report is a draft he changed here after it was taken back (its fields differ from
 * what the department has: `sentState`): such a draft is never replaced by a pull. The department's state
 * is noted as what it has (`sentState`, `rev`), so finishing the draft later pushes on top of it.
 */
function keepDraft(db: WritableDB, m: RecordMeta, s: ReportState): boolean {
  const local = db
    .query<ReportStateRow & { status: string; sentState: string | null }, [string]>(
      'SELECT * FROM scouting_reports WHERE uid = ?',
    )
    .get(m.uid);
  if (local === undefined || local.status !== 'draft' || local.sentState === null) return false;
  const sent = JSON.parse(local.sentState) as ReportState;
  if (bodyText(reportState(local, '').body) === bodyText(sent.body)) return false;
  db.query<never, [string | null, string, string]>(
    'UPDATE scouting_reports SET rev = coalesce(?, rev), sentState = ? WHERE uid = ?',
  ).run(m.rev ?? null, JSON.stringify(s), m.uid);
  return true;
}

/**
 * A report. The scout's own: final as final, retracted as a draft (it is his again to finish), deleted
 * gone; what the department has of it is its `sentState`. A colleague's: final as final, retracted as a
 * draft marked `retracted` (kept, shown as taken back, never counted as final).
 */
export function writeReport(ctx: WriteCtx, m: RecordMeta, s: ReportState): void {
  const { db } = ctx;
  const mine = m.owner === ctx.dep.user;
  if (mine && keepDraft(db, m, s)) return;
  if (mine && s.deleted) {
    drop(ctx, 'scouting_reports', 'report', m);
    return;
  }
  const final = s.status === 'final' && !s.deleted;
  const scout = mine ? '' : s.body.scoutName.trim() || m.owner;
  const b = s.body;
  const p = s.player;
  db.query(
    `INSERT INTO scouting_reports (uid, source, playerId, playerName, playerPosition, dateOfBirth, scout, owner, rev,
       gameDate, homeTeam, awayTeam, league, score, positionPlayed, kind, grades, projection, strengths, weaknesses,
       notes, status, retracted, sentState, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (uid) DO UPDATE SET source = excluded.source, playerId = excluded.playerId,
       playerName = excluded.playerName, playerPosition = excluded.playerPosition, dateOfBirth = excluded.dateOfBirth,
       scout = excluded.scout, owner = excluded.owner, rev = coalesce(excluded.rev, rev), gameDate = excluded.gameDate,
       homeTeam = excluded.homeTeam, awayTeam = excluded.awayTeam, league = excluded.league, score = excluded.score,
       positionPlayed = excluded.positionPlayed, kind = excluded.kind, grades = excluded.grades,
       projection = excluded.projection, strengths = excluded.strengths, weaknesses = excluded.weaknesses,
       notes = excluded.notes, status = excluded.status, retracted = excluded.retracted,
       sentState = excluded.sentState, updatedAt = excluded.updatedAt`,
  ).run(
    m.uid,
    p.source,
    p.playerId,
    p.name,
    p.position,
    p.dateOfBirth,
    scout,
    m.owner,
    m.rev ?? null,
    b.gameDate,
    b.homeTeam,
    b.awayTeam,
    b.league,
    b.score,
    b.positionPlayed,
    b.kind,
    JSON.stringify(b.grades),
    b.projection,
    b.strengths,
    b.weaknesses,
    b.notes,
    final ? 'final' : 'draft',
    !mine && !final ? 1 : 0,
    mine ? JSON.stringify(s) : null,
    m.at,
    m.at,
  );
  if (mine) dropTombstone(db, 'report', m.uid);
  else {
    // His lists and boards show the name his newest report gives.
    const name = displayName(db, m.owner);
    db.query<never, [string, string]>('UPDATE scouting_lists SET scout = ? WHERE owner = ?').run(name, m.owner);
    db.query<never, [string, string]>("UPDATE draft_boards SET scout = ? WHERE owner = ? AND kind = 'scout'").run(
      name,
      m.owner,
    );
  }
}

/** A list: the scout's own, or a colleague's shared one (his name as `scout`). */
export function writeList(ctx: WriteCtx, m: RecordMeta, s: ListState): void {
  if (s.deleted) {
    drop(ctx, 'scouting_lists', 'list', m);
    return;
  }
  const mine = m.owner === ctx.dep.user;
  ctx.db
    .query(
      `INSERT INTO scouting_lists (uid, name, owner, scout, shared, rev, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (uid) DO UPDATE SET name = excluded.name, owner = excluded.owner, scout = excluded.scout,
         shared = excluded.shared, rev = coalesce(excluded.rev, rev), updatedAt = excluded.updatedAt`,
    )
    .run(m.uid, s.name, m.owner, mine ? '' : displayName(ctx.db, m.owner), s.shared ? 1 : 0, m.rev ?? null, m.at, m.at);
  if (mine) dropTombstone(ctx.db, 'list', m.uid);
}

/**
 * An entry, in its list (by the list's global id).
 * @throws Error when its list is not in the file (not shared with this scout, or deleted here).
 */
export function writeEntry(ctx: WriteCtx, m: RecordMeta, s: EntryState): void {
  if (s.deleted) {
    drop(ctx, 'scouting_list_entries', 'entry', m);
    return;
  }
  const list = ctx.db.query<{ id: number }, [string]>('SELECT id FROM scouting_lists WHERE uid = ?').get(s.listId);
  if (list === undefined) throw new Error(`its list ${s.listId} is not on this computer`);
  const p = s.player;
  ctx.db
    .query(
      `INSERT INTO scouting_list_entries (uid, listId, owner, rev, source, playerId, playerName, dateOfBirth, position,
         rating, note, addedAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (uid) DO UPDATE SET owner = excluded.owner, rev = coalesce(excluded.rev, rev),
         source = excluded.source, playerId = excluded.playerId, playerName = excluded.playerName,
         dateOfBirth = excluded.dateOfBirth, position = excluded.position, rating = excluded.rating,
         note = excluded.note, updatedAt = excluded.updatedAt`,
    )
    .run(
      m.uid,
      list.id,
      m.owner,
      m.rev ?? null,
      p.source,
      p.playerId,
      p.name,
      p.dateOfBirth,
      p.position,
      s.rating,
      s.note,
      m.at,
      m.at,
    );
  if (m.owner === ctx.dep.user) dropTombstone(ctx.db, 'entry', m.uid);
}

/**
 * A board, its players in the order given. The department's board shows as the scout "Department".
 * @throws Error when a player's tier is not one of the board's.
 */
export function writeBoard(ctx: WriteCtx, m: RecordMeta, s: BoardState): void {
  if (s.deleted) {
    drop(ctx, 'draft_boards', 'board', m);
    return;
  }
  const bad = s.entries.findIndex((e) => e.tier >= s.tiers.length);
  if (bad >= 0) throw new Error(`entries.${bad}.tier: no such tier`);
  const mine = m.owner === ctx.dep.user && s.kind === 'scout';
  const scout = s.kind === 'department' ? 'Department' : mine ? '' : displayName(ctx.db, m.owner);
  const row = ctx.db
    .query<{ id: number }, [string, string, string, string, string, string | null, string, string, string]>(
      `INSERT INTO draft_boards (uid, name, scout, owner, kind, rev, tiers, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (uid) DO UPDATE SET name = excluded.name, scout = excluded.scout, owner = excluded.owner,
         rev = coalesce(excluded.rev, rev), tiers = excluded.tiers, updatedAt = excluded.updatedAt
       RETURNING id`,
    )
    .get(m.uid, s.name, scout, m.owner, s.kind, m.rev ?? null, JSON.stringify(s.tiers), m.at, m.at);
  writeEntries(
    ctx.db,
    row?.id as number,
    s.entries.map((e) => ({
      source: e.source,
      playerId: e.playerId,
      name: e.name,
      position: e.position,
      dateOfBirth: e.dateOfBirth,
      tier: e.tier,
      noInterest: e.noInterest,
    })),
  );
  if (m.owner === ctx.dep.user) dropTombstone(ctx.db, 'board', m.uid);
}
