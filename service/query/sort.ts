import { sortOrderSql } from '../../shared/query/list-engine.ts';
import { badParameter } from './errors.ts';
import type { SortDef } from './types.ts';

/**
 * Turns `sort` (spec, "Common conventions": comma-separated keys, `-` for descending) into an ORDER BY
 * clause through the shared list-query engine (shared/query/list-engine.ts): NULLs last in both directions for
 * keys marked `nullable`, and the op's tie-break (ending in its id) always ends the clause, so paging is
 * deterministic. 400 naming `sort` and its allowed values for a key the op does not have.
 */
export function orderBy(raw: string, sorts: Record<string, SortDef>, tieBreak: string): string {
  const order = sortOrderSql(raw, sorts, tieBreak);
  if (!order.ok) throw badParameter(order.issue.parameter, order.issue.message, order.issue.allowed);
  return order.value;
}
