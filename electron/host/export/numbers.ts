import { atDecimals, FORMAT_DECIMALS, withoutNoise } from '../../../shared/columns/precision.ts';
import type { ColumnSpec } from '../../../shared/columns/types.ts';
import type { ShownNumber } from './writer.ts';

/**
 * The decimals a number cell is written at: a shown number's own; else, in a numeric column, its catalog
 * format's (the table's precision: PTS/GP 2, adjusted points 0); else null (no precision known).
 */
export function decimalsFor(column: ColumnSpec | undefined, cell: number | ShownNumber): number | null {
  if (typeof cell !== 'number') return cell.decimals;
  return column?.numeric ? FORMAT_DECIMALS[column.format] : null;
}

/**
 * A number cell as a CSV writes it: rounded at {@link decimalsFor} (217.29999999999998 in a whole-number
 * column → 217), or without the binary noise of arithmetic when no precision is known.
 */
export function csvNumber(column: ColumnSpec | undefined, cell: number | ShownNumber): number {
  const decimals = decimalsFor(column, cell);
  const value = typeof cell === 'number' ? cell : cell.value;
  return decimals === null ? withoutNoise(value) : atDecimals(value, decimals);
}
