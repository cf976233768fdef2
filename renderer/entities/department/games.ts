import type { Assignment } from '../../../shared/department/desk.ts';
import { formatDay } from '../../format/index.ts';

/*
 * A game as the department's views write it (the viewing log, the assignments, their exports): its day
 * first, then the two teams as hockey writes a game, away at home, as the reports list writes them.
 */

/** Two teams as a game is written: `London Knights at Kitchener Rangers` (away at home); `Game not named`. */
export const teamsText = (home: string, away: string): string =>
  [away, home].filter((t) => t.trim() !== '').join(' at ') || 'Game not named';

/** An assignment's game as one line: `2026-11-14 London Knights at Kitchener Rangers`, or `—` when none is named. */
export const assignedGameText = (g: Assignment['game']): string =>
  g ? `${formatDay(g.date)} ${teamsText(g.homeTeam, g.awayTeam)}` : '—';
