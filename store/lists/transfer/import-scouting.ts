import { randomUUID } from 'node:crypto';
import type { ListsImportReport } from '../../../shared/bridge/lists-safety.ts';
import { type BoardEntry, type VersionEntry, versionEntriesOf } from '../../../shared/domain/boards.ts';
import type { WritableDB } from '../../common/db.ts';
import { boardDetail, boardNamed, keepVersion, writeEntries } from '../board-rows.ts';
import { departmentOf, writable } from '../department/identity.ts';
import { insertReport, type ReportRow, updateReport } from '../report-rows.ts';
import type { FileBoard, FileReport } from './format.ts';

/**
 * Merging the reports and boards of a `rinkside-lists` file (version 3) into the lists' file, inside the
 * import's one transaction. Nothing is overwritten silently:
 *
 * - a report merges by `uid`: a new one is added; of two versions of one report the later `updatedAt`
 *   wins (a draft finished on another computer), and the import report counts it; a colleague's copy
 *   from the department is his, and kept as it is;
 * - a board merges by its global id (a file of the scout's own, version 4) or else by name (any case) and
 *   scout, never into a colleague's copy from the department: a new one is added with its versions; when both differ,
 *   the older order is kept as a dated version of the board ("Before the import of …" or "Imported, older
 *   …") and the newer one is the board's order; the file's versions the board lacks are added.
 *
 * `scout` of a row is its own, else the file's `scout`; this computer's scout (empty, or his own name) is
 * stored as empty, so his own file imported back merges into his own boards.
 */

/** Whose a row of the file is, as stored. */
export const scoutOf = (row: string, file: string, mine: string) => {
  const s = row !== '' ? row : file;
  return s === '' || (mine !== '' && s.toLocaleLowerCase('en') === mine.toLocaleLowerCase('en')) ? '' : s;
};

/** Merges one report of the file. */
export function mergeReport(db: WritableDB, f: FileReport, scout: string, r: ListsImportReport): void {
  const have = db.query<ReportRow, [string]>('SELECT * FROM scouting_reports WHERE uid = ?').get(f.uid);
  const fields = { ...f, grades: JSON.stringify(f.grades) };
  if (have !== undefined && !writable(have, departmentOf(db))) {
    r.reportsKept++;
    return;
  }
  if (have === undefined) {
    insertReport(db, {
      ...fields,
      source: f.player.source,
      playerId: f.player.id,
      playerName: f.player.name,
      playerPosition: f.player.position,
      dateOfBirth: f.player.dateOfBirth,
      scout,
    });
    r.reportsAdded++;
  } else if (Date.parse(f.updatedAt) > Date.parse(have.updatedAt)) {
    updateReport(db, have.id, fields);
    r.reportsUpdated++;
  } else r.reportsKept++;
}

/** The file board's players as the store keeps them: tiers by index, in tier order, no-interest last. */
function entriesOf(b: FileBoard): BoardEntry[] {
  const tierIndex = (name: string) =>
    Math.max(
      0,
      b.tiers.findIndex((t) => t.toLocaleLowerCase('en') === name.toLocaleLowerCase('en')),
    );
  return b.players
    .map((p) => ({
      source: p.player.source,
      playerId: p.player.id,
      name: p.player.name,
      position: p.player.position,
      dateOfBirth: p.player.dateOfBirth,
      tier: tierIndex(p.tier),
      noInterest: p.noInterest,
    }))
    .map((e, i) => ({ e, i }))
    .sort((x, y) => Number(x.e.noInterest) - Number(y.e.noInterest) || x.e.tier - y.e.tier || x.i - y.i)
    .map(({ e }) => e);
}

const sameOrder = (a: readonly BoardEntry[], b: readonly BoardEntry[]) =>
  a.length === b.length &&
  a.every((e, i) => {
    const o = b[i] as BoardEntry;
    return e.source === o.source && e.playerId === o.playerId && e.tier === o.tier && e.noInterest === o.noInterest;
  });

