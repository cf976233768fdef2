import {
  type OfflinePlayer,
  type OfflineStatsRow,
  STAT_BLOCKS,
  STAT_KEYS,
  type StatBlock,
  type StatKey,
  type StatLine,
  type UnitCommit,
} from '../../shared/domain/offline.ts';

/**
 * The rows of the store's tables as SQLite gives them back, and their reading into the shapes the
 * store answers with (shared/domain/offline.ts). Heights are in cm and weights in kg (the spec's `metrics`).
 */

/** The column of one stat: `regularStats_PTS`. */
export type StatColumn = `${StatBlock}_${StatKey}`;

/** The column of one stat: `regularStats_PTS`. */
export function statColumn(block: StatBlock, key: StatKey): StatColumn {
  return `${block}_${key}`;
}

/** Every stat column of `player_stats`, block by block. */
export const STAT_COLUMNS: readonly StatColumn[] = STAT_BLOCKS.flatMap((b) => STAT_KEYS.map((k) => statColumn(b, k)));

/** A row of `players`. */
export interface PlayerRow {
  id: number;
  name: string;
  firstName: string | null;
  lastName: string | null;
  position: string | null;
  nationalitySlug: string | null;
  nationalityName: string | null;
  dateOfBirth: string | null;
  yearOfBirth: number | null;
  heightCm: number | null;
  weightKg: number | null;
  shoots: string | null;
  catches: string | null;
  updatedAt: string | null;
  /** JSON array text of the spec's `detailedPosition`, or null. */
  detailedPosition: string | null;
  draftYear: number | null;
  draftRound: number | null;
  draftOverall: number | null;
  draftTeamName: string | null;
  /** The player's newest synced team-season (rewritten with each commit). */
  latestSeason: string | null;
  latestTeamId: number | null;
  latestTeamName: string | null;
  /** His agency (the first his record names), or null. */
  agencyId: number | null;
  agencyName: string | null;
}

/** A row of `player_stats`: one player statistics record, its three blocks flattened into columns. */
export type StatsRow = {
  id: number;
  playerId: number;
  teamId: number;
  teamName: string | null;
  leagueSlug: string | null;
  seasonSlug: string;
  playerAge: number | null;
} & Record<StatColumn, number | null>;

/** A player row as the store answers it. */
export function playerFromRow(r: PlayerRow): OfflinePlayer {
  return {
    id: r.id,
    name: r.name,
    firstName: r.firstName,
    lastName: r.lastName,
    position: r.position,
    detailedPosition: parsePositions(r.detailedPosition),
    draftSelection:
      r.draftYear === null
        ? null
        : { year: r.draftYear, round: r.draftRound, overall: r.draftOverall, teamName: r.draftTeamName },
    nationality: r.nationalitySlug === null ? null : { slug: r.nationalitySlug, name: r.nationalityName },
    dateOfBirth: r.dateOfBirth,
    yearOfBirth: r.yearOfBirth,
    height: { metrics: r.heightCm },
    weight: { metrics: r.weightKg },
    shoots: r.shoots,
    catches: r.catches,
    updatedAt: r.updatedAt,
    agency: r.agencyId === null ? null : { id: r.agencyId, name: r.agencyName },
  };
}

/** The positions of a `detailedPosition` JSON text: its strings, or none when absent or malformed. */
export function parsePositions(text: string | null): string[] {
  if (text === null) return [];
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/** A stats row as the store answers it (the record's shape: team, season, three stat blocks). */
export function statsFromRow(r: StatsRow): OfflineStatsRow {
  const block = (b: StatBlock): StatLine => {
    const out: StatLine = {};
    for (const k of STAT_KEYS) out[k] = r[statColumn(b, k)];
    return out;
  };
  return {
    id: r.id,
    playerId: r.playerId,
    team: { id: r.teamId, name: r.teamName },
    leagueSlug: r.leagueSlug,
    season: r.seasonSlug,
    playerAge: r.playerAge,
    regularStats: block('regularStats'),
    postseasonStats: block('postseasonStats'),
    totalStats: block('totalStats'),
  };
}

/** The `players` columns a sync writes, in {@link playerValues} order. */
export const PLAYER_COLUMNS = [
  'id',
  'name',
  'firstName',
  'lastName',
  'position',
  'nationalitySlug',
  'nationalityName',
  'dateOfBirth',
  'yearOfBirth',
  'heightCm',
  'weightKg',
  'shoots',
  'catches',
  'updatedAt',
  'detailedPosition',
  'draftYear',
  'draftRound',
  'draftOverall',
  'draftTeamName',
  'agencyId',
  'agencyName',
] as const;

/** A player's values in {@link PLAYER_COLUMNS} order, for the upsert. */
export function playerValues(p: OfflinePlayer): (string | number | null)[] {
  return [
    p.id,
    p.name,
    p.firstName,
    p.lastName,
    p.position,
    p.nationality?.slug ?? null,
    p.nationality?.name ?? null,
    p.dateOfBirth,
    p.yearOfBirth,
    p.height.metrics,
    p.weight.metrics,
    p.shoots,
    p.catches,
    p.updatedAt,
    p.detailedPosition.length > 0 ? JSON.stringify(p.detailedPosition) : null,
    p.draftSelection?.year ?? null,
    p.draftSelection?.round ?? null,
    p.draftSelection?.overall ?? null,
    p.draftSelection?.teamName ?? null,
    p.agency?.id ?? null,
    p.agency?.name ?? null,
  ];
}

/** A stats row's values in `player_stats` column order (id … playerAge, then {@link STAT_COLUMNS}). */
export function statsValues(r: OfflineStatsRow): (string | number | null)[] {
  const values: (string | number | null)[] = [
    r.id,
    r.playerId,
    r.team.id,
    r.team.name,
    r.leagueSlug,
    r.season,
    r.playerAge,
  ];
  for (const b of STAT_BLOCKS) for (const k of STAT_KEYS) values.push(r[b][k] ?? null);
  return values;
}

/**
 * A synced team-season as the store writes it: its league, season and team as in {@link UnitCommit}, its
 * rows as their values in `player_stats` column order ({@link statsValues}) and its players as theirs in
 * {@link PLAYER_COLUMNS} order ({@link playerValues}). Made on the host before a batch crosses to the store
 * worker: arrays of values copy across for a fraction of what the nested records cost, on both threads.
 */
export interface PackedUnit extends Omit<UnitCommit, 'rows' | 'players'> {
  rows: (string | number | null)[][];
  players: (string | number | null)[][];
  /**
   * Its digest (sync/digest.ts), recorded with it for the next re-sync; without one, a digest recorded
   * before is dropped.
   */
  digest?: string;
}

/** A team-season packed for the store ({@link PackedUnit}). */
export function packUnit(u: UnitCommit): PackedUnit {
  return {
    leagueSlug: u.leagueSlug,
    league: u.league,
    season: u.season,
    team: u.team,
    rows: u.rows.map(statsValues),
    players: u.players.map(playerValues),
  };
}
