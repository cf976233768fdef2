import { z } from 'zod';
import { DateOfBirthSchema, IdSchema, ListNameSchema } from './lists.ts';

/**
 * Draft boards: the scout's players ranked in tiers (A/B/C or names of his own), with a "no interest"
 * group kept apart, and dated versions of the order saved on request. Kept in the scouting lists' file
 * (store/lists/boards.ts); boards of other scouts come in through `rinkside-lists` files and are merged
 * (boards-merge.ts) without ever overwriting one another.
 */

/** The tiers a new board gets. */
export const DEFAULT_TIERS = ['A', 'B', 'C'] as const;

const TierName = z.string({ error: 'a text' }).trim().min(1, 'a tier name is empty').max(40);
/** A board's tiers, top to bottom: 1 to 12 distinct names. */
export const TiersSchema = z
  .array(TierName)
  .min(1, 'a board has at least one tier')
  .max(12, 'at most 12 tiers')
  .refine((t) => new Set(t.map((n) => n.toLocaleLowerCase('en'))).size === t.length, 'two tiers of one name');

/** A version's label (empty: "Saved"). */
export const VersionLabelSchema = z.string({ error: 'a text' }).trim().max(80);

/** A player on a board: where he is from and his id there (shared/sources.ts). */
export const BoardPlayerKeySchema = z.object({ source: z.string().min(1).max(4096), playerId: IdSchema }).strict();

/**
 * A board's new order as the page sends it after a drag or a keyboard move: every player of the board,
 * top to bottom, each with his tier (an index into `tiers`) or `noInterest`. A player left out is removed
 * from the board; a player not on it is refused (add players with `boardAddPlayer`).
 */
export const BoardSaveSchema = z
  .object({
    id: IdSchema,
    name: ListNameSchema.optional(),
    tiers: TiersSchema,
    entries: z
      .array(BoardPlayerKeySchema.extend({ tier: z.number().int().min(0).max(11), noInterest: z.boolean() }).strict())
      .max(5000),
  })
  .strict();
export type BoardSave = z.input<typeof BoardSaveSchema>;

/** Adds a player of the data in use to a board, at the bottom of `tier` (default the last). */
export const BoardAddSchema = z
  .object({
    boardId: IdSchema,
    playerId: IdSchema,
    player: z
      .object({
        name: z.string().trim().min(1).max(200),
        position: z.string().max(8).nullable().default(null),
        dateOfBirth: DateOfBirthSchema.default(null),
      })
      .strict(),
    tier: z.number().int().min(0).max(11).optional(),
  })
  .strict();
export type BoardAdd = z.input<typeof BoardAddSchema>;

/** A board in the index. Times are ISO 8601 UTC. */
export interface DraftBoard {
  id: number;
  name: string;
  /** Whose ranking it is: empty for this computer's scout, else the name an imported file gave. */
  scout: string;
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

/** A board's order as a version's entries. */
export function versionEntriesOf(detail: Pick<BoardDetail, 'board' | 'entries'>): VersionEntry[] {
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
