/**
 * Goalies.csv and Scoring.csv → player season stats, one row per stint (a second team in a season is a
 * second row). Goalies: GP, Min → TOI (minutes), W, L, T/OL → T, SHO → SO, GA, SA; SVS, SVP and GAA are
 * derived, and stay null where SA is empty (no NHL shots before 1982-83): nothing is invented. Post*
 * columns make the postseason block; the total is recomputed from both. A goalie's G, A and PIM come from
 * the matching Scoring.csv row. Skaters: GP, G, A, Pts, PIM, +/- → PM; PPG is points per game.
 */

import type { StatLine } from '../stat-blocks.ts';
import { blockColumns, completeLine, sumLines } from '../stat-blocks.ts';
import type { Row } from '../store.ts';
import type { ImportContext, TeamSeasonKey } from './context.ts';
import { teamSeasonKey } from './context.ts';
import type { CsvRow } from './csv.ts';
import { intField, RowError, requiredInt } from './csv.ts';
import { DATABANK_LEAGUES } from './layout.ts';
import type { MasterPerson } from './master.ts';
import type { People } from './people.ts';
import type { TeamsResult } from './teams.ts';

const POSTSEASON_TYPE = 'POSTSEASON';
const POSTSEASON_NAMES = new Map(Object.values(DATABANK_LEAGUES).map((l) => [l.slug, l.postseasonName]));

/**
 * Imports goalie and skater season stats. Returns, for each player who played the data's last season,
 * the team of their last stint then (their current team).
 */
export function importSeasonStats(ctx: ImportContext, { playerIds }: People, teams: TeamsResult): Map<string, number> {
  const goalieRows = ctx.get('Goalies.csv').rows;
  const scoringByKey = new Map<string, CsvRow>();
  for (const { row } of ctx.scoring?.rows ?? [])
    scoringByKey.set(`${row.playerID}|${row.year}|${row.stint}|${row.tmID}`, row);
  const currentTeam = new Map<string, number>();
  const goalieKeys = new Set<string>();
  let statId = 0;

  const context = (row: CsvRow) => {
    const who = playerIds.get(row.playerID ?? '');
    if (!who) throw new RowError(`playerID "${row.playerID}" has no (readable) Master.csv row`);
    const year = requiredInt(row, 'year', 1800);
    const ts = teams.teamSeasons.get(teamSeasonKey(year, row.lgID, row.tmID));
    if (!ts) throw new RowError(`no Teams.csv row for ${row.tmID} (${row.lgID}) in ${year}`);
    requiredInt(row, 'stint', 1);
    if (year === teams.lastYear) currentTeam.set(row.playerID as string, ts.teamId);
    return { who, ts, year };
  };
  const statRow = (
    who: { id: number; p: MasterPerson },
    ts: TeamSeasonKey,
    goalie: boolean,
    reg: StatLine | null,
    post: StatLine | null,
  ): Row => ({
    id: ++statId,
    playerId: who.id,
    teamId: ts.teamId,
    leagueSlug: ts.leagueSlug,
    seasonSlug: ts.season,
    isGoalie: goalie ? 1 : 0,
    statsType: 'default',
    status: 'rostered',
    playerAge: who.p.birthYear === null ? null : ts.year - who.p.birthYear,
    postseasonType: post ? POSTSEASON_TYPE : null,
    postseasonName: post ? (POSTSEASON_NAMES.get(ts.leagueSlug) ?? null) : null,
    ...blockColumns('regularStats', reg),
    ...blockColumns('postseasonStats', post),
    ...blockColumns('totalStats', sumLines([reg, post], goalie)),
  });

  for (const { line, row } of goalieRows) {
    try {
      const { who, ts } = context(row);
      const GP = intField(row, 'GP');
      const Min = intField(row, 'Min');
      const PostGP = intField(row, 'PostGP');
      if ((GP === null) !== (Min === null)) throw new RowError('GP and Min must be given together');
      if (GP === null && !PostGP) throw new RowError('no GP/Min and no postseason games: nothing to import');
      const sc = scoringByKey.get(`${row.playerID}|${row.year}|${row.stint}|${row.tmID}`);
      const skaterBits = (pre: '' | 'Post'): StatLine =>
        sc ? { G: intField(sc, `${pre}G`), A: intField(sc, `${pre}A`), PIM: intField(sc, `${pre}PIM`) } : {};
      // T/OL holds ties up to 2003-04 and overtime/shootout losses from 2005-06; the spec's block has only
      // W, L and T, so T carries that column as is: a goalie's non-regulation decisions that are not wins.
      const reg: StatLine | null =
        GP === null
          ? null
          : completeLine(
              {
                GP,
                TOI: Min,
                W: intField(row, 'W'),
                L: intField(row, 'L'),
                T: intField(row, 'T/OL'),
                SO: intField(row, 'SHO'),
                GA: intField(row, 'GA'),
                SA: intField(row, 'SA'),
                ...skaterBits(''),
              },
              true,
            );
      const post: StatLine | null = PostGP
        ? completeLine(
            {
              GP: PostGP,
              TOI: intField(row, 'PostMin'),
              W: intField(row, 'PostW'),
              L: intField(row, 'PostL'),
              T: intField(row, 'PostT'),
              SO: intField(row, 'PostSHO'),
              GA: intField(row, 'PostGA'),
              SA: intField(row, 'PostSA'),
              ...skaterBits('Post'),
            },
            true,
          )
        : null;
      for (const b of [reg, post]) {
        if (b && b.SA != null && b.GA != null && b.SA < b.GA) throw new RowError(`SA ${b.SA} is less than GA ${b.GA}`);
      }
      if (GP === null) {
        ctx.note(
          'Goalies.csv',
          line,
          `${row.playerID} ${row.year} ${row.tmID}: no regular-season GP/Min; imported as a playoff-only stint`,
        );
      }
      goalieKeys.add(`${row.playerID}|${row.year}|${row.stint}|${row.tmID}`);
      ctx.put('player_stats', statRow(who, ts, true, reg, post));
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      ctx.skip('Goalies.csv', line, `${row.playerID ?? '?'} ${row.year ?? ''}: ${e.message}`);
    }
  }
  ctx.progress(`goalie season stats: ${goalieKeys.size}`);

  let skaterRows = 0;
  for (const { line, row } of ctx.scoring?.rows ?? []) {
    const key = `${row.playerID}|${row.year}|${row.stint}|${row.tmID}`;
    if (goalieKeys.has(key)) continue; // merged into the goalie row
    try {
      const { who, ts } = context(row);
      const GP = intField(row, 'GP');
      const PostGP = intField(row, 'PostGP');
      if (GP === null && !PostGP) throw new RowError('no GP and no postseason games: nothing to import');
      const line_ = (pre: '' | 'Post'): StatLine =>
        completeLine(
          {
            GP: pre ? PostGP : GP,
            G: intField(row, `${pre}G`),
            A: intField(row, `${pre}A`),
            PTS: intField(row, `${pre}Pts`),
            PIM: intField(row, `${pre}PIM`),
            PM: intField(row, `${pre}+/-`, -1000),
          },
          false,
        );
      const goalie = (row.pos ?? '') === 'G';
      ctx.put('player_stats', statRow(who, ts, goalie, GP === null ? null : line_(''), PostGP ? line_('Post') : null));
      skaterRows++;
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      ctx.skip('Scoring.csv', line, `${row.playerID ?? '?'} ${row.year ?? ''}: ${e.message}`);
    }
  }
  if (ctx.scoring) ctx.progress(`skater season stats: ${skaterRows}`);

  return currentTeam;
}
