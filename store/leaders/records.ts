import { draftPickText, draftYearLabel } from '../../shared/draft.ts';
import { LEADER_STAT_SORTS, type LeaderNhle, type LeaderRecord, type LeaderStats } from '../../shared/leaders.ts';
import { nhle82, nhlePerGame } from '../../shared/nhle.ts';
import type { DraftPick, StatBlock } from '../../shared/offline.ts';
import { playerPositions } from '../../shared/stat-lines.ts';
import { parsePositions } from '../rows.ts';

/**
 * The records of the leaders (shared/leaders.ts) from the rows of read.ts's SELECTs: a player-season of
 * `player_seasons` (its block's columns `<block>_<key>`), or a player's totals (columns named by key), with
 * the player's columns (`pPosition`, `pDetailed`, `pNat` …).
 */

/** A row as SQLite gives it back. */
export type Row = Record<string, string | number | null>;

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function statsOf(r: Row, prefix: string): LeaderStats {
  return Object.fromEntries(LEADER_STAT_SORTS.map((k) => [k, num(r[`${prefix}${k}`])])) as LeaderStats;
}

function playerOf(r: Row, id: number, name: string): LeaderRecord['player'] {
  const pick: DraftPick | null =
    r.pDraftYear === null
      ? null
      : {
          year: num(r.pDraftYear) as number,
          round: num(r.pDraftRound),
          overall: num(r.pDraftOverall),
          teamName: text(r.pDraftTeam),
        };
  const positions = playerPositions(parsePositions(text(r.pDetailed)), text(r.pPosition));
  return {
    id,
    name,
    position: positions.length > 0 ? positions.join('/') : null,
    nationality: r.pNat === null ? null : { slug: String(r.pNat), name: text(r.pNatName) },
    dateOfBirth: text(r.pBorn),
    draftSelection: pick,
  };
}

/** A skater's regular-season NHLe from the row's league factor (`nhleFactor`, `nhlePinned`). */
function nhleOf(r: Row): LeaderNhle {
  const factor = num(r.nhleFactor);
  const perGame = nhlePerGame(num(r.regularStats_PTS), num(r.regularStats_GP), factor);
  return { factor, pinned: r.nhlePinned === 1, PTSperGP: perGame, per82: nhle82(perGame) };
}

/** A single-season row's record; `nhle`: whether it carries NHLe (skaters, regular season). */
export function seasonRecord(r: Row, block: StatBlock, rank: number, nhle = false): LeaderRecord {
  const player = playerOf(r, Number(r.playerId), String(r.name));
  const age = num(r.draftAge);
  return {
    key: `${r.playerId}|${r.leagueSlug}|${r.seasonSlug}|${r.goalieLine}`,
    rank,
    player,
    goalieLine: r.goalieLine === 1,
    season: String(r.seasonSlug),
    seasons: null,
    span: String(r.seasonSlug),
    league: String(r.leagueSlug).toUpperCase(),
    teams: text(r.teamNames),
    draftAge: age,
    draftYear: draftYearLabel(age),
    draft: draftPickText(player.draftSelection),
    stats: statsOf(r, `${block}_`),
    nhle: nhle && r.goalieLine !== 1 ? nhleOf(r) : null,
  };
}

/** A totals row's record. */
export function totalsRecord(r: Row, goalies: boolean, rank: number): LeaderRecord {
  const player = playerOf(r, Number(r.playerId), String(r.name));
  return {
    key: String(r.playerId),
    rank,
    player,
    goalieLine: goalies,
    season: null,
    seasons: { from: String(r.seasonFrom), to: String(r.seasonTo), count: Number(r.seasonCount) },
    span: r.seasonFrom === r.seasonTo ? String(r.seasonFrom) : `${r.seasonFrom} to ${r.seasonTo} (${r.seasonCount})`,
    league: String(r.leagues ?? '')
      .split(',')
      .sort()
      .join(', ')
      .toUpperCase(),
    teams: null,
    draftAge: null,
    draftYear: null,
    draft: draftPickText(player.draftSelection),
    stats: statsOf(r, ''),
    nhle: null,
  };
}
