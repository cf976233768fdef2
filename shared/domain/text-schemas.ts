import { z } from 'zod';
import { closeUnpaired, textProblem } from './text-safety.ts';

/**
 * The rule of shared/domain/text-safety.ts in the schemas that check what the page sends and what a file holds
 * (the page itself never loads zod, so the rule's pure part lives apart).
 */

/**
 * A zod refinement refusing an unsafe text with its problem in words (the field's name comes from the
 * schema's path): `.superRefine(refuseUnsafeText)` on every schema of free text a scout writes or imports.
 */
export function refuseUnsafeText(text: string, ctx: z.RefinementCtx<string>): void {
  const problem = textProblem(text);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem.message });
}

/**
 * A player's name as the page sends it to keep him in a list, a report or a board: his name as the data in
 * use gives it, not the scout's text, so it is not refused but kept with its unpaired controls closed
 * (text-safety.ts `closeUnpaired`): trimmed, 1-200 characters.
 */
export const PlayerNameSchema = z
  .string({ error: 'a text' })
  .overwrite(closeUnpaired)
  .trim()
  .min(1, 'the player name is empty')
  .max(200, 'longer than 200 characters');
