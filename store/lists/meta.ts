import type { WritableDB } from '../common/db.ts';

/** The lists file's own facts (table `lists_meta`, key → text). */

export function getMeta(db: WritableDB, key: string): string | null {
  return db.query<{ value: string }, [string]>('SELECT value FROM lists_meta WHERE key = ?').get(key)?.value ?? null;
}

export function setMeta(db: WritableDB, key: string, value: string): void {
  db.query<never, [string, string]>(
    'INSERT INTO lists_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}
