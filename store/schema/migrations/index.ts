import { migration as players } from './01-players.ts';
import { migration as sortColumns } from './02-sort-columns.ts';
import { migration as scoutingLists } from './03-scouting-lists.ts';
import { migration as syncRuns } from './04-sync-runs.ts';
import type { Migration } from './types.ts';

export type { Migration };

/** Every migration, in order: the one at index i takes a file to version i + 1. */
export const MIGRATIONS: readonly Migration[] = [players, sortColumns, scoutingLists, syncRuns];
