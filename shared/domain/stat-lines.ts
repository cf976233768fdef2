/**
 * What kind of line a player statistics record is, and which positions a player plays. Pure functions.
 *
 * A player may have two records in one team-season: a skater who went in goal (King Clancy, Toronto
 * 1931-32) has a skating line and a goalie line. Leaders, totals and careers keep the two apart.
 */

import type { PositionGroup } from './nhle.ts';

/** Keys only a goalie line records: decisions, shutouts, goals and shots against. */
export const GOALIE_ONLY_KEYS = ['W', 'L', 'T', 'SO', 'GA', 'SA'] as const;

/**
 * Whether a statistics record is a goalie line: a block of it records a goalie's decisions, shutouts, goals
 * or shots against (a skating line never does; TOI alone does not tell, skaters have it too).
 */
export function isGoalieLine(...blocks: (Readonly<Record<string, unknown>> | null | undefined)[]): boolean {
  return blocks.some((b) => b != null && GOALIE_ONLY_KEYS.some((k) => b[k] != null));
}

/** The positions a stats browser filters by: centre, left and right wing, defence, goalie, and forward. */
export const POSITIONS = ['C', 'LW', 'RW', 'D', 'G', 'F'] as const;
export type Position = (typeof POSITIONS)[number];

/** A forward position: `F` (forward, side unknown) or one of C, LW, RW. */
const FORWARDS: readonly Position[] = ['C', 'LW', 'RW', 'F'];

/**
 * The positions a player plays: the spec's `detailedPosition` (`["C","RW"]`; `L`, `R`, `W` read as LW, RW,
 * and both wings), else his `position` letter (G, D, F, or C/LW/RW); empty when neither is known.
 */
export function playerPositions(detailed: readonly string[], position: string | null | undefined): Position[] {
  const out = new Set<Position>();
  const add = (p: string) => {
    const u = p.trim().toUpperCase();
    if (u === 'L') out.add('LW');
    else if (u === 'R') out.add('RW');
    else if (u === 'W') {
      out.add('LW');
      out.add('RW');
    } else if ((POSITIONS as readonly string[]).includes(u)) out.add(u as Position);
  };
  for (const p of detailed) add(p);
  if (out.size === 0 && position) add(position);
  return POSITIONS.filter((p) => out.has(p));
}

/**
 * A player's position group (forwards or defence) from his listed position, the first one named: the
 * spec's `position` (`F`, `D`, `G`; a list such as `C/LW` or `D/LW` is read by its first entry, so `C/LW` is
 * a forward and `D/LW` a defenceman), else the first of his `detailedPosition`. Not from every position he
 * ever played: a defenceman who also played wing stays with the defence. Null for a goalie (`G`) or when
 * neither names a skater's position.
 */
export function positionGroupOf(
  position: string | null | undefined,
  detailed: readonly string[],
): PositionGroup | null {
  const first = (text: string | null | undefined) => text?.split(/[/,\s]+/).find((t) => t !== '');
  const group = (token: string | undefined): PositionGroup | null | undefined => {
    const u = token?.toUpperCase();
    if (u === undefined) return undefined;
    if (u === 'D') return 'D';
    if (u === 'G') return null;
    return ['F', 'C', 'LW', 'RW', 'L', 'R', 'W'].includes(u) ? 'F' : undefined;
  };
  const listed = group(first(position));
  if (listed !== undefined) return listed;
  return group(first(detailed[0])) ?? null;
}

/**
 * Whether a player of `positions` matches a position filter: `F` matches any forward (C, LW, RW, or a
 * forward whose side is unknown); any other filter matches that position.
 */
export function playsPosition(positions: readonly Position[], filter: Position): boolean {
  if (filter === 'F') return positions.some((p) => FORWARDS.includes(p));
  return positions.includes(filter);
}

/**
 * The positions as bits (C 1, LW 2, RW 4, D 8, G 16, F 32), so a store can match a filter with one `&`;
 * {@link positionFilterMask} is the mask a filter matches.
 */
export function positionMask(positions: readonly Position[]): number {
  return positions.reduce((m, p) => m | (1 << POSITIONS.indexOf(p)), 0);
}

/** The bits a position filter matches: `F` every forward's bit, any other its own. */
export function positionFilterMask(filter: Position): number {
  return filter === 'F' ? positionMask(FORWARDS) : positionMask([filter]);
}
