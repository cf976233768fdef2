/**
 * Which version of the synthetic world's rules built a database, so a demo database made by older rules is
 * built again on the next start (the same seed gives other data under new rules). Kept apart from the
 * generator: the service child checks it on every start and loads the generator only to build.
 */

import { DatabaseSync } from 'node:sqlite';

/**
 * The synthetic world's version, recorded as `world` in `meta.provenance`. 1 (or absent): leagues had
 * no strength; 2: league strengths, scoring against them, moves between leagues by skill, ΣGF = ΣGA.
 */
export const WORLD_VERSION = 2;

/**
 * Whether the demo database at `file` (which must exist) was built by the current rules: true unless it
 * is a synthetic world of an older `world` version. A file that cannot be read as one is left to the
 * service to report (true).
 */
export function demoIsCurrent(file: string): boolean {
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    // The key of `META_KEYS.provenance`, spelled out: importing the schema would load zod into the launcher.
    const row = db.prepare("SELECT value FROM meta WHERE key = 'provenance'").get() as { value: string } | undefined;
    if (row === undefined) return true;
    const p = JSON.parse(row.value) as { source?: unknown; world?: unknown };
    if (p.source !== 'synthetic') return true;
    return typeof p.world === 'number' && p.world >= WORLD_VERSION;
  } catch {
    return true;
  } finally {
    db?.close();
  }
}
