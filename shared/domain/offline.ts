import type { ListEnvelope } from '../contract/envelope.ts';
import { type SeasonStatKey, STAT_BLOCKS, type StatBlock } from '../contract/spec.ts';

/** The stat blocks of a player statistics record (spec, "Player statistics record"), from shared/contract/spec.ts. */
export { STAT_BLOCKS, type StatBlock };

/** The keys kept per block: skaters' GP G A PTS PIM PM and goalies' GP W L T SO GA SA SVS SVP GAA TOI. */
export const STAT_KEYS = [
  'GP',
  'G',
  'A',
  'PTS',
  'PIM',
  'PM',
  'W',
  'L',
  'T',
  'SO',
  'GA',
  'SA',
  'SVS',
  'SVP',
  'GAA',
  'TOI',
] as const satisfies readonly SeasonStatKey[];
export type StatKey = (typeof STAT_KEYS)[number];

/**
 * Shapes the offline store (store/) keeps and answers over the bridge. Field names are the spec's (Player, Player
 * statistics record); heights are in cm and weights in kg (`metrics`).
 */

/** One block of stats; a key absent or null when the service gave none. */
export type StatLine = Partial<Record<StatKey, number | null>>;

/** Rates per game: PTS/GP, never "PPG" (which scouts read as power-play goals). */
export const RATE_KEYS = ['GperGP', 'AperGP', 'PTSperGP'] as const;
/** Era-adjusted goals, assists and points (shared/domain/era.ts). */
export const ADJUSTED_KEYS = ['adjG', 'adjA', 'adjPTS'] as const;
export type RateKey = (typeof RATE_KEYS)[number];
export type AdjustedKey = (typeof ADJUSTED_KEYS)[number];

/**
 * The stats of a player-season row in one block (a stats browser row, shared/domain/leaders.ts, and a
 * players list's season line): the record's keys, rates per game and era-adjusted scoring.
 */
export type LeaderStats = Record<StatKey | RateKey | AdjustedKey, number | null>;

/** A player's draft selection (spec, "Draft selection"): the year, round and overall pick, and the team's name. */
export interface DraftPick {
  year: number;
  round: number | null;
  overall: number | null;
  teamName: string | null;
}

/** A player as the store keeps him (the spec's Player fields the app shows). */
export interface OfflinePlayer {
  id: number;
  name: string;
  firstName: string | null;
  lastName: string | null;
  position: string | null;
  /** The spec's `detailedPosition` (`["C","RW"]`); empty when the service gave none. */
  detailedPosition: string[];
  /** The spec's `draftSelection`, when the service gives one. */
  draftSelection: DraftPick | null;
  nationality: { slug: string; name: string | null } | null;
  dateOfBirth: string | null;
  yearOfBirth: number | null;
  height: { metrics: number | null };
  weight: { metrics: number | null };
  shoots: string | null;
  catches: string | null;
  updatedAt: string | null;
  /** His agency as his Player record names it (`agencies`, the first); null or absent when it names none. */
  agency?: { id: number; name: string | null } | null;
}

/** One player statistics record (a player's season with one team). */
export interface OfflineStatsRow {
  id: number;
  playerId: number;
  team: { id: number; name: string | null };
  leagueSlug: string | null;
  season: string;
  playerAge: number | null;
  regularStats: StatLine;
  postseasonStats: StatLine;
  totalStats: StatLine;
}

/** A team-season as synced: its rows and the players they name, committed together. */
export interface UnitCommit {
  leagueSlug: string;
  league: { slug: string; name: string | null; fullName: string | null };
  season: { slug: string; startYear: number; endYear: number };
  team: { id: number; name: string };
  rows: OfflineStatsRow[];
  players: OfflinePlayer[];
}

/** A team-season refused by the service (403: outside the key's subscription). */
export interface UnitRefusal {
  leagueSlug: string;
  teamId: number;
  seasonSlug: string;
  message: string;
}

/**
 * A player's line of the season the players list is filtered by (regular season; stints combined, his own
 * kind of line): where he played, his draft age then (shared/domain/draft.ts) and what he produced.
 */
export interface PlayerSeasonStats {
  season: string;
  /** League slug(s), upper-cased: `NHL`. */
  league: string;
  /** Team names in the order played: `Hartford Whalers / Pittsburgh Penguins`. */
  teams: string | null;
  draftAge: number | null;
  /** `D0`, `D-1`, `D+1`… */
  draftYear: string | null;
  goalieLine: boolean;
  stats: LeaderStats;
}

