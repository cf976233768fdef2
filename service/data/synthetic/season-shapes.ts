/**
 * The shapes of one simulated league-season (season.ts makes them; goalies.ts, playoffs.ts and the world's
 * writers read them): kept apart so that the files season.ts calls need not import season.ts back.
 */

import type { StatLine } from '../stat-blocks.ts';
import type { Person } from './people.ts';
import type { TeamRec } from './teams.ts';

/** A player's stint with a team in a season. */
export interface Entry {
  p: Person;
  team: TeamRec;
  /** Share of the team's season the player was there (1 = whole season; call-ups and trades less). */
  w: number;
  /** With the team at season's end (only those play its postseason). */
  stays: boolean;
  role: 'C' | 'A' | null;
}

/** A team's season in the standings (real-service-notes "Standings record"). */
export interface TeamResult {
  team: TeamRec;
  group: string | null;
  GP: number;
  W: number;
  L: number;
  T: number;
  OTW: number | null;
  OTL: number;
  PTS: number;
  GF: number;
  GA: number;
  GD: number;
  /** Rank within the group (division or conference; the league when it has no groups), 1-based. */
  position: number;
  /** Rank in the whole league, 1-based: playoff seeding. */
  seed: number;
  postseason: string | null;
  medalClass: string | null;
  playoffMedalClass: string | null;
  postW: number;
  postL: number;
  postGF: number;
  postGA: number;
}

/** A player's line for one stint: regular season and, for playoff teams, postseason. */
export interface LineResult {
  entry: Entry;
  reg: StatLine;
  post: StatLine | null;
  /** Games started in the regular season (goalies), for game logs. */
  starts: number;
}

/** Result of {@link simulateLeagueSeason}. */
export interface SeasonResult {
  standings: TeamResult[];
  lines: LineResult[];
}
