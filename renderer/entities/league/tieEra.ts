import type { ColumnSpec } from '../../../shared/columns/index.ts';
import { seasonStartYear } from '../../../shared/contract/records/season.ts';

/**
 * How the Databank's `T` reads by era: ties up to 2003-04, overtime and shootout losses from 2005-06. A
 * goalie's line on the team page and on the player page labels its T column by the seasons it shows.
 */

/** The first season whose `T` holds overtime and shootout losses (2005-06; 2004-05 was not played). */
export const OTL_ERA_START_YEAR = 2005;

/** How the Databank's `T` reads in the seasons shown: ties, overtime losses, or both across eras. */
export type TieEra = 'T' | 'OTL' | 'T/OTL';

/** The era of a set of season slugs: `T` before 2005-06, `OTL` from it, `T/OTL` when they span both. */
export function tieEra(seasons: readonly string[]): TieEra {
  const years = seasons.map(seasonStartYear).filter((y) => Number.isFinite(y));
  const before = years.some((y) => y < OTL_ERA_START_YEAR);
  const after = years.some((y) => y >= OTL_ERA_START_YEAR);
  return before && after ? 'T/OTL' : after ? 'OTL' : 'T';
}

/** The T column as the era reads it: its header, tooltip and better direction. */
export function labelTieColumn(column: ColumnSpec, era: TieEra, blockTitle: string): ColumnSpec {
  if (era === 'T') return column;
  if (era === 'OTL') {
    return {
      ...column,
      label: 'OTL',
      abbr: 'OTL',
      title: `Overtime and shootout losses, ${blockTitle} (the Databank's T/OL column holds them from 2005-06)`,
      better: 'lower',
      sortDescFirst: false,
    };
  }
  return {
    ...column,
    label: 'T/OTL',
    abbr: 'T/OTL',
    title: `Ties up to 2003-04, overtime and shootout losses from 2005-06, ${blockTitle}`,
  };
}