/** One row of the players list (`offlinePlayers`): the player, his age today and his latest team. */
export interface OfflinePlayerListRecord extends OfflinePlayer {
  age: number | null;
  latestSeason: string | null;
  latestTeam: { id: number; name: string | null } | null;
  /** His line of the season the list is filtered by (`season`); null without that filter. */
  seasonStats: PlayerSeasonStats | null;
}

/**
 * A page of the players list (`offlinePlayers`): the spec's list envelope. `spellingForgiven` when its
 * search `q` matched no player by the start of his name's or his teams' words, so its rows are the players
 * whose names are spelled like it (store/cache/fuzzy.ts); `closestFirst` when those are ranked closest spelling
 * first, then most games played (the query named no sort).
 */
export type OfflinePlayersPage = ListEnvelope<OfflinePlayerListRecord> & {
  spellingForgiven?: true;
  closestFirst?: true;
};

/** A player with every stats row the store holds for him, newest season first. */
export interface OfflinePlayerDetail extends OfflinePlayer {
  age: number | null;
  stats: OfflineStatsRow[];
}

/** When each league-season was last synced, from where, and what the store holds of it. */
export interface SyncStateRow {
  leagueSlug: string;
  /** The league's name as the service gave it, when known. */
  leagueName: string | null;
  seasonSlug: string;
  /** The service it came from: its base URL, or `embedded` for the app's local service. */
  baseUrl: string;
  /** ISO 8601 date-time (the host's clock) when its last sync ended. */
  syncedAt: string;
  /** Stats rows (player statistics records) the store holds for it. */
  rows: number;
  /** A re-sync of it started and has not ended (the next download resumes it). */
  inProgress: boolean;
}

/**
 * Progress of a download, for the progress bar. Counts are of the download as a whole: a resumed one
 * counts what its interrupted runs committed too.
 */
export interface SyncProgress {
  /**
   * `interrupted`: a download that was running when the app (or the store) stopped without ending it,
   * as read back from the store at the next start; like `cancelled` and `failed`, it resumes.
   */
  state: 'idle' | 'running' | 'done' | 'cancelled' | 'failed' | 'interrupted';
  /** What the download asked for (to resume it), or null when idle. */
  request: SyncRequest | null;
  /**
   * Team-seasons of the request (the league-seasons' teams as the league's standings list them), and
   * those committed or refused (including earlier runs).
   */
  unitsTotal: number;
  unitsDone: number;
  /** Requests of player-stats pages made in this run, and known so far. */
  pagesDone: number;
  pagesTotal: number;
  /** Stat lines (player statistics records) of the team-seasons done. */
  rows: number;
  /** Distinct players of those stat lines. */
  players: number;
  /** 429 answers of the service in this run (each slowed the download down). */
  rateLimited: number;
  /** Estimated time left, from this run's pace; null until a team-season is done. */
  etaMs: number | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** Team-seasons refused (403): outside the key's subscription. */
  refused: { leagueSlug: string; teamId: number; seasonSlug: string; message: string }[];
  /** Why the sync stopped, when it failed. */
  error: string | null;
  /**
   * Set once the download has ended (whatever its `state`) while the store derives the stats browser's rows
   * from what it wrote (a minute for a million stat lines): the store's tables answer when that is done.
   * Absent otherwise.
   */
  preparing?: true;
}

/** What the download panel shows before a download starts: its size, per league and in all. */
export interface SyncEstimate {
  leagues: {
    slug: string;
    /** Season slugs of the range the league has, oldest first. */
    seasons: string[];
    /** Team-seasons of those seasons (the league's standings), and those already on this computer. */
    teamSeasons: number;
    done: number;
  }[];
  /** Leagues the service refused (403: outside the key's subscription). */
  refused: string[];
  teamSeasons: number;
  done: number;
}

/**
 * What the scout asked for: league slugs and an inclusive season range (season slugs), or every season.
 * League-seasons whose last sync ended are synced again (a re-sync); those a stopped download left
 * unfinished are resumed.
 */
export interface SyncRequest {
  leagues: string[];
  seasonFrom?: string;
  seasonTo?: string;
  /** Fetch again every team-season of the range, even those a stopped download already committed. */
  refresh?: boolean;
}
