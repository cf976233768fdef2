import type { StatBlock } from '../../../shared/domain/offline.ts';

/**
 * GAA and SV% over the lines an SQL GROUP BY gathers, by the rule of shared/domain/rates.ts's `goalieRates`: each
 * rate computed (unrounded) from the sums of its inputs over the lines that record both (GA with TOI
 * minutes; SA with GA), through the SQL functions `goals_against_average` and `save_percentage`
 * (refresh.ts's registerFormulas: the shared formulas themselves); where none does, the only line's own
 * value as the source gave it. The rows the store sorts by are so computed whether one stint made them or
 * several.
 */

/** The rates these expressions compute, by stat key. */
export type GoalieRateKey = 'GAA' | 'SVP';

/** Each rate's SQL function (registered on the store's connection) and the columns of its two inputs. */
const RATES: Record<GoalieRateKey, { fn: string; inputs: readonly [string, string] }> = {
  GAA: { fn: 'goals_against_average', inputs: ['GA', 'TOI'] },
  SVP: { fn: 'save_percentage', inputs: ['SA', 'GA'] },
};

/**
 * The aggregate SQL of rate `key` of `block` over the grouped rows of alias `a` (columns `<block>_<key>`).
 * `goalie`: whether the group is of goalie lines, as an SQL condition (`l.gl`) or known when the query is
 * written. A group of skating lines records neither GA nor SA, so its rate is the only line's own value:
 * that is written out without the function call (and needs no function where none is registered).
 */
export function goalieRateSql(a: string, block: StatBlock, key: GoalieRateKey, goalie: string | boolean): string {
  const { fn, inputs } = RATES[key];
  const [x, y] = inputs.map((k) => `${a}.${block}_${k}`) as [string, string];
  const own = `CASE WHEN COUNT(*) = 1 THEN MAX(${a}.${block}_${key}) END`;
  if (goalie === false) return own;
  const computed = `${fn}(SUM(CASE WHEN ${y} IS NOT NULL THEN ${x} END), SUM(CASE WHEN ${x} IS NOT NULL THEN ${y} END))`;
  if (goalie === true) return `COALESCE(${computed}, ${own})`;
  return `COALESCE(CASE WHEN ${goalie} THEN ${computed} END, ${own})`;
}
