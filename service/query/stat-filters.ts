import { SEASON_STAT_KEYS, type SeasonStatKey, STAT_BLOCKS, type StatBlock } from '../../shared/contract/spec.ts';
import { STAT_BLOCK_PREFIX } from '../db/schema.ts';
import { badParameter } from './errors.ts';
import type { FilterDef } from './types.ts';

/** `m:ss` (TOI as real-service-notes, "Stat blocks", writes it: `60:00`). */
const MSS_RE = /^(\d{1,6}):([0-5]\d)$/;
const NUMBER_RE = /^-?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Parses a stat's minimum: a decimal number (`10`, `.900`, `2.5`), or for `TOI` also `m:ss`
 * (returned as minutes, the unit TOI is stored in). Throws a 400 naming the parameter.
 */
export function parseStatMin(raw: string, name: string, key: string): number {
  const v = raw.trim();
  const mss = key === 'TOI' ? MSS_RE.exec(v) : null;
  if (mss) return Number(mss[1]) + Number(mss[2]) / 60;
  if (NUMBER_RE.test(v)) return Number(v);
  throw badParameter(name, `Parameter '${name}' must be a number${key === 'TOI' ? ' or minutes as m:ss' : ''}`);
}

/**
 * Minimum filters on season stats, `<block>.<K>:min` for every stat block and key of the player
 * statistics record (`regularStats.GP:min=10`, `totalStats.SVP:min=.900`, `regularStats.TOI:min=60:00`):
 * rows whose stat is at least the value; a missing (NULL) stat never passes. The spec leaves the
 * filters of goaltending leaders after `leagueType` "not shown"; real-service-notes ("Stat blocks")
 * shows this form, and `:min` means greater or equal (spec, "Common conventions"). `alias` is the
 * player_stats table's alias in the operation's SQL.
 */
export function statMinFilters(alias: string): Record<`${StatBlock}.${SeasonStatKey}:min`, FilterDef> {
  return Object.fromEntries(
    STAT_BLOCKS.flatMap((block) =>
      SEASON_STAT_KEYS.map((key): [string, FilterDef] => [
        `${block}.${key}:min`,
        (raw, name) => ({
          sql: `${alias}.${STAT_BLOCK_PREFIX[block]}${key} >= ?`,
          params: [parseStatMin(raw, name, key)],
        }),
      ]),
    ),
  ) as Record<`${StatBlock}.${SeasonStatKey}:min`, FilterDef>;
}
