/** Temp folders and small SQL helpers for the service-data tests (real SQLite files, no mocks). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** A fresh temp directory, removed by the returned cleanup. */
export function tempDir(prefix = 'rinkside-data-'): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Opens a database file read-only with plain node:sqlite (not the code under test). */
export function openPlain(file: string): DatabaseSync {
  return new DatabaseSync(file, { readOnly: true });
}

/** All rows of every table, ordered by rowid/primary key, as one JSON string (for equality checks). */
export function dumpAll(file: string): string {
  const db = openPlain(file);
  try {
    const tables = (
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .all() as {
        name: string;
      }[]
    ).map((t) => t.name);
    const out: Record<string, unknown[]> = {};
    for (const t of tables) {
      const n = db.prepare(`PRAGMA table_info("${t}")`).all().length;
      const order = Array.from({ length: n }, (_, i) => i + 1).join(', ');
      // The file's identity is its own, not data: two seeds of one world are two databases.
      const where = t === 'meta' ? ` WHERE key <> 'databaseId'` : '';
      out[t] = db.prepare(`SELECT * FROM "${t}"${where} ORDER BY ${order}`).all();
    }
    return JSON.stringify(out);
  } finally {
    db.close();
  }
}

/** The single number a scalar query returns. */
export function scalar(db: DatabaseSync, sql: string, ...params: (string | number)[]): number {
  const row = db.prepare(sql).get(...params) as Record<string, number> | undefined;
  return Number(Object.values(row ?? {})[0]);
}
