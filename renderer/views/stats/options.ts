import { STAT_BLOCK_LABELS } from '../../../shared/columns/index.ts';
import type { LeaderMode } from '../../../shared/domain/leaders.ts';
import { STAT_BLOCKS } from '../../../shared/domain/offline.ts';
import { positionOptions } from '../../format/index.ts';

/** The stats browser's own controls, pure: its filters' and switches' options, and the line under its title. */

/** Skater positions a scout filters by: `F` is every forward (C, LW, RW, F). */
export const SKATER_POSITION_OPTIONS = positionOptions(['F', 'C', 'LW', 'RW', 'D'], true);

/** The stat blocks of the switch. */
export const BLOCK_OPTIONS = STAT_BLOCKS.map((b) => ({ value: b, label: STAT_BLOCK_LABELS[b] }));

/** The two modes of the switch. */
export const MODE_OPTIONS = [
  { value: 'seasons', label: 'Single seasons' },
  { value: 'totals', label: 'Totals over the range' },
] as const satisfies readonly { value: LeaderMode; label: string }[];

/**
 * The line under the view's title: how many rows the filters give (`count`, already worded, or undefined
 * while none has come), or why not. After a download the store prepares the stats browser's rows
 * (`preparing`, shared/domain/offline.ts SyncProgress) and answers nothing else until it is done, which after a
 * large download is long enough to wonder: the line says so rather than "Loading…", and that the rows on
 * screen are refreshed when it is done.
 */
export function statsHeadline(p: { count: string | undefined; failed: boolean; preparing: boolean }): string {
  if (p.count !== undefined)
    return p.preparing ? `${p.count} · preparing the downloaded rows, shown when ready…` : p.count;
  if (p.failed) return 'The leaders could not be loaded';
  return p.preparing ? 'Preparing the downloaded rows for the stats browser…' : 'Loading…';
}
