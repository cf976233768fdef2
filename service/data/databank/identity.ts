import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { META_KEYS } from '../../db/schema.ts';

/**
 * The identity of a Hockey Databank import (`meta.databaseId`, service/db/open.ts `databaseIdentity`),
 * made from the files it read rather than at random: two scouts who import the same Databank get one
 * source (`embedded:<databaseId>`, shared/domain/sources.ts), so their reports, lists and boards name the same
 * players by the same id, and a department's colleagues meet on them. Re-importing the same files gives
 * the same identity; any changed byte gives another.
 *
 * SHA-256 over {@link DATABANK_IDENTITY_SCHEME}, then each file read, in sorted order of name: its name, a
 * NUL, its length in bytes, a NUL, its bytes. The scheme names how this importer turns the files into
 * rows: a change to the importer that numbers players otherwise must change it, so that an import by a
 * newer importer is never mistaken for one whose ids it does not share.
 */
export const DATABANK_IDENTITY_SCHEME = 'rinkside hockey-databank import 1';

/** The identity of an import of `files` (names in `dir`): `databank-` and 40 hex digits of the hash. */
export function databankIdentity(dir: string, files: readonly string[]): string {
  const hash = createHash('sha256').update(`${DATABANK_IDENTITY_SCHEME}\n`);
  for (const name of [...files].sort()) {
    const bytes = fs.readFileSync(path.join(dir, name));
    hash.update(`${name}\u0000${bytes.length}\u0000`);
    hash.update(bytes);
  }
  return `databank-${hash.digest('hex').slice(0, 40)}`;
}

/** Writes `id` as the database's identity (replacing the random one the new file was given). */
export function writeIdentity(db: DatabaseSync, id: string): void {
  db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(META_KEYS.databaseId, id);
}
