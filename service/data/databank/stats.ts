/**
 * Goalies.csv and Scoring.csv → player season stats, one row per stint (a second team in a season is a
 * second row). Goalies: GP, Min → TOI (minutes), W, L, T/OL → T, SHO → SO, GA, SA; SVS, SVP and GAA are
 * derived, and stay null where SA is empty (no NHL shots before 1982-83): nothing is invented. Post*
 * columns make the postseason block; the total is recomputed from both. A goalie's G, A and PIM come from
 * his own matching Scoring.csv row. Skaters: GP, G, A, Pts, PIM, +/- → PM; PPG is points per game.
 *
 * A skater who went in goal in a team-season (King Clancy, Toronto 1931-32: 48 games skating, 1 in goal)
 * has both a Goalies.csv row and a Scoring.csv row under one key: they are two lines and become two
 * records, each with the GP of its own file (see {@link isGoaliesOwnScoring}).
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

/** The key shared by a player's Goalies.csv and Scoring.csv rows of one stint: `playerID|year|stint|tmID`. */
const stintKey = (row: CsvRow) => `${row.playerID}|${row.year}|${row.stint}|${row.tmID}`;

/**
 * Whether the Scoring.csv row of a stint that also has a Goalies.csv row is that goalie's own scoring (his
 * G, A and PIM, merged into his goalie line) rather than a skating line of its own: its `pos` is `G`, or
 * it is blank and Master.csv lists the player as a goalie (`masterPosition`). Any other `pos` (`D`, `R`,
 * `C/G`, or blank for a skater) is a skater's line, with its own GP, kept beside his goalie line.
 */
export function isGoaliesOwnScoring(sc: CsvRow, masterPosition: string | null): boolean {
  const pos = sc.pos ?? '';
  return pos === 'G' || (pos === '' && masterPosition === 'G');
}

/** Turns a CSV row into its player and team-season, and writes `player_stats` rows with ids in write order. */
interface StatsWriter {
  /** The row's player and team-season; notes the player's current team. @throws RowError */
  context(row: CsvRow): { who: { id: number; p: MasterPerson }; ts: TeamSeasonKey };
  put(
    who: { id: number; p: MasterPerson },
    ts: TeamSeasonKey,
    goalie: boolean,
    reg: StatLine | null,
    post: StatLine | null,
  ): void;
  /** playerID → team of his last stint in the data's last season. */
  currentTeam: Map<string, number>;
}

function statsWriter(ctx: ImportContext, { playerIds }: People, teams: TeamsResult): StatsWriter {
  const currentTeam = new Map<string, number>();
  let statId = 0;
  return {
    currentTeam,
    context(row) {
      const who = playerIds.get(row.playerID ?? '');
      if (!who) throw new RowError(`playerID "${row.playerID}" has no (readable) Master.csv row`);
      const year = requiredInt(row, 'year', 1800);
      const ts = teams.teamSeasons.get(teamSeasonKey(year, row.lgID, row.tmID));
      if (!ts) throw new RowError(`no Teams.csv row for ${row.tmID} (${row.lgID}) in ${year}`);
      requiredInt(row, 'stint', 1);
      if (year === teams.lastYear) currentTeam.set(row.playerID as string, ts.teamId);
      return { who, ts };
    },
    put(who, ts, goalie, reg, post) {
      const r: Row = {
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
      };
      ctx.put('player_stats', r);
    },
  };
}

/**
 * Imports goalie and skater season stats. Returns, for each player who played the data's last season,
 * the team of their last stint then (their current team).
 *
 * Ids follow the files: goalie lines in Goalies.csv order, then skater lines in Scoring.csv order, then the
 * skating lines of stints that also have a goalie line (Scoring.csv order). Those come last so that every
 * other record keeps the id an import without them gave it.
 */
export function importSeasonStats(ctx: ImportContext, people: People, teams: TeamsResult): Map<string, number> {
  const masterPosition = (row: CsvRow) => people.playerIds.get(row.playerID ?? '')?.p.position ?? null;
  // Only a goalie's own scoring merges into his goalie line; a skating line stays a record of its own.
  const ownScoring = new Map<string, CsvRow>();
  for (const { row } of ctx.scoring?.rows ?? [])
    if (isGoaliesOwnScoring(row, masterPosition(row))) ownScoring.set(stintKey(row), row);
  const w = statsWriter(ctx, people, teams);
  const goalieKeys = importGoalieLines(ctx, w, ownScoring);
  ctx.progress(`goalie season stats: ${goalieKeys.size}`);

  const secondLines: { line: number; row: CsvRow }[] = [];
  const skaterLines = (rows: readonly { line: number; row: CsvRow }[]) => {
    let n = 0;
    for (const { line, row } of rows) {
      if (goalieKeys.has(stintKey(row))) {
        if (!isGoaliesOwnScoring(row, masterPosition(row))) secondLines.push({ line, row });
        continue; // a goalie's own scoring is merged into his goalie line
      }
      if (importSkaterLine(ctx, w, line, row)) n++;
    }
    return n;
  };
  let n = skaterLines(ctx.scoring?.rows ?? []);
  for (const { line, row } of secondLines) if (importSkaterLine(ctx, w, line, row)) n++;
  if (ctx.scoring) ctx.progress(`skater season stats: ${n} (${secondLines.length} beside a goalie line)`);
  return w.currentTeam;
}

/** Goalies.csv → goalie lines, with G, A and PIM from the goalie's own Scoring.csv row. Returns the stints written. */
function importGoalieLines(ctx: ImportContext, w: StatsWriter, ownScoring: Map<string, CsvRow>): Set<string> {
  const goalieKeys = new Set<string>();
  for (const { line, row } of ctx.get('Goalies.csv').rows) {
    try {
      const { who, ts } = w.context(row);
      const GP = intField(row, 'GP');
      const Min = intField(row, 'Min');
      const PostGP = intField(row, 'PostGP');
      if ((GP === null) !== (Min === null)) throw new RowError('GP and Min must be given together');
      if (GP === null && !PostGP) throw new RowError('no GP/Min and no postseason games: nothing to import');
      const sc = ownScoring.get(stintKey(row));
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
      goalieKeys.add(stintKey(row));
      w.put(who, ts, true, reg, post);
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      ctx.skip('Goalies.csv', line, `${row.playerID ?? '?'} ${row.year ?? ''}: ${e.message}`);
    }
  }
  return goalieKeys;
}

/** One Scoring.csv row → a skater line (a `G` row without a goalie line stays a goalie's). Returns whether it was written. */
function importSkaterLine(ctx: ImportContext, w: StatsWriter, line: number, row: CsvRow): boolean {
  try {
    const { who, ts } = w.context(row);
    const GP = intField(row, 'GP');
    const PostGP = intField(row, 'PostGP');
    if (GP === null && !PostGP) throw new RowError('no GP and no postseason games: nothing to import');
    const block = (pre: '' | 'Post'): StatLine =>
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
    w.put(who, ts, (row.pos ?? '') === 'G', GP === null ? null : block(''), PostGP ? block('Post') : null);
    return true;
  } catch (e) {
    if (!(e instanceof RowError)) throw e;
    ctx.skip('Scoring.csv', line, `${row.playerID ?? '?'} ${row.year ?? ''}: ${e.message}`);
    return false;
  }
}
