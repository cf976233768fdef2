/**
 * A board's shapes, its order, its versions and how players moved between two of them, with no dependency
 * at all, so the page can import it without bundling zod (shared/domain/boards.ts builds the boards'
 * schemas and re-exports it).
 */

/** A board in the index. Times are ISO 8601 UTC. */
export interface DraftBoard {
  id: number;
  /** Its global id (a UUID): one board across files and on the department's server. */
  uid: string;
  name: string;
  /**
   * Whose ranking it is: empty for this computer's scout, else the name an imported file gave, or the
   * colleague's name as the department shows it.
   */
  scout: string;
  /** The login role that wrote it ('' for this computer's scout before a department is set, or an imported file's). */
  owner: string;
  /** A scout's board, or the department's (written by directors only). */
  kind: 'scout' | 'department';
  /** A colleague's board (or the department's, for a scout who is no director): the store refuses changes to it. */
  readOnly: boolean;
  /**
   * The department's board: the director who last wrote it as the department knows him (the name on his
   * newest report, else his login); '' when it is this computer's scout, or before its first sync. '' for
   * every other board.
   */
  lastWriter: string;
  tiers: string[];
  players: number;
  createdAt: string;
  updatedAt: string;
}

/** A player on a board, with the player's identity as kept. */
export interface BoardEntry {
  source: string;
  playerId: number;
  name: string;
  position: string | null;
  dateOfBirth: string | null;
  /** Index into the board's tiers. */
  tier: number;
  noInterest: boolean;
}

/** One player in a dated version: his overall rank (1 = top) and tier name then. */
export interface VersionEntry {
  source: string;
  playerId: number;
  name: string;
  tier: string;
  rank: number;
}

/** A dated version of a board's order, saved on request (or kept by an import before it replaced the order). */
export interface BoardVersion {
  id: number;
  label: string;
  savedAt: string;
  /**
   * Who saved it, as the department shows him (the name on his newest report, else his login): a version
   * pulled from the department's server. '' when this computer's scout saved it (on any of his laptops),
   * and for one kept here before a department or brought by an imported file.
   */
  savedBy: string;
  entries: VersionEntry[];
}

/** One board with its players in order (ranked ones first, by tier; then no-interest) and its versions, newest first. */
export interface BoardDetail {
  board: DraftBoard;
  entries: BoardEntry[];
  versions: BoardVersion[];
}

/** The identity two boards share for one player: his source and id. */
export const playerKey = (p: { source: string; playerId: number }) => `${p.source}\u0000${p.playerId}`;

/** The ranked players of a board in order (no-interest ones left out), each with his rank from 1. */
export function rankedOf(entries: readonly BoardEntry[]): (BoardEntry & { rank: number })[] {
  return entries.filter((e) => !e.noInterest).map((e, i) => ({ ...e, rank: i + 1 }));
}

/** A board's order as a version's entries (only its tiers are read of the board). */
export function versionEntriesOf(detail: {
  board: Pick<BoardDetail['board'], 'tiers'>;
  entries: readonly BoardEntry[];
}): VersionEntry[] {
  return rankedOf(detail.entries).map((e) => ({
    source: e.source,
    playerId: e.playerId,
    name: e.name,
    tier: detail.board.tiers[e.tier] ?? '',
    rank: e.rank,
  }));
}

/** One player of two compared versions: his rank in each (null when absent) and how far he moved up. */
export interface VersionMove {
  name: string;
  before: { rank: number; tier: string } | null;
  after: { rank: number; tier: string } | null;
  /** Places moved up (positive) or down (negative) from `before` to `after`; null when absent from one. */
  moved: number | null;
}

/** How players moved from version `before` to `after`, in `after`'s order, then the players it dropped. */
export function compareVersions(before: readonly VersionEntry[], after: readonly VersionEntry[]): VersionMove[] {
  const was = new Map(before.map((e) => [playerKey(e), e]));
  const now = new Set(after.map(playerKey));
  const rows: VersionMove[] = after.map((e) => {
    const b = was.get(playerKey(e));
    return {
      name: e.name,
      before: b ? { rank: b.rank, tier: b.tier } : null,
      after: { rank: e.rank, tier: e.tier },
      moved: b ? b.rank - e.rank : null,
    };
  });
  for (const b of before) {
    if (!now.has(playerKey(b)))
      rows.push({ name: b.name, before: { rank: b.rank, tier: b.tier }, after: null, moved: null });
  }
  return rows;
}
