import type { Migration } from '../../../common/migration.ts';
import { migration as players } from './01-players.ts';
import { migration as sortColumns } from './02-sort-columns.ts';
import { migration as scoutingLists } from './03-scouting-lists.ts';
import { migration as playerAgency } from './04-player-agency.ts';
import { migration as positionsDraft } from './05-positions-draft.ts';
import { migration as playerSeasons } from './06-player-seasons.ts';
import { migration as nameWords } from './07-name-words.ts';
import { migration as syncRuns } from './08-sync-runs.ts';
import { migration as nhle } from './09-nhle.ts';
import { migration as dirtyMarks } from './10-dirty-marks.ts';
import { migration as unitDigests } from './11-unit-digests.ts';
import { migration as moreSortIndexes } from './12-more-sort-indexes.ts';
import { migration as keptFactors } from './13-kept-factors.ts';
import { migration as adjustedPointsIndex } from './14-adjusted-points-index.ts';
import { migration as rateIndexes } from './15-rate-indexes.ts';
import { migration as playerSortIndexes } from './16-player-sort-indexes.ts';
import { migration as blockIndexes } from './17-block-indexes.ts';
import { migration as searchMarks } from './18-search-marks.ts';
import { migration as searchPrefixes } from './19-search-prefixes.ts';
import { migration as ratesAndPositionGroups } from './20-rates-and-position-groups.ts';

export type { Migration };

/** Every migration, in order: the one at index i takes a file to version i + 1. */
export const MIGRATIONS: readonly Migration[] = [
  players,
  sortColumns,
  scoutingLists,
  playerAgency,
  positionsDraft,
  playerSeasons,
  nameWords,
  syncRuns,
  nhle,
  dirtyMarks,
  unitDigests,
  moreSortIndexes,
  keptFactors,
  adjustedPointsIndex,
  rateIndexes,
  playerSortIndexes,
  blockIndexes,
  searchMarks,
  searchPrefixes,
  ratesAndPositionGroups,
];
