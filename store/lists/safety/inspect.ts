import { statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { matchSchema } from './schema-tables.ts';

/**
 * The check of a lists file (or a backup) before it is used: it exists, is not empty, opens as SQLite,
 * passes `PRAGMA quick_check`, and its schema version agrees with the tables it holds (schema-tables.ts),
 * or is a newer Rinkside's. A good SQLite file with no table at all is `blank`: a new file, unless lists
 * existed. Read-only: the file is never changed here.
 */
export type FileState =
  | { kind: 'ok'; version: number }
  | { kind: 'missing' }
  | { kind: 'empty' }
  | { kind: 'blank' }
  | { kind: 'newer'; version: number }
  | { kind: 'bad'; reason: string };

/** A SQLite error in words: its own message, without the library's prefix. */
function why(err: unknown): string {
  const e = err as { errstr?: unknown; message?: unknown };
  if (typeof e.errstr === 'string' && e.errstr !== '') return e.errstr;
  return typeof e.message === 'string' ? e.message : String(err);
}

/** What quick_check found, in a few words: its first findings. */
function findings(rows: { quick_check?: unknown }[]): string {
  return rows
    .slice(0, 3)
    .map((r) => String(r.quick_check))
    .join('; ');
}

/**
 * Checks `file`. A file with a journal beside it (a crash mid-write) is opened read-write by SQLite's
 * rules only when `readOnly` is false: then the journal is rolled back first, as any reader would.
 */
export function inspectFile(file: string, readOnly = false): FileState {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (stat === undefined) return { kind: 'missing' };
  if (stat.size === 0) return { kind: 'empty' };
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(file, { readOnly });
    const rows = db.prepare('PRAGMA quick_check').all() as { quick_check?: unknown }[];
    if (rows.length !== 1 || rows[0]?.quick_check !== 'ok')
      return { kind: 'bad', reason: `damaged pages (${findings(rows)})` };
    const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    const match = matchSchema(db, version);
    if (match.kind === 'bad') return match;
    if (match.kind === 'newer') return { kind: 'newer', version };
    if (version === 0) {
      const any = db.prepare('SELECT COUNT(*) AS n FROM sqlite_master').get() as { n: number };
      if (any.n === 0) return { kind: 'blank' };
    }
    return { kind: 'ok', version };
  } catch (err) {
    return { kind: 'bad', reason: why(err) };
  } finally {
    db?.close();
  }
}
