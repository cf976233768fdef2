import { type About, AboutSchema } from '../../shared/contract/about.ts';
import type { WritableDB } from '../common/db.ts';

/**
 * The store's own facts (table `store_meta`, key → text): which service its synced rows came from, and
 * the last `GET /about` answer of the service in use with which service it was, so the Databank's
 * attribution is shown (and written into exports) while that service cannot be reached. A sync from
 * another service clears the rows and that answer with them, unless it is the new service's own
 * (sync/checkpoints.ts).
 */
export interface Meta {
  /** Which service the synced rows came from (a base URL, or `embedded`), or null when none is recorded. */
  source(): string | null;
  setSource(source: string): void;
  /**
   * The last `/about` answer kept for `source`, or null when none is kept for it (another service's
   * answer is never given for this one).
   */
  lastAbout(source: string): About | null;
  /** Keeps `about` as the last answer of `source`, replacing any other service's (written only when it changed). */
  keepAbout(source: string, about: About): void;
  /** Forgets the kept `/about` unless it is `source`'s. */
  dropAboutUnlessOf(source: string): void;
  /** Records the kept `/about` of `from` (if any) as `to`'s. */
  moveAbout(from: string, to: string): void;
}

/** Keys of `store_meta`. `baseUrl` is the first schema's name for the source of the rows. */
const SOURCE = 'baseUrl';
const ABOUT = 'about';

export function createMeta(db: WritableDB): Meta {
  const get = (key: string): string | null =>
    db.query<{ value: string }, [string]>('SELECT value FROM store_meta WHERE key = ?').get(key)?.value ?? null;
  const set = (key: string, value: string) =>
    db
      .query<never, [string, string]>(
        'INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
  /** The kept answer and its source; null when absent or unreadable (never trusted blindly). */
  const kept = (): { source: string; about: About } | null => {
    const raw = get(ABOUT);
    if (raw === null) return null;
    try {
      const v = JSON.parse(raw) as { source?: unknown; about?: unknown };
      const about = AboutSchema.safeParse(v.about);
      return typeof v.source === 'string' && about.success ? { source: v.source, about: about.data } : null;
    } catch {
      return null;
    }
  };
  return {
    source: () => get(SOURCE),
    setSource: (source) => set(SOURCE, source),
    lastAbout(source) {
      const k = kept();
      return k !== null && k.source === source ? k.about : null;
    },
    keepAbout(source, about) {
      const text = JSON.stringify({ source, about });
      if (get(ABOUT) !== text) set(ABOUT, text);
    },
    moveAbout(from, to) {
      const k = kept();
      if (k !== null && k.source === from) set(ABOUT, JSON.stringify({ source: to, about: k.about }));
    },
    dropAboutUnlessOf(source) {
      if (kept()?.source !== source) db.query<never, [string]>('DELETE FROM store_meta WHERE key = ?').run(ABOUT);
    },
  };
}
