import { z } from 'zod';
import { DateOfBirthSchema, IdSchema, ListNameSchema } from './lists.ts';
import { PlayerNameSchema, refuseUnsafeText } from './text-schemas.ts';

/**
 * Draft boards: the scout's players ranked in tiers (A/B/C or names of his own), with a "no interest"
 * group kept apart, and dated versions of the order saved on request. Kept in the scouting lists' file
 * (store/lists/boards.ts); boards of other scouts come in through `rinkside-lists` files and are merged
 * (boards-merge.ts) without ever overwriting one another.
 */

export * from './board-order.ts';

/** The tiers a new board gets. */
export const DEFAULT_TIERS = ['A', 'B', 'C'] as const;

const TierName = z
  .string({ error: 'a text' })
  .trim()
  .min(1, 'a tier name is empty')
  .max(40)
  .superRefine(refuseUnsafeText);
/** A board's tiers, top to bottom: 1 to 12 distinct names. */
export const TiersSchema = z
  .array(TierName)
  .min(1, 'a board has at least one tier')
  .max(12, 'at most 12 tiers')
  .refine((t) => new Set(t.map((n) => n.toLocaleLowerCase('en'))).size === t.length, 'two tiers of one name');

/** A version's label (empty: "Saved"). */
export const VersionLabelSchema = z.string({ error: 'a text' }).trim().max(80).superRefine(refuseUnsafeText);

/** A player on a board: where he is from and his id there (shared/domain/sources.ts). */
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
        name: PlayerNameSchema,
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
