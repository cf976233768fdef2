import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { LISTS_FILE_MAX_CHARS, type ListsImportReport } from '../../../shared/bridge/lists-safety.ts';
import { quoteText } from '../../../shared/domain/text-safety.ts';
import type { WritableDB } from '../../common/db.ts';
import { bulkChanges } from '../department/bulk.ts';
import { departmentOf } from '../department/identity.ts';
import { ListsFileError } from '../errors.ts';
import { pinnedFactors, putPin } from '../factors.ts';
import { listNamed } from '../lists.ts';
import type { EntryRow } from '../rows.ts';
import {
  type FileEntry,
  FileHeaderSchema,
  type FileList,
  LISTS_FORMAT_VERSION,
  type ListsDocument,
  ListsDocumentSchema,
} from './format.ts';
import { mergeBoard, mergeReport, scoutOf } from './import-scouting.ts';

/**
 * Reading a `rinkside-lists` file into the lists: the whole file is checked before anything is written
 * (a bad one throws {@link ListsFileError} naming the place, `lists[2].entries[14].rating`), then every
 * list and entry is merged in one transaction. A list merges into the list of the same name (any case);
 * an entry into the entry of the same player (source and id) in it: the newer of the two (by `updatedAt`)
 * gives the rating and the note, and the other's note, when it differs and is not empty, is kept as the
 * entry's previous note. A pinned league factor merges by league: the later pin wins. Nothing is ever
 * overwritten silently and nothing is half-imported. The global ids of a version-4 file are kept when it
 * is this scout's own (its `owner` is his department login): a list then merges into the one of the same id
 * first, and new records keep their ids; any other file's records get ids of their own here. With a
 * department set up, every record of his the import changed is queued for it in the same transaction.
 */

/** The file's id for a new row of `table`, when the file's ids are kept and no row has it; else a new one. */
function idFor(db: WritableDB, table: string, uid: string | undefined, keep: boolean): string {
  if (keep && uid !== undefined) {
    const taken = db.query<{ id: number }, [string]>(`SELECT id FROM ${table} WHERE uid = ?`).get(uid);
    if (taken === undefined) return uid;
  }
  return randomUUID();
}

/** A zod issue's path as JSON-path-like text: `lists[2].entries[14].rating`. */
export function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out === '' ? '' : '.'}${String(p)}`;
  return out === '' ? '(the file)' : out;
}

/**
 * Words naming what the place is about: the list's name and the entry's player, when the file has them,
 * quoted isolated when they hold hidden controls (a name of the file may be the very text refused).
 */
function context(raw: unknown, path: readonly PropertyKey[]): string {
  const lists = (raw as { lists?: unknown })?.lists;
  if (path[0] !== 'lists' || typeof path[1] !== 'number' || !Array.isArray(lists)) return '';
  const list = lists[path[1]] as { name?: unknown; entries?: unknown } | undefined;
  const words: string[] = [];
  if (typeof list?.name === 'string') words.push(`list “${quoteText(list.name)}”`);
  if (path[2] === 'entries' && typeof path[3] === 'number' && Array.isArray(list?.entries)) {
    const name = (list.entries[path[3]] as { player?: { name?: unknown } } | undefined)?.player?.name;
    if (typeof name === 'string') words.push(`player ${quoteText(name)}`);
  }
  return words.length > 0 ? ` (${words.join(', ')})` : '';
}

/** The first issue of a failed parse, as a {@link ListsFileError}. */
function fileError(raw: unknown, error: z.ZodError): ListsFileError {
  const issue = error.issues[0];
  const path = issue?.path ?? [];
  const where = pathText(path);
  return new ListsFileError(where, `${where}: ${issue?.message ?? 'malformed'}${context(raw, path)}.`);
}

/** Parses and checks a file's text; throws {@link ListsFileError} naming the first problem. */
export function parseListsFile(text: string): ListsDocument {
  if (text.length > LISTS_FILE_MAX_CHARS) {
    throw new ListsFileError('(the file)', `The file is larger than ${LISTS_FILE_MAX_CHARS / 1024 / 1024} MB.`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ListsFileError(
      '(the file)',
      `This is not a Rinkside lists file: it is not JSON (${(err as Error).message}).`,
    );
  }
  const header = FileHeaderSchema.safeParse(raw);
  if (!header.success) {
    const e = fileError(raw, header.error);
    throw new ListsFileError(e.key, `This is not a Rinkside lists file: ${e.message}`);
  }
  if (header.data.version > LISTS_FORMAT_VERSION) {
    throw new ListsFileError(
      'version',
      `version: this file was written by a newer Rinkside (format version ${header.data.version}; this one reads up to ${LISTS_FORMAT_VERSION}). Update Rinkside to import it.`,
    );
  }
  const doc = ListsDocumentSchema.safeParse(raw);
  if (!doc.success) throw fileError(raw, doc.error);
  return doc.data;
}

const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);
const earlier = (a: string, b: string) => (Date.parse(a) <= Date.parse(b) ? a : b);

/** Merges one entry of the file into list `listId`; counts what it did in `r`. `keep`: the file's ids are kept. */
function mergeEntry(db: WritableDB, listId: number, f: FileEntry, r: ListsImportReport, keep: boolean): void {
  const p = f.player;
  const have = db
    .query<EntryRow, [number, string, number]>(
      'SELECT * FROM scouting_list_entries WHERE listId = ? AND source = ? AND playerId = ?',
    )
    .get(listId, p.source, p.id);
  if (have === undefined) {
    db.query(
      `INSERT INTO scouting_list_entries (uid, listId, source, playerId, playerName, dateOfBirth, position, rating, note,
         previousNote, previousNoteAt, addedAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      idFor(db, 'scouting_list_entries', f.uid, keep),
      listId,
      p.source,
      p.id,
      p.name,
      p.dateOfBirth,
      p.position,
      f.rating,
      f.note,
      f.previousNote?.text ?? null,
      f.previousNote?.at ?? null,
      f.addedAt,
      f.updatedAt,
    );
    r.entriesAdded++;
    return;
  }
  const fileNewer = Date.parse(f.updatedAt) > Date.parse(have.updatedAt);
  const winner = fileNewer
    ? { rating: f.rating, note: f.note, updatedAt: f.updatedAt }
    : { rating: have.rating, note: have.note, updatedAt: have.updatedAt };
  const loser = fileNewer ? { note: have.note, at: have.updatedAt } : { note: f.note, at: f.updatedAt };
  let previous = {
    text: have.previousNote ?? f.previousNote?.text ?? null,
    at: have.previousNoteAt ?? f.previousNote?.at ?? null,
  };
  if (loser.note !== '' && loser.note !== winner.note && loser.note !== have.previousNote) {
    previous = { text: loser.note, at: loser.at };
    r.previousNotesKept++;
  }
  db.query(
    `UPDATE scouting_list_entries SET playerName = ?, dateOfBirth = ?, position = ?, rating = ?, note = ?,
       previousNote = ?, previousNoteAt = ?, addedAt = ?, updatedAt = ? WHERE id = ?`,
  ).run(
    fileNewer ? p.name : have.playerName,
    have.dateOfBirth ?? p.dateOfBirth,
    have.position ?? p.position,
    winner.rating,
    winner.note,
    previous.text,
    previous.at,
    earlier(have.addedAt, f.addedAt),
    winner.updatedAt,
    have.id,
  );
  if (fileNewer) r.entriesUpdated++;
  else r.entriesKept++;
}