/** Adds the file board's versions that board `id` lacks (same time and label). */
function addVersions(db: WritableDB, id: number, b: FileBoard): void {
  const have = new Set(boardDetail(db, id).versions.map((v) => `${v.savedAt}\u0000${v.label}`));
  for (const v of b.versions) {
    if (have.has(`${v.savedAt}\u0000${v.label}`)) continue;
    const entries: VersionEntry[] = v.entries.map((e) => ({
      source: e.player.source,
      playerId: e.player.id,
      name: e.player.name,
      tier: e.tier,
      rank: e.rank,
    }));
    db.query<never, [number, string, string, string]>(
      'INSERT INTO draft_board_versions (boardId, label, savedAt, entries) VALUES (?, ?, ?, ?)',
    ).run(id, v.label, v.savedAt, JSON.stringify(entries));
  }
}

/** The board of `uid` the scout may write, or undefined. */
function boardOfId(db: WritableDB, uid: string | undefined): { id: number } | undefined {
  if (uid === undefined) return undefined;
  const b = db
    .query<{ id: number; owner: string; kind: string }, [string]>(
      'SELECT id, owner, kind FROM draft_boards WHERE uid = ?',
    )
    .get(uid);
  return b !== undefined && writable(b, departmentOf(db)) ? { id: b.id } : undefined;
}

/**
 * Merges one board of the file (see the module's comment): `scout` is whose it is as stored, `at` the
 * import's time, `keep` whether the file's ids are kept.
 */
export function mergeBoard(
  db: WritableDB,
  b: FileBoard,
  o: { scout: string; at: string; keep: boolean },
  r: ListsImportReport,
): void {
  const { scout, at } = o;
  const entries = entriesOf(b);
  const taken = (uid: string | undefined) =>
    uid !== undefined && db.query<{ id: number }, [string]>('SELECT id FROM draft_boards WHERE uid = ?').get(uid);
  const found = (o.keep ? boardOfId(db, b.uid) : undefined) ?? boardNamed(db, b.name, scout);
  const setOrder = (id: number, tiers: readonly string[], updatedAt: string) => {
    db.query<never, [string, string, number]>('UPDATE draft_boards SET tiers = ?, updatedAt = ? WHERE id = ?').run(
      JSON.stringify(tiers),
      updatedAt,
      id,
    );
    writeEntries(db, id, entries);
  };
  if (found === undefined) {
    const uid = o.keep && b.uid !== undefined && !taken(b.uid) ? b.uid : randomUUID();
    const id = db
      .query<never, [string, string, string, string, string, string]>(
        'INSERT INTO draft_boards (uid, name, scout, tiers, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(uid, b.name, scout, JSON.stringify(b.tiers), b.createdAt, b.updatedAt).lastInsertRowid;
    setOrder(id, b.tiers, b.updatedAt);
    addVersions(db, id, b);
    r.boardsAdded++;
    return;
  }
  const have = boardDetail(db, found.id);
  if (sameOrder(have.entries, entries) && JSON.stringify(have.board.tiers) === JSON.stringify(b.tiers)) {
    r.boardsKept++;
  } else if (Date.parse(b.updatedAt) > Date.parse(have.board.updatedAt)) {
    keepVersion(db, found.id, `Before the import of ${at.slice(0, 10)}`, at);
    setOrder(found.id, b.tiers, b.updatedAt);
    r.boardsUpdated++;
  } else {
    // The file's order is the older one: it becomes a version of the board, which keeps its own order.
    const snapshot = versionEntriesOf({ board: b, entries });
    db.query<never, [number, string, string, string]>(
      'INSERT INTO draft_board_versions (boardId, label, savedAt, entries) VALUES (?, ?, ?, ?)',
    ).run(found.id, `Imported, older (${b.updatedAt.slice(0, 10)})`, b.updatedAt, JSON.stringify(snapshot));
    r.boardsKept++;
  }
  addVersions(db, found.id, b);
}
