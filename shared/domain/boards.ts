import { z } from 'zod';
import { IdSchema, ListNameSchema, ShownPlayerSchema } from './lists.ts';
import { refuseUnsafeText } from './text-schemas.ts';

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

/**
 * What kind of board to make: a scout's own (the default), or the department's, one per department, written
 * by its directors (store/lists/department/department-board.ts).
 */
export const BoardKindSchema = z.enum(['scout', 'department'], { error: 'scout or department' });
export type BoardKind = z.output<typeof BoardKindSchema>;

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
    player: ShownPlayerSchema,
    tier: z.number().int().min(0).max(11).optional(),
  })
  .strict();
export type BoardAdd = z.input<typeof BoardAddSchema>;
