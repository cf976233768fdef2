import { withoutControls } from '../../shared/domain/text-safety.ts';
import type { CachedPlayer } from '../cache/read-only.ts';

/**
 * Whether a kept entry is the player of the data in use: the player cache holds the entry's source,
 * and the cache's player of that id is the one kept (same birth date when both are known, else the same
 * name, accents, case and spacing aside). Another database that numbers its players alike, or a
 * database replaced under the same identity, never gets a note of another player.
 */

/**
 * A name compared loosely: accents, case, runs of spaces and hidden controls (a kept name has its unpaired
 * ones closed, shared/domain/text-safety.ts) ignored.
 */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) =>
    withoutControls(s).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return norm(a) === norm(b);
}

/** Whether `kept` (as an entry keeps him) and `cached` (as the cache holds the same id) are one player. */
export function samePlayer(
  kept: { name: string; dateOfBirth: string | null },
  cached: Pick<CachedPlayer, 'name' | 'dateOfBirth'>,
): boolean {
  if (kept.dateOfBirth !== null && cached.dateOfBirth !== null) return kept.dateOfBirth === cached.dateOfBirth;
  return sameName(kept.name, cached.name);
}
