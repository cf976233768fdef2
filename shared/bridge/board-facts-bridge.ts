import { z } from 'zod';
import { IdSchema } from '../contract/id.ts';
import type { BoardFacts } from '../domain/board-facts.ts';

/**
 * The bridge operation of the boards' facts (merged into bridge.ts): the rows of one or more draft boards
 * (the merged board asks for several) with each player's latest season in the offline store and the
 * department's viewings of him (shared/domain/board-facts.ts), in one answer.
 */
export const BOARD_FACTS_ARGS = {
  /** The facts of every player of these boards, by player (`playerKey`). */
  draftBoardFacts: z
    .object({ ids: z.array(IdSchema).min(1, 'at least one board').max(50, 'at most 50 boards') })
    .strict(),
} as const;

/** Result types of the boards' facts. */
export interface BoardFactsResults {
  draftBoardFacts: BoardFacts;
}
