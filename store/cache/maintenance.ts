import { statSync } from 'node:fs';
import type { CacheRebuild } from '../../shared/bridge/offline-bridge.ts';
import type { WritableDB } from '../common/db.ts';
import type { CacheCalls } from './api.ts';
import { SYNCED_TABLES } from './sync/checkpoints.ts';

/**
 * The player cache's file itself: its size, the rebuild its opening did (opening.ts), and clearing it.
 * A clear deletes every downloaded row and then runs `VACUUM`: the pages SQLite frees stay in the file
 * otherwise (`auto_vacuum` only applies to a new file or after a full VACUUM), so a cleared store of a
 * million rows kept its hundreds of MB on disk.
 */

/** The file's size with its WAL, in bytes (0 when absent). */
function bytesOf(file: string): number {
  const size = (f: string) => statSync(f, { throwIfNoEntry: false })?.size ?? 0;
  return size(file) + size(`${file}-wal`);
}

export function createCacheCalls(db: WritableDB, file: string, rebuilt: CacheRebuild | null): CacheCalls {
  let notice = rebuilt;
  return {
    cacheFile: () => ({ file, bytes: bytesOf(file) }),
    rebuilt: () => notice,
    dismissRebuilt() {
      notice = null;
    },
    clear() {
      const bytesBefore = bytesOf(file);
      db.tx(() => {
        for (const t of SYNCED_TABLES) db.exec(`DELETE FROM ${t}`);
        // The names' words too (a download keeps them across a change of service): nothing downloaded stays.
        db.exec('DELETE FROM name_words');
        db.exec("INSERT INTO name_word_trigrams (name_word_trigrams) VALUES ('delete-all')");
        db.exec("DELETE FROM store_meta WHERE key = 'baseUrl'");
        // The search index keeps its emptied segments until merged.
        db.exec("INSERT INTO player_search (player_search) VALUES ('optimize')");
      });
      db.exec('VACUUM');
      // VACUUM wrote the new file through the WAL: put it in the file and cut the WAL to nothing.
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      return { file, bytes: bytesOf(file), bytesBefore };
    },
  };
}
