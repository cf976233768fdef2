import type { BoardDetail, BoardEntry, VersionEntry } from './boards.ts';

/**
 * A board's order, its versions and how players moved between two of them, with no dependency at all, so
 * the page can import it without bundling zod (shared/domain/boards.ts builds the boards' schemas and re-exports it).
 */

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