/** The scout's own list of id `uid`, or undefined. */
function listOfId(db: WritableDB, uid: string | undefined): { id: number } | undefined {
  if (uid === undefined) return undefined;
  return db
    .query<{ id: number }, [string, string]>("SELECT id FROM scouting_lists WHERE uid = ? AND owner IN ('', ?)")
    .get(uid, departmentOf(db)?.user ?? '');
}

/**
 * The list of `l`'s id (when the file's ids are kept) or name (merged: its times widened to the file's), or
 * a new one with the file's times.
 */
function listFor(db: WritableDB, l: FileList, r: ListsImportReport, keep: boolean): number {
  const have = (keep ? listOfId(db, l.uid) : undefined) ?? listNamed(db, l.name);
  if (have === undefined) {
    r.listsCreated++;
    return db
      .query<never, [string, string, string, string]>(
        'INSERT INTO scouting_lists (uid, name, createdAt, updatedAt) VALUES (?, ?, ?, ?)',
      )
      .run(idFor(db, 'scouting_lists', l.uid, keep), l.name, l.createdAt, l.updatedAt).lastInsertRowid;
  }
  r.listsMerged++;
  const times = db
    .query<{ createdAt: string; updatedAt: string }, [number]>(
      'SELECT createdAt, updatedAt FROM scouting_lists WHERE id = ?',
    )
    .get(have.id);
  if (times !== undefined) {
    db.query<never, [string, string, number]>(
      'UPDATE scouting_lists SET createdAt = ?, updatedAt = ? WHERE id = ?',
    ).run(earlier(times.createdAt, l.createdAt), later(times.updatedAt, l.updatedAt), have.id);
  }
  return have.id;
}

/** Imports the file `text` into `db` (see the module's comment); all of it or, when it throws, nothing. */
export function importListsFile(db: WritableDB, text: string, myName: string): ListsImportReport {
  const doc = parseListsFile(text);
  const report: ListsImportReport = {
    listsCreated: 0,
    listsMerged: 0,
    entriesAdded: 0,
    entriesUpdated: 0,
    entriesKept: 0,
    previousNotesKept: 0,
    reportsAdded: 0,
    reportsUpdated: 0,
    reportsKept: 0,
    boardsAdded: 0,
    boardsUpdated: 0,
    boardsKept: 0,
  };
  const at = new Date().toISOString();
  const dep = departmentOf(db);
  const keep = dep !== null && doc.owner === dep.user;
  db.tx(() => {
    const bulk = bulkChanges(db);
    for (const l of doc.lists) {
      const listId = listFor(db, l, report, keep);
      for (const e of l.entries) mergeEntry(db, listId, e, report, keep);
    }
    // A pinned factor merges by league: the later pin wins.
    const have = new Map(pinnedFactors(db).map((p) => [p.league, p]));
    for (const f of doc.leagueFactors ?? []) {
      const mine = have.get(f.league);
      if (mine === undefined || Date.parse(f.pinnedAt) > Date.parse(mine.pinnedAt)) putPin(db, f);
    }
    // A file of his own department login is his, whatever name it gives; another login's never is.
    const whose = (row: string) => {
      const s = scoutOf(row, keep ? '' : (doc.scout ?? ''), myName);
      return s === '' && doc.owner !== undefined && !keep ? doc.owner : s;
    };
    for (const r of doc.reports ?? []) mergeReport(db, r, whose(r.scout), report);
    for (const b of doc.boards ?? []) mergeBoard(db, b, { scout: whose(b.scout), at, keep }, report);
    bulk.finish();
  });
  return report;
}
