import type { ColumnSpec } from '../../../shared/columns/index.ts';
import type { BoardFacts } from '../../../shared/domain/board-facts.ts';
import { playerKey, rankedOf } from '../../../shared/domain/board-order.ts';
import type { BoardDetail, BoardEntry } from '../../../shared/domain/boards.ts';
import type { ChartTable } from '../../charts/chartExport.ts';
import { factText } from './boardFacts.ts';

/**
 * The board as a table for CSV and Excel: rank, tier, player, position, birth date, then the columns the
 * scout chose (position aside, written already) as the board shows them (numbers at its precision, `—`
 * where missing); no-interest last. `entries`: the rows in the order shown (the view's sort within tiers),
 * default the saved order; the rank is always the saved one.
 */
export function boardTable(
  d: BoardDetail,
  columns: readonly ColumnSpec[] = [],
  facts: BoardFacts | undefined = undefined,
  entries: readonly BoardEntry[] = d.entries,
): ChartTable {
  const ranks = new Map(rankedOf(d.entries).map((e) => [playerKey(e), e.rank]));
  const extra = columns.filter((c) => c.id !== 'position');
  return {
    columns: ['Rank', 'Tier', 'Player', 'Pos', 'Born', ...extra.map((c) => c.abbr)],
    rows: entries.map((e) => {
      const f = facts?.rows[playerKey(e)];
      return [
        String(ranks.get(playerKey(e)) ?? '—'),
        e.noInterest ? 'No interest' : (d.board.tiers[e.tier] ?? ''),
        e.name,
        f?.position ?? e.position ?? '—',
        e.dateOfBirth ?? '—',
        ...extra.map((c) => factText(c, f)),
      ];
    }),
  };
}
