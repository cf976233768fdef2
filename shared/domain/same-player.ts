import { withoutControls } from './text-safety.ts';

/**
 * Whether a player kept in the lists (a list entry, a board's player) is the player the offline store holds
 * under the same id: same birth date when both are known, else the same name (accents, case and spacing
 * aside). Another database that numbers its players alike, or a database replaced under the same identity,
 * never gets another player's facts.
 */

/**
 * A name compared loosely: accents, case, runs of spaces and hidden controls (a kept name has its unpaired
 * ones closed, text-safety.ts) ignored.
 */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) =>
    withoutControls(s).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return norm(a) === norm(b);
}

/** Whether `kept` (as the lists keep him) and `held` (as the store holds the same id) are one player. */
export function samePlayer(
  kept: { name: string; dateOfBirth: string | null },
  held: { name: string; dateOfBirth: string | null },
): boolean {
  if (kept.dateOfBirth !== null && held.dateOfBirth !== null) return kept.dateOfBirth === held.dateOfBirth;
  return sameName(kept.name, held.name);
}
