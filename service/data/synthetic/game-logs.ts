/**
 * A modest number of game logs: for the last season of a few leagues, up to five games per goaltender
 * who started games (score, opponent, shootout score when tied).
 */

import { seasonSlug } from '../../../shared/contract/spec.ts';
import type { Row } from '../store.ts';
import type { LeagueDef } from './leagues.ts';
import type { Rng } from './prng.ts';
import type { SeasonResult } from './season-shapes.ts';
import type { TeamRec } from './teams.ts';

/** Leagues whose last season gets game logs. */
export const GAME_LOG_LEAGUES = new Set(['nhl', 'shl', 'liiga', 'pwhl']);

/** Writes game logs of the season's goalies; returns the last id used. */
export function writeGameLogs(
  rng: Rng,
  put: (table: 'game_logs', row: Row) => void,
  stamp: () => string,
  league: LeagueDef,
  year: number,
  teams: readonly TeamRec[],
  result: SeasonResult,
  lastId: number,
): number {
  let id = lastId;
  for (const line of result.lines) {
    if (line.entry.p.position !== 'G' || line.starts === 0 || teams.length < 2) continue;
    const gaa = line.reg.GAA ?? 3;
    for (let g = 0; g < Math.min(line.starts, 5); g++) {
      let opp = rng.pick(teams);
      if (opp === line.entry.team) opp = teams[(teams.indexOf(opp) + 1) % teams.length] as TeamRec;
      const against = Math.max(0, Math.round(rng.normal(gaa, 1.3)));
      const forGoals = Math.max(0, Math.round(rng.normal(3, 1.5)));
      const tie = forGoals === against;
      const shootoutWin = rng.chance(0.5);
      const day = new Date(Date.UTC(year, 9, 8) + rng.int(0, 180) * 86_400_000).toISOString().slice(0, 10);
      put('game_logs', {
        id: ++id,
        playerId: line.entry.p.id,
        teamId: line.entry.team.id,
        opponentId: opp.id,
        leagueSlug: league.slug,
        seasonSlug: seasonSlug(year),
        date: day,
        teamScore: forGoals,
        opponentScore: against,
        teamScoreSo: tie ? (shootoutWin ? 1 : 0) : null,
        opponentScoreSo: tie ? (shootoutWin ? 0 : 1) : null,
        updatedAt: stamp(),
      });
    }
  }
  return id;
}
