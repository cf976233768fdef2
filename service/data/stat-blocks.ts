/**
 * Season stat blocks (`regularStats`, `postseasonStats`, `totalStats`) as the generator and the importer
 * build them, and the arithmetic that keeps goalie numbers consistent:
 * SVS = SA − GA, SVP = SVS / SA (a fraction, 3 decimals: 0.915), GAA = GA · 60 / TOI (TOI in minutes,
 * 2 decimals), PPG = PTS / GP (points per game, real-service-notes "Stat blocks", 2 decimals).
 */

import type { SeasonStatKey } from '../../shared/contract/spec.ts';
import { SEASON_STAT_KEYS } from '../../shared/contract/spec.ts';
import { STAT_BLOCK_COLUMNS, type StatBlockName } from '../db/schema.ts';

/** One stat block; a missing or null key is "not known" and stored as NULL. */
export type StatLine = Partial<Record<SeasonStatKey, number | null>>;

const RATE_KEYS = new Set<SeasonStatKey>(['SVP', 'GAA', 'PPG']);

const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/**
 * Fills the derived keys of a block in place and returns it: SVS from SA and GA, SVP from SVS and SA,
 * GAA from GA and TOI (goalie blocks, i.e. when TOI and GA are known and SA/TOI are > 0), PTS from
 * G and A when missing, PPG from PTS and GP. Never invents a base number: a derived key stays null when
 * an input is null.
 */
export function completeLine(line: StatLine, goalie: boolean): StatLine {
  if (line.PTS == null && line.G != null && line.A != null) line.PTS = line.G + line.A;
  line.PPG = line.PTS != null && line.GP ? round(line.PTS / line.GP, 2) : null;
  if (goalie) {
    line.SVS = line.SA != null && line.GA != null ? line.SA - line.GA : null;
    line.SVP = line.SVS != null && line.SA ? round(line.SVS / line.SA, 3) : null;
    line.GAA = line.GA != null && line.TOI ? round((line.GA * 60) / line.TOI, 2) : null;
  }
  return line;
}

/**
 * Goalie exposure keys: a total of GA, SA or TOI is known only when every played block knows it, because
 * SVS, SVP and GAA divide one by another (a regular-season SA with an unknown playoff SA would pair all the
 * goals with only part of the shots).
 */
const GOALIE_EXPOSURE_KEYS = new Set<SeasonStatKey>(['GA', 'SA', 'TOI']);

/**
 * The total of blocks (regular + postseason): counting keys add up, rate keys are recomputed.
 * A block with no games (null or GP 0) is ignored. A key is the sum of the played blocks that know it: a
 * block lacking it counts as zero where another block has it (the Databank leaves playoff ties empty), and
 * the total is null only when no played block knows it. Goalie GA, SA and TOI are the exception: null
 * unless every played block knows them.
 */
export function sumLines(blocks: readonly (StatLine | null)[], goalie: boolean): StatLine {
  const played = blocks.filter((b): b is StatLine => b != null && (b.GP ?? 0) > 0);
  const total: StatLine = {};
  for (const k of SEASON_STAT_KEYS) {
    if (RATE_KEYS.has(k) || (goalie && k === 'SVS')) continue;
    const known = played.filter((b) => b[k] != null);
    const complete = goalie && GOALIE_EXPOSURE_KEYS.has(k) ? known.length === played.length : known.length > 0;
    total[k] = played.length > 0 && complete ? known.reduce((s, b) => s + (b[k] ?? 0), 0) : null;
  }
  if (played.length === 0) {
    // Nothing was played: keep the only block's shape (e.g. GP 0) rather than all nulls.
    const only = blocks.find((b) => b != null);
    if (only) Object.assign(total, only);
    return completeLine(total, goalie);
  }
  return completeLine(total, goalie);
}

/** The flattened columns of a block for `player_stats` (`reg_GP`, `post_SVP`, …). */
export function blockColumns(block: StatBlockName, line: StatLine | null): Record<string, number | null> {
  const names = STAT_BLOCK_COLUMNS[block];
  const out: Record<string, number | null> = {};
  for (let i = 0; i < SEASON_STAT_KEYS.length; i++) {
    out[names[i] as string] = line?.[SEASON_STAT_KEYS[i] as SeasonStatKey] ?? null;
  }
  return out;
}
